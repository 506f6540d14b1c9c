import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import type { Athlete } from '../../../lib/currentAthlete';
import { JournalBrowser } from './JournalBrowser';
import { aFamilyAthlete, anAthlete, aPrompt, anEnhancedEntry, someStats } from '../../../test/fixtures';
import { stubFetch, type StubRoutes } from '../../../test/fetch';

// The Journal page as each access level sees it (docs/API.md, "Family circle and access levels").

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** A shared entry (the server never sends private ones to the family), favorited, enhanced, with a tag to suggest. */
const entry = anEnhancedEntry({ athleteId: 9, isPrivate: false, isFavorite: true });

function renderAs(athlete: Athlete, { entries = [entry], routes = {} as StubRoutes } = {}) {
  const id = athlete.id;
  const stub = stubFetch({
    'GET /api/athletes': { body: [athlete] },
    [`GET /api/athletes/${id}/journal?limit=20`]: { body: entries },
    [`GET /api/athletes/${id}/journal/stats`]: { body: someStats() },
    [`GET /api/journal-prompts?athleteId=${id}`]: { body: [aPrompt({ id: 3, source: 'custom', title: 'Pressure' })] },
    [`GET /api/athletes/${id}/journal-prompts/generate`]: { body: { status: 'none' } },
    'GET /api/user/settings': { body: { weeklyPromptReminders: true } },
    ...routes,
  });
  renderWithProviders(<JournalBrowser />, { route: '/journal', user: testUser });
  return stub;
}

async function menuItems() {
  const card = await screen.findByRole('article', { name: entry.title });
  fireEvent.click(within(card).getByRole('button', { name: 'Entry actions' }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

describe('Journal page for a viewer', () => {
  it('shows the entries read-only: no New Entry, Edit, privacy, Delete, favorite toggle or Add tag', async () => {
    renderAs(aFamilyAthlete('viewer'));

    const card = await screen.findByRole('article', { name: entry.title });
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.getByText("Maya Chen's reflections, games and milestones.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Season Story' })).toBeNull();
    expect(within(card).getByRole('img', { name: 'Favorite' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /favorites/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Add tag/ })).toBeNull();
    expect(await menuItems()).toEqual(['Copy content']);
    expect(screen.queryByText('Limited access — you see what the family shared with you')).toBeNull();
  });

  it('shows no writing tools: no assistant, prompts or reminders, and an empty state that fits', async () => {
    renderAs(aFamilyAthlete('viewer'), { entries: [] });
    expect(await screen.findByText('No journal entries shared with you yet')).toBeTruthy();
    expect(screen.getByText('Entries the family shares with you will appear here.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Journaling Assistant/ })).toBeNull();
    expect(screen.queryByText('Weekly prompt reminders')).toBeNull();
    expect(screen.queryByText('No journal entries yet')).toBeNull();
    expect(screen.queryByText('Tags you add to entries will show here.')).toBeNull();
  });

  it('tells a limited member they see what was shared with them', async () => {
    renderAs(aFamilyAthlete('limited'));
    expect(await screen.findByText('Limited access — you see what the family shared with you')).toBeTruthy();
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Entry' })).toBeNull();
  });
});

describe('Responses on the Journal page', () => {
  it('lets a viewer, who may edit nothing, react and comment; the journal is read again for the count', async () => {
    let comments: unknown[] = [];
    const list = 'GET /api/athletes/9/journal?limit=20';
    const { calls } = renderAs(aFamilyAthlete('viewer'), {
      routes: {
        // The server's list counts what was posted.
        [list]: () => ({ body: [{ ...entry, commentCount: comments.length, reactions: { counts: { '❤️': 1 }, mine: null } }] }),
        'GET /api/journal/1/comments': () => ({ body: comments }),
        'POST /api/journal/1/comments': (body) => {
          const posted = { id: 3, body: (body as { body: string }).body, authorName: 'Ana Rivera', createdAt: '2025-04-13T10:00:00Z', updatedAt: '2025-04-13T10:00:00Z', edited: false, mine: true, canDelete: true };
          comments = [posted];
          return { status: 201, body: posted };
        },
        'PUT /api/journal/1/reaction': { body: { counts: { '❤️': 2 }, mine: '❤️' } },
      },
    });

    const card = await screen.findByRole('article', { name: entry.title });
    fireEvent.click(await within(card).findByRole('button', { name: 'React with ❤️ (1)' }));
    expect((await within(card).findByRole('button', { name: 'React with ❤️ (2)' })).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    fireEvent.change(await within(card).findByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Proud of you' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Post' }));

    expect(within(await within(card).findByRole('list', { name: 'Comments' })).getByText('Proud of you')).toBeTruthy();
    expect(within(card).getByRole('button', { name: '1 comment' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === list).length).toBeGreaterThan(1));
    expect(within(card).getByRole('button', { name: '1 comment' })).toBeTruthy();
  });
});

describe('Journal page for those who may edit', () => {
  it.each([
    ['an editor', aFamilyAthlete('editor')],
    ['the owner', anAthlete({ id: 9 })],
  ])('offers %s New Entry, the favorite toggle and every entry action', async (_, athlete) => {
    renderAs(athlete);

    const card = await screen.findByRole('article', { name: entry.title });
    expect(screen.getByRole('button', { name: 'New Entry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Season Story' })).toBeTruthy();
    expect(screen.queryByText('View only')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Add tag Pitching' })).toBeTruthy();
    expect(await menuItems()).toEqual(['Edit', 'Make private', 'Copy content', 'Revert to original', 'Delete']);
    expect(screen.getByRole('button', { name: 'Create custom prompt' })).toBeTruthy();
  });
});

describe('Journal page for an admin', () => {
  it('offers no writing tools: an admin manages the family circle, not the content', async () => {
    renderAs(aFamilyAthlete('admin'));

    await screen.findByRole('article', { name: entry.title });
    expect(screen.queryByRole('button', { name: 'New Entry' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Season Story' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create custom prompt' })).toBeNull();
  });
});
