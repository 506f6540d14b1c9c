import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ActivityFeed } from './ActivityFeed';
import { activityKeys } from '../queries';
import { MainNav } from '../../../components/layout/MainNav';
import { anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import type { Activity } from '../api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FEED = '/api/athletes/7/activity';
const SEEN = 'PUT /api/athletes/7/activity/seen';

/** A row as the server answers it; each test says what it is about. */
function anActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    kind: 'journal',
    id: 1,
    at: new Date(Date.now() - 5 * 60_000).toISOString(),
    actorName: '',
    itemType: 'journal',
    itemId: 1,
    title: 'Regional final',
    unread: false,
    ...overrides,
  };
}

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'GET /api/athletes': { body: [anAthlete()] },
    [SEEN]: { body: { unread: 0 } },
    ...overrides,
  };
}

function renderFeed() {
  return renderWithProviders(<ActivityFeed />, { route: '/activity', user: testUser });
}

/** The feed's rows: each is one link. */
const rows = () => within(screen.getByRole('list', { name: "What's new" })).getAllByRole('link');

describe("What's new", () => {
  it('says each kind in plain words and links to where the item lives', async () => {
    stubFetch(
      routes({
        [`GET ${FEED}`]: {
          body: [
            anActivity({ kind: 'comment', id: 1, actorName: 'Grandma Rose', itemType: 'media', itemId: 5, title: 'First pitch', excerpt: 'Look at that swing!' }),
            anActivity({ kind: 'reaction', id: 2, actorName: 'Ana Lee', itemType: 'media', itemId: 5, title: 'First pitch', emoji: '👏' }),
            anActivity({ kind: 'media', id: 5, itemType: 'media', itemId: 5, title: 'First pitch', mediaType: 'image', thumbnailUrl: '/api/uploads/t5.jpg' }),
            anActivity({ kind: 'media', id: 6, itemType: 'media', itemId: 6, title: 'Bullpen', mediaType: 'video', actorName: 'Sam Rivera' }),
            anActivity({ kind: 'journal', id: 3, itemType: 'journal', itemId: 3, title: 'Regional final' }),
            anActivity({ kind: 'milestone', id: 4, itemType: 'milestone', itemId: 4, title: 'First start' }),
            anActivity({ kind: 'achievement', id: 8, itemType: 'achievement', itemId: 8, title: 'All-State' }),
            anActivity({ kind: 'comment', id: 9, itemType: 'milestone', itemId: 4, title: 'First start', excerpt: 'So proud' }),
          ],
        },
      }),
    );
    renderFeed();

    await screen.findByRole('list', { name: "What's new" });
    const shown = rows().map((row) => [row.querySelector('p')?.textContent, row.getAttribute('href')]);
    expect(shown).toEqual([
      ['Grandma Rose commented on “First pitch”: Look at that swing!', '/media?athlete=7'],
      ['Ana Lee reacted 👏 to “First pitch”', '/media?athlete=7'],
      ['New photo: “First pitch”', '/media?athlete=7'],
      ['New video: “Bullpen”', '/media?athlete=7'],
      ['New journal entry: “Regional final”', '/journal?athlete=7'],
      ['New milestone: “First start”', '/milestones?athlete=7'],
      ['New achievement: “All-State”', '/showcase?athlete=7'],
      // Nobody named: the name is left out.
      ['New comment on “First start”: So proud', '/milestones?athlete=7'],
    ]);
    const [, , photo, video] = rows();
    expect(photo!.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/t5.jpg');
    expect(within(photo!).getByText('5 minutes ago').tagName).toBe('TIME');
    expect(within(video!).getByText(/Added by Sam Rivera/)).toBeTruthy();
    expect(video!.querySelector('img')).toBeNull();
  });

  it('marks the unread rows for the eye and for screen readers', async () => {
    stubFetch(
      routes({
        [`GET ${FEED}`]: {
          body: [
            anActivity({ id: 2, title: 'New one', unread: true }),
            anActivity({ id: 1, title: 'Old one', unread: false }),
          ],
        },
      }),
    );
    renderFeed();

    expect(await screen.findByRole('link', { name: /^Unread: New journal entry: “New one”/ })).toBeTruthy();
    const [newer, older] = rows();
    expect(within(newer!).getByText('New journal entry: “New one”').style.fontWeight).toBe('700');
    expect(within(older!).queryByText(/Unread/)).toBeNull();
    expect(within(older!).getByText('New journal entry: “Old one”').style.fontWeight).toBe('400');
  });

  it('says "Nothing new yet" when there is nothing', async () => {
    stubFetch(routes({ [`GET ${FEED}`]: { body: [] } }));
    renderFeed();
    expect(await screen.findByText('Nothing new yet')).toBeTruthy();
    expect(screen.getByText(/show up here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('loads the next page with the cursor, its rows still marked when they were new on opening', async () => {
    stubFetch(
      routes({
        'GET /api/athletes/7/activity/unread': { body: { unread: 3 } },
        [`GET ${FEED}`]: {
          body: [anActivity({ id: 3, title: 'Third', unread: true }), anActivity({ id: 2, title: 'Second', unread: true })],
          headers: { 'X-Next-Cursor': 'c2' },
        },
        // Asked after the page told the server the member looked: it answers every row read.
        [`GET ${FEED}?cursor=c2`]: { body: [anActivity({ id: 1, title: 'First', unread: false }), anActivity({ id: 0, title: 'Zeroth' })] },
      }),
    );
    renderWithProviders(
      <>
        <MainNav />
        <ActivityFeed />
      </>,
      { route: '/activity', user: testUser },
    );

    // The navigation has counted three new rows by the time the feed opens.
    await screen.findByRole('link', { name: "What's new, 3 unread" });
    await screen.findByRole('link', { name: /“Second”/ });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: /“Zeroth”/ });

    expect(rows().map((row) => row.textContent?.startsWith('Unread:'))).toEqual([true, true, true, false]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('tells the server the member looked, once, after the first page, and the count goes to 0', async () => {
    let unread = 2;
    const { calls } = stubFetch(
      routes({
        'GET /api/athletes/7/activity/unread': () => ({ body: { unread } }),
        [`GET ${FEED}`]: { body: [anActivity({ id: 2, unread: true }), anActivity({ id: 1, unread: true })], headers: { 'X-Next-Cursor': 'c2' } },
        [`GET ${FEED}?cursor=c2`]: { body: [anActivity({ id: 0 })] },
        [SEEN]: () => {
          unread = 0;
          return { body: { unread: 0 } };
        },
      }),
    );
    renderWithProviders(
      <>
        <MainNav />
        <ActivityFeed />
      </>,
      { route: '/activity', user: testUser },
    );

    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === SEEN)).toHaveLength(1));
    const feedAsked = calls.findIndex((c) => c.url === FEED);
    expect(calls.findIndex((c) => `${c.method} ${c.url}` === SEEN)).toBeGreaterThan(feedAsked);
    expect(await screen.findByRole('link', { name: "What's new" })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls.filter((c) => `${c.method} ${c.url}` === SEEN)).toHaveLength(1);
  });

  it('clears the count even when it was asked for before the server was told', async () => {
    const { calls } = stubFetch(
      routes({
        // The navigation's count is still on its way when the page tells the server the member looked.
        'GET /api/athletes/7/activity/unread': () => new Promise<Response>(() => {}),
        [`GET ${FEED}`]: { body: [anActivity({ unread: true })] },
      }),
    );
    const { client } = renderWithProviders(
      <>
        <MainNav />
        <ActivityFeed />
      </>,
      { route: '/activity', user: testUser },
    );
    await waitFor(() => expect(calls.some((c) => `${c.method} ${c.url}` === SEEN)).toBe(true));

    // That answer, when it comes, would be the old count: it is no longer waited for.
    await waitFor(() => expect(client.getQueryState(activityKeys.unread(7))).toMatchObject({ fetchStatus: 'idle', data: { unread: 0 } }));
    expect(screen.getByRole('link', { name: "What's new" })).toBeTruthy();
  });

  it('reads the feed afresh each time the page is opened, and marks it seen again', async () => {
    let answer = [anActivity({ id: 1, title: 'Before', unread: true })];
    const { calls } = stubFetch(routes({ [`GET ${FEED}`]: () => ({ body: answer }) }));
    function LeaveAndReturn() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen((o) => !o)}>{open ? 'Leave' : 'Return'}</button>
          {open && <ActivityFeed />}
        </>
      );
    }
    const { client } = renderWithProviders(<LeaveAndReturn />, { route: '/activity', user: testUser });
    await screen.findByRole('link', { name: /^Unread: .*“Before”/ });
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === SEEN)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: activityKeys.feed(7) })).toBeUndefined());
    answer = [anActivity({ id: 2, title: 'Since', unread: true }), anActivity({ id: 1, title: 'Before' })];
    fireEvent.click(screen.getByRole('button', { name: 'Return' }));

    await screen.findByRole('link', { name: /^Unread: .*“Since”/ });
    expect(rows().map((row) => row.textContent?.startsWith('Unread:'))).toEqual([true, false]);
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.url}` === SEEN)).toHaveLength(2));
  });

  it('offers to try again when the feed does not load', async () => {
    let fail = true;
    stubFetch(
      routes({
        [`GET ${FEED}`]: () => (fail ? { status: 500, body: { message: 'down' } } : { body: [anActivity({ title: 'Back again' })] }),
      }),
    );
    renderFeed();

    expect(await screen.findByText("We couldn't load what's new. Please try again.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /“Back again”/ })).toBeTruthy();
  });
});
