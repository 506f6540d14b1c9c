import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import type { SeasonBook } from '../api';
import { SeasonStoryButton } from './SeasonStoryButton';

const owner = { id: 7, name: 'Jordan Rivera', sports: 'Baseball', isOwner: true };

const aBook = (overrides: Partial<SeasonBook> = {}): SeasonBook => ({
  id: 3, athleteId: 7, title: "Jordan's 2026 Spring", from: '2026-02-01', to: '2026-06-30',
  include: { journal: true, aiVersions: false, milestones: true, achievements: true, stats: true, media: true },
  includePrivate: false, status: 'pending', statusReason: '', mediaId: null, url: null, createdAt: '2026-11-27T10:00:00Z', ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Season Story dialog', () => {
  it('asks for the season the athlete played, draws the book and links its PDF', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    let polls = 0;
    const { calls } = stubFetch({
      'GET /api/athletes/7/season-books': { body: [] },
      'POST /api/athletes/7/season-books': { status: 202, body: aBook() },
      'GET /api/season-books/3': () => {
        polls++;
        return { body: polls < 2 ? aBook({ status: 'processing' }) : aBook({ status: 'ready', mediaId: 40, url: '/api/uploads/book.pdf' }) };
      },
    });
    renderWithProviders(<SeasonStoryButton athlete={owner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));
    expect(((await screen.findByLabelText(/Title/)) as HTMLInputElement).value).toBe("Jordan's 2026 Spring");
    expect((screen.getByLabelText(/From/) as HTMLInputElement).value).toBe('2026-02-01');
    expect((screen.getByLabelText(/To/) as HTMLInputElement).value).toBe('2026-06-30');
    fireEvent.click(screen.getByLabelText('AI-polished versions beside them'));
    fireEvent.click(screen.getByLabelText('Include private entries and clips'));
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));

    expect(await screen.findByText('Drawing your book…')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open the PDF' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe('/api/uploads/book.pdf');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: "Jordan's 2026 Spring", from: '2026-02-01', to: '2026-06-30', includePrivate: true,
      include: { journal: true, aiVersions: true, milestones: true, achievements: true, stats: true, media: true },
    });
  });

  it('offers an editor no private entries, and shows the server’s field messages', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes/7/season-books': { body: [] },
      'POST /api/athletes/7/season-books': { status: 400, body: { message: 'A book covers at most two years', errors: { to: 'A book covers at most two years' } } },
    });
    renderWithProviders(<SeasonStoryButton athlete={{ ...owner, isOwner: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));
    expect(await screen.findByText(/Only the athlete’s owner can include private entries/)).toBeTruthy();
    expect(screen.queryByLabelText('Include private entries and clips')).toBeNull();

    for (const part of ['Journal entries', 'Milestones', 'Achievement cards', 'Season stats', 'Clips, with a QR code each']) {
      fireEvent.click(screen.getByLabelText(part));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));
    expect(await screen.findByText('Choose at least one part of the season to include')).toBeTruthy();
    const posts = () => calls.filter((c) => c.method === 'POST');
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Journal entries'));
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));
    expect(await screen.findByText('A book covers at most two years')).toBeTruthy();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((posts()[0]!.body as { includePrivate: boolean }).includePrivate).toBe(false);
  });

  it('lists the books made before, opens a drawn one’s PDF and deletes one after asking', async () => {
    const spring = aBook({ id: 3, status: 'ready', mediaId: 40, url: '/api/uploads/book.pdf' });
    const fall = aBook({ id: 4, title: "Jordan's 2025 Fall", from: '2025-08-01', to: '2025-11-30', status: 'processing' });
    const older = aBook({ id: 2, title: 'Summer camp', from: '2025-07-01', to: '2025-08-31', status: 'failed', statusReason: 'The book could not be drawn.' });
    const { calls, routes } = stubFetch({
      'GET /api/athletes/7/season-books': { body: [fall, spring], headers: { 'X-Next-Cursor': 'c2' } },
      'GET /api/athletes/7/season-books?cursor=c2': { body: [older] },
      'DELETE /api/season-books/3': { status: 204 },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<SeasonStoryButton athlete={owner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));

    const books = await screen.findByRole('region', { name: 'Your Season Story books' });
    const springRow = await within(books).findByRole('listitem', { name: "Jordan's 2026 Spring" });
    expect(within(springRow).getByText('Feb 1, 2026 – Jun 30, 2026')).toBeTruthy();
    expect(within(springRow).getByRole('link', { name: "Open the PDF of Jordan's 2026 Spring" }).getAttribute('href')).toBe('/api/uploads/book.pdf');
    const fallRow = within(books).getByRole('listitem', { name: "Jordan's 2025 Fall" });
    expect(within(fallRow).getByText('Aug 1, 2025 – Nov 30, 2025 · Drawing…')).toBeTruthy();
    expect(within(fallRow).queryByRole('link')).toBeNull();

    fireEvent.click(within(books).getByRole('button', { name: 'Show more' }));
    const olderRow = await within(books).findByRole('listitem', { name: 'Summer camp' });
    expect(within(olderRow).getByText(/Not made · The book could not be drawn\./)).toBeTruthy();

    routes['GET /api/athletes/7/season-books'] = { body: [fall], headers: {} };
    fireEvent.click(within(springRow).getByRole('button', { name: "Delete Jordan's 2026 Spring" }));
    expect(confirm).toHaveBeenCalledWith("Delete “Jordan's 2026 Spring”? Its PDF is deleted from the media library too.");
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/season-books/3')).toBe(true));
    await waitFor(() => expect(within(books).queryByRole('listitem', { name: "Jordan's 2026 Spring" })).toBeNull());
  });

  it('deletes nothing when the question is answered no', async () => {
    const { calls } = stubFetch({ 'GET /api/athletes/7/season-books': { body: [aBook({ status: 'ready', mediaId: 40, url: '/api/uploads/book.pdf' })] } });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithProviders(<SeasonStoryButton athlete={owner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));
    fireEvent.click(await screen.findByRole('button', { name: "Delete Jordan's 2026 Spring" }));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
