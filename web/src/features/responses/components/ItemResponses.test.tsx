import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import { renderWithProviders, testUser } from '../../../test/render';
import type { Comment, Reactions } from '../api';
import { ItemResponses } from './ItemResponses';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const aComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 11,
  body: 'What a game!',
  authorName: 'Grandma Rose',
  createdAt: '2025-04-12T21:00:00Z',
  updatedAt: '2025-04-12T21:00:00Z',
  edited: false,
  mine: false,
  canDelete: false,
  ...overrides,
});

const mine = aComment({ id: 12, body: 'Proud of you', authorName: 'Ana Rivera', mine: true, canDelete: true });

function renderResponses(routes: StubRoutes, props: { commentCount?: number; reactions?: Reactions } = {}) {
  const stub = stubFetch(routes);
  renderWithProviders(<ItemResponses itemType="journal" itemId={5} {...props} />, { route: '/journal', user: testUser });
  return stub;
}

/** Opens the comments with the toggle that reads `label`, and answers the list once it shows. */
async function openComments(label: string) {
  const toggle = screen.getByRole('button', { name: label });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  return screen.findByRole('list', { name: 'Comments' });
}

/** The comment by `author` (a list item is not named: a screen reader reads it whole). */
const item = (list: HTMLElement, author: string) => within(within(list).getByText(author).closest('li')!);
const authors = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);

describe('ItemResponses comments', () => {
  it('reads nothing until opened, then lists the comments oldest first, a page at a time', async () => {
    const { calls } = renderResponses(
      {
        'GET /api/journal/5/comments': { body: [aComment(), aComment({ id: 13, authorName: 'Coach Lee', body: 'Great arm', edited: true })], headers: { 'X-Next-Cursor': 'c2' } },
        'GET /api/journal/5/comments?cursor=c2': { body: [mine] },
      },
      { commentCount: 3 },
    );
    expect(calls).toEqual([]);

    const list = await openComments('3 comments');
    expect(authors(list)).toEqual(['Grandma Rose', 'Coach Lee']);
    expect(item(list, 'Grandma Rose').getByText('What a game!')).toBeTruthy();
    expect(item(list, 'Grandma Rose').getByText('Apr 12, 2025')).toBeTruthy();
    expect(item(list, 'Grandma Rose').queryByText('(edited)')).toBeNull();
    expect(item(list, 'Coach Lee').getByText('(edited)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await within(list).findByText('Ana Rivera')).toBeTruthy();
    expect(authors(list)).toEqual(['Grandma Rose', 'Coach Lee', 'Ana Rivera']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull());
  });

  it('offers Edit on your own comment and Delete where canDelete says so, and neither on the others', async () => {
    renderResponses({
      'GET /api/journal/5/comments': { body: [aComment(), mine, aComment({ id: 14, authorName: 'Sam Rivera', canDelete: true })] },
    });
    const list = await openComments('Comment');

    expect(item(list, 'Grandma Rose').queryByRole('button')).toBeNull();
    expect(item(list, 'Ana Rivera').getByRole('button', { name: 'Edit comment' })).toBeTruthy();
    expect(item(list, 'Ana Rivera').getByRole('button', { name: 'Delete comment by Ana Rivera' })).toBeTruthy();
    expect(item(list, 'Sam Rivera').queryByRole('button', { name: 'Edit comment' })).toBeNull();
    expect(item(list, 'Sam Rivera').getByRole('button', { name: 'Delete comment by Sam Rivera' })).toBeTruthy();
  });

  it('posts a comment, shows it at the end and counts it', async () => {
    const { calls } = renderResponses(
      {
        'GET /api/journal/5/comments': { body: [aComment()] },
        'POST /api/journal/5/comments': (body) => ({ status: 201, body: { ...mine, id: 20, body: (body as { body: string }).body } }),
      },
      { commentCount: 1 },
    );
    const list = await openComments('1 comment');

    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: 'See you at practice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));

    expect(await within(list).findByText('See you at practice')).toBeTruthy();
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('What a game!'),
      expect.stringContaining('See you at practice'),
    ]);
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/journal/5/comments', body: { body: 'See you at practice' } });
    expect(screen.getByRole('button', { name: '2 comments' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Write a comment' }) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's refusal under the field, and asks for words before sending an empty one", async () => {
    const { calls } = renderResponses({
      'GET /api/journal/5/comments': { body: [] },
      'POST /api/journal/5/comments': {
        status: 400,
        body: { message: 'A comment is at most 2,000 characters', errors: { body: 'A comment is at most 2,000 characters' } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Write a comment' });
    expect(field.getAttribute('maxlength')).toBe('2000');

    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Write a comment first')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'x'.repeat(1900) } });
    expect(screen.getByText('1,900 / 2,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('A comment is at most 2,000 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Failed to post comment')).toBeNull();
  });

  it('edits your own comment with PUT and shows the answer', async () => {
    const { calls } = renderResponses({
      'GET /api/journal/5/comments': { body: [mine] },
      'PUT /api/comments/12': (body) => ({ body: { ...mine, body: (body as { body: string }).body, edited: true } }),
    });
    const list = await openComments('Comment');

    fireEvent.click(within(list).getByRole('button', { name: 'Edit comment' }));
    const field = within(list).getByRole('textbox', { name: 'Edit your comment' });
    expect((field as HTMLTextAreaElement).value).toBe('Proud of you');
    fireEvent.change(field, { target: { value: 'So proud of you' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));

    // The field closes on the answer, which takes the comment's place.
    await waitFor(() => expect(within(list).queryByRole('textbox')).toBeNull());
    expect(within(list).getByText('So proud of you')).toBeTruthy();
    expect(within(list).getByText('(edited)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/comments/12', body: { body: 'So proud of you' } });
  });

  it('deletes a comment only once confirmed, and counts it out', async () => {
    const other = aComment({ id: 14, authorName: 'Sam Rivera', body: 'Off topic', canDelete: true });
    const { calls } = renderResponses(
      { 'GET /api/journal/5/comments': { body: [aComment(), other] }, 'DELETE /api/comments/14': { status: 204 } },
      { commentCount: 2 },
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const list = await openComments('2 comments');

    fireEvent.click(within(list).getByRole('button', { name: 'Delete comment by Sam Rivera' }));
    expect(confirm).toHaveBeenCalledWith('Delete this comment? This cannot be undone.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(list).getByRole('button', { name: 'Delete comment by Sam Rivera' }));
    await waitFor(() => expect(within(list).queryByText('Off topic')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')).toEqual({ method: 'DELETE', url: '/api/comments/14', body: undefined });
    expect(screen.getByRole('button', { name: '1 comment' })).toBeTruthy();
  });

  it('shows a body as the plain text it is: no markup, no links, its line breaks kept', async () => {
    const body = '<b>Home run</b> — video at https://example.com/clip\nsecond line';
    renderResponses({ 'GET /api/journal/5/comments': { body: [aComment({ body })] } });
    const list = await openComments('Comment');

    const shown = within(list).getByText((_, el) => el?.tagName === 'P' && el.textContent === body);
    expect(getComputedStyle(shown).whiteSpace).toBe('pre-wrap');
    expect(list.querySelector('b')).toBeNull();
    expect(within(list).queryByRole('link')).toBeNull();
  });
});

describe('ItemResponses reactions', () => {
  it('shows the six reactions with their counts and your own pressed', () => {
    renderResponses({}, { reactions: { counts: { '❤️': 2, '🔥': 1 }, mine: '❤️' } });
    const bar = screen.getByRole('group', { name: 'Reactions' });
    expect(within(bar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'React with ❤️ (2)',
      'React with 👏',
      'React with 🔥 (1)',
      'React with 💪',
      'React with 😂',
      'React with 😮',
    ]);
    expect(within(bar).getByRole('button', { name: 'React with ❤️ (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).getByRole('button', { name: 'React with 🔥 (1)' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reacts with PUT {emoji}, changes with another PUT, and takes it back with DELETE', async () => {
    const { calls } = renderResponses({
      'PUT /api/journal/5/reaction': (body) => {
        const { emoji } = body as { emoji: string };
        return { body: { counts: { '❤️': 1, [emoji]: (emoji === '❤️' ? 1 : 0) + 1 }, mine: emoji } };
      },
      'DELETE /api/journal/5/reaction': { body: { counts: { '❤️': 1 }, mine: null } },
    }, { reactions: { counts: { '❤️': 1 }, mine: null } });

    fireEvent.click(screen.getByRole('button', { name: 'React with 🔥' }));
    // Optimistic: pressed before the answer.
    expect(screen.getByRole('button', { name: 'React with 🔥 (1)' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'React with ❤️ (1)' }));
    expect((await screen.findByRole('button', { name: 'React with ❤️ (2)' })).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'React with 🔥' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'React with ❤️ (2)' }));
    expect((await screen.findByRole('button', { name: 'React with ❤️ (1)' })).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/journal/5/reaction', body: { emoji: '🔥' } },
      { method: 'PUT', url: '/api/journal/5/reaction', body: { emoji: '❤️' } },
      { method: 'DELETE', url: '/api/journal/5/reaction', body: undefined },
    ]);
  });

  it('takes an optimistic reaction back, with a toast, when the server refuses it', async () => {
    renderResponses({ 'PUT /api/journal/5/reaction': { status: 500, body: { message: 'Could not save the reaction' } } });

    fireEvent.click(screen.getByRole('button', { name: 'React with 👏' }));
    expect(screen.getByRole('button', { name: 'React with 👏 (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Failed to save your reaction')).toBeTruthy();
    expect(screen.getByText('Could not save the reaction')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'React with 👏' }).getAttribute('aria-pressed')).toBe('false');
  });
});
