import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { MediaLibrary } from './MediaLibrary';
import { anAthlete, aLibrary, aMediaItem, aMediaSummary } from '../../../test/fixtures';
import type { MediaItem } from '../api';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import { shareText } from '../strings';
import { stubPhoneViewport } from '../../../test/phone';

// jsdom has no scrollIntoView, which the Select's option list calls.
beforeAll(() => {
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const LIST = '/api/athletes/7/media';

/** The searches the tests type, answered as the server would (every word starts a word of the text). */
const SEARCHES = ['report', 'swing', 'nothing like this'];

/** The library's list under each filter the tests use, filtered as the server filters, and its summary. */
function libraryRoutes(items: MediaItem[]): StubRoutes {
  const answers: StubRoutes = { [`GET ${LIST}`]: { body: items }, [`GET ${LIST}/summary`]: { body: aMediaSummary(items) } };
  for (const type of ['image', 'video', 'pdf', 'audio']) answers[`GET ${LIST}?type=${type}`] = { body: items.filter((i) => i.mediaType === type) };
  answers[`GET ${LIST}?favorite=true`] = { body: items.filter((i) => i.isFavorite) };
  for (const q of SEARCHES) {
    const words = q.split(' ');
    const matches = (i: MediaItem) => words.every((w) => `${i.title} ${i.description}`.toLowerCase().split(/\W+/).some((x) => x.startsWith(w)));
    answers[`GET ${LIST}?${new URLSearchParams({ q })}`] = { body: items.filter(matches) };
  }
  return answers;
}

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'GET /api/athletes': { body: [anAthlete()] },
    ...libraryRoutes(aLibrary()),
    ...overrides,
  };
}

function renderLibrary(props: Parameters<typeof MediaLibrary>[0] = {}) {
  return renderWithProviders(<MediaLibrary {...props} />, { route: '/media', user: testUser });
}

/** The titles of the tiles in the grid, in order. */
const tileTitles = () => within(screen.getByTestId('media-grid')).queryAllByRole('article').map((a) => a.getAttribute('aria-label'));

async function pickType(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Type' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('Media library filters', () => {
  it('narrows the grid by type (Documents are PDFs) and back to All', async () => {
    stubFetch(routes());
    renderLibrary();
    await screen.findByTestId('media-grid');
    expect(tileTitles()).toEqual(['Walk-off double', 'Batting practice', 'Report card', 'Coach interview']);

    await pickType('Videos');
    await waitFor(() => expect(tileTitles()).toEqual(['Batting practice']));
    await pickType('Documents');
    await waitFor(() => expect(tileTitles()).toEqual(['Report card']));
    await pickType('Audio');
    await waitFor(() => expect(tileTitles()).toEqual(['Coach interview']));
    await pickType('Images');
    await waitFor(() => expect(tileTitles()).toEqual(['Walk-off double']));
    await pickType('All');
    await waitFor(() => expect(tileTitles()).toHaveLength(4));
  });

  it('searches title and description', async () => {
    stubFetch(routes());
    renderLibrary();
    const search = await screen.findByRole('searchbox', { name: 'Search media' });

    // The server searches, once typing pauses; each search is a list of its own from its first page.
    fireEvent.change(search, { target: { value: 'report' } });
    await waitFor(() => expect(tileTitles()).toEqual(['Report card']));
    fireEvent.change(search, { target: { value: 'swing' } });
    await waitFor(() => expect(tileTitles()).toEqual(['Batting practice']));
    fireEvent.change(search, { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No media matches')).toBeTruthy();
  });

  it('shows favorites only', async () => {
    stubFetch(routes());
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites Only' }));
    await waitFor(() => expect(tileTitles()).toEqual(['Walk-off double']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites Only' }));
    await waitFor(() => expect(tileTitles()).toHaveLength(4));
  });

  it("counts the library in its header from the summary, before its rows are loaded", async () => {
    stubFetch(routes({ [`GET ${LIST}/summary`]: { body: { ...aMediaSummary(aLibrary()), total: 20000, byType: { image: 18000, video: 1500, pdf: 400, audio: 100 }, favorites: 12 } } }));
    renderLibrary();
    expect((await screen.findByTestId('media-counts')).textContent).toBe('20,000 items · 18,000 photos · 1,500 videos · 400 documents · 100 audio · 12 favorites');
  });
});

describe('Media library pages', () => {
  /** The library in two pages: April's first item, then the rest after the cursor. */
  function paged(overrides: StubRoutes = {}) {
    const [first, ...rest] = aLibrary();
    return routes({
      [`GET ${LIST}`]: { body: [first], headers: { 'X-Next-Cursor': 'p2' } },
      [`GET ${LIST}?limit=200&cursor=p2`]: { body: rest },
      ...overrides,
    });
  }

  it('reads the next pages as the list is scrolled, the later ones 200 at a time', async () => {
    const { calls } = stubFetch(paged());
    renderLibrary();
    // jsdom lays nothing out, so every row is "on the screen" and the next page is asked for at once.
    await waitFor(() => expect(tileTitles()).toEqual(['Walk-off double', 'Batting practice', 'Report card', 'Coach interview']));
    expect(calls.map((c) => c.url)).toContain(`${LIST}?limit=200&cursor=p2`);
  });

  it('selects a whole month across pages, and heads each month with its count from the summary', async () => {
    stubFetch(paged());
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('Timeline'));
    const timeline = await screen.findByTestId('media-timeline');
    await waitFor(() => expect(within(timeline).getAllByRole('heading').map((h) => h.textContent)).toEqual(['April 2025', 'March 2025']));
    expect(screen.getByRole('combobox', { name: 'Jump to month' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select all in April 2025' }));
    const bar = await screen.findByRole('region', { name: '2 selected' });
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Walk-off double' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Select Report card' }).getAttribute('aria-pressed')).toBe('false');
  });
});

describe('Media library views', () => {
  it('lists Media, Type, Date, Size (KB under 1 MB) and the actions', async () => {
    stubFetch(routes());
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('List'));

    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['Media', 'Type', 'Date', 'Size', 'Actions']);
    const row = within(table).getByText('Report card').closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(2, 5)).toEqual(['PDF', 'Mar 20, 2025', '293 KB']);
    const video = within(table).getByText('Batting practice').closest('tr')!;
    expect(within(video).getByText('46 MB')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('groups the timeline by month-year', async () => {
    stubFetch(routes());
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('Timeline'));

    const timeline = await screen.findByTestId('media-timeline');
    // Each heading, then its month's tiles, in the list's order.
    const order = [...timeline.querySelectorAll('h2, article')].map((el) => el.getAttribute('aria-label') ?? el.textContent);
    expect(order).toEqual(['April 2025', 'Walk-off double', 'Batting practice', 'March 2025', 'Report card', 'Coach interview']);
  });
});

describe('Media library swipe', () => {
  it('switches views with a sideways swipe over 30 px, not with a scroll', async () => {
    stubFetch(routes());
    renderLibrary();
    const grid = await screen.findByTestId('media-grid');
    const swipe = (el: Element, dx: number, dy: number) => {
      fireEvent.touchStart(el, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(el, { changedTouches: [{ clientX: 200 + dx, clientY: 300 + dy }] });
    };
    swipe(grid, -20, 0);
    expect(screen.queryByRole('table')).toBeNull();
    swipe(grid, -40, 60);
    expect(screen.queryByRole('table')).toBeNull();
    swipe(grid, -40, 5);
    expect(screen.getByRole('table')).toBeTruthy();
    // Inside the List view's table a sideways swipe scrolls the table, until the table is at its edge.
    const scroller = screen.getByRole('table').closest('[data-no-swipe]')!;
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 390 });
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 640 });
    scroller.scrollLeft = 120;
    swipe(screen.getByRole('table'), 60, 0);
    expect(screen.getByRole('table')).toBeTruthy();
    scroller.scrollLeft = 0;
    swipe(screen.getByRole('table'), 60, 0);
    expect(await screen.findByTestId('media-grid')).toBeTruthy();
  });
});

describe('Media library processing', () => {
  it('shows a spinner while an item is processing and polls (soon, backing off to every 2 s) until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}`]: { body: [aMediaItem({ status: 'processing', thumbnailUrl: null }), aMediaItem({ id: 5, title: 'Done already' })] },
        // The item itself is read again, not every page of the list.
        'GET /api/media/1': () => {
          polls += 1;
          return { body: aMediaItem({ status: polls < 2 ? 'processing' : 'ready', thumbnailUrl: null }) };
        },
      }),
    );
    renderLibrary();
    const itemCalls = () => calls.filter((c) => c.url === '/api/media/1').length;

    expect(await screen.findByText('Processing…')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(itemCalls()).toBe(0);
    // lib/jobStatus: the first poll comes after 250 ms, the next after as long again.
    await vi.advanceTimersByTimeAsync(260);
    expect(itemCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(400);
    await waitFor(() => expect(screen.queryByText('Processing…')).toBeNull());
    expect(itemCalls()).toBe(2);
    // Nothing is processing any more: no further requests, and the list was read once.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(itemCalls()).toBe(2);
    expect(calls.filter((c) => c.url === LIST)).toHaveLength(1);
  });

  it('does not poll a list where nothing is processing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubFetch(routes({ [`GET ${LIST}`]: { body: [aMediaItem({ status: 'failed', statusReason: 'Unsupported codec' })] } }));
    renderLibrary();
    expect(await screen.findByText('Unsupported codec')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.url === LIST)).toHaveLength(1);
  });
});

describe('Media library actions', () => {
  it('asks before deleting and announces Media deleted', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = stubFetch(routes({ 'DELETE /api/media/3': { status: 204 } }));
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('List'));
    const row = screen.getByText('Report card').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this media file?');
    expect(await screen.findByText('Media deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/media/3')).toBe(true);
  });

  it('deletes nothing when the confirmation is declined, and says so when a delete fails', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { calls } = stubFetch(routes({ 'DELETE /api/media/1': { status: 500, body: { message: 'boom' } } }));
    renderLibrary();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Media actions', hidden: true }))[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Media actions', hidden: true })[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete media file.')).toBeTruthy();
  });

  it('bulk-deletes each selected item', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = stubFetch(
      routes({ 'DELETE /api/media/1': { status: 204 }, 'DELETE /api/media/3': { status: 204 } }),
    );
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Walk-off double', hidden: true }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Report card', hidden: true }));
    const bar = screen.getByRole('region', { name: '2 selected' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Media deleted')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url).sort()).toEqual(['/api/media/1', '/api/media/3']);
    await waitFor(() => expect(screen.queryByRole('region', { name: /selected/ })).toBeNull());
  });

  it('bulk-shares with one link per selected item, each with a copy button, after asking once', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = stubFetch(
      routes({
        'POST /api/media/2/share': { status: 201, body: { shareCode: 'vid222', shareUrl: '/share/vid222' } },
        'POST /api/media/4/share': { status: 201, body: { shareCode: 'aud444', shareUrl: '/share/aud444' } },
      }),
    );
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    // Selectable mode: a click on a tile selects it.
    fireEvent.click(screen.getByRole('button', { name: 'Select Batting practice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select Coach interview' }));
    fireEvent.click(within(screen.getByRole('region', { name: '2 selected' })).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share links' });
    expect(dialog.textContent).toContain("Each page shows Jordan Rivera's name and sports (Baseball)");
    expect(dialog.textContent).toContain('They are marked Family only');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 2 links' }));

    await waitFor(() => expect(within(dialog).getAllByRole('textbox')).toHaveLength(2));
    const links = within(dialog).getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);
    expect(links).toEqual([`${window.location.origin}/share/vid222`, `${window.location.origin}/share/aud444`]);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/media/2/share', { makeShareable: true }],
      ['/api/media/4/share', { makeShareable: true }],
    ]);
    expect(screen.getByText('Share link created!')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link for Coach interview' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/aud444`));
    expect(await screen.findByText('Link copied to clipboard')).toBeTruthy();
  });

  it('asks in its own dialog what the link shows, then shares one item, copies the link and turns it off', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, share: undefined });
    const { calls } = stubFetch(
      routes({
        'POST /api/media/1/share': { status: 201, body: { shareCode: 'abc123', shareUrl: '/share/abc123' } },
        'DELETE /api/media/1/share': { status: 204 },
      }),
    );
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getAllByRole('button', { name: 'Media actions', hidden: true })[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share link: Walk-off double' });
    expect(dialog.textContent).toContain("Its page shows Jordan Rivera's name and sports (Baseball), with the file's title, date and description.");
    expect(dialog.textContent).toContain(shareText.familyOnly);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = (await within(dialog).findByRole('textbox')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/share/abc123`);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ makeShareable: true });
    expect(dialog.textContent).toContain("Jordan Rivera's name");
    expect(screen.getByText('Share link created!')).toBeTruthy();
    // No share sheet in this browser: no button for it.
    expect(within(dialog).queryByRole('button', { name: shareText.sendWith })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy link')).toBeTruthy();
    expect(screen.getByText('Please try again or manually share the page URL.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off link' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/media/1/share')).toBe(true));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('makes no link when the question is cancelled', async () => {
    const { calls } = stubFetch(routes({}));
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getAllByRole('button', { name: 'Media actions', hidden: true })[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link: Walk-off double' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says Share creation failed when the server refuses, and keeps asking', async () => {
    stubFetch(routes({ 'POST /api/media/1/share': { status: 500, body: { message: 'Try later' } } }));
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getAllByRole('button', { name: 'Media actions', hidden: true })[0]!);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share link: Walk-off double' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Share creation failed')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeTruthy();
  });

  it('shares from the preview: the dialog opens over it, Escape closes only the dialog, and a link already made is shown at once with the share sheet', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    const library = aLibrary().map((item) => (item.id === 2 ? { ...item, isPrivate: false, shareCode: 'vid222' } : item));
    const { calls } = stubFetch(routes(libraryRoutes(library)));
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByRole('button', { name: 'Open Batting practice', hidden: true }));
    const preview = await screen.findByRole('dialog', { name: 'Batting practice' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Share' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share link: Batting practice' });
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe(`${window.location.origin}/share/vid222`);
    expect(dialog.textContent).toContain("Jordan Rivera's name");
    fireEvent.click(within(dialog).getByRole('button', { name: shareText.sendWith }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Batting practice', url: `${window.location.origin}/share/vid222` }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.keyDown(within(dialog).getByRole('textbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share link: Batting practice' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Batting practice' })).toBeTruthy();
  });

  it('puts an item on the public page after saving it, and says why when the server refuses', async () => {
    const { calls, routes: answers } = stubFetch(
      routes({
        'PUT /api/media/2': (body) => ({ body: aMediaItem({ id: 2, ...(body as object) }) }),
        'PATCH /api/media/2/showcase': { status: 409, body: { message: "Family-only media can't go on the public page. Turn off “Family only” on it first." } },
      }),
    );
    renderLibrary();
    await screen.findByTestId('media-grid');
    const tile = screen.getByRole('article', { name: 'Batting practice' });
    const edit = async () => {
      fireEvent.click(within(tile).getByRole('button', { name: 'Media actions', hidden: true }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Media' });
      fireEvent.click(within(dialog).getByRole('switch', { name: /On the public page/ }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      return dialog;
    };
    const dialog = await edit();
    expect(await screen.findByText("Family-only media can't go on the public page. Turn off “Family only” on it first.")).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Media' })).toBe(dialog);
    answers['PATCH /api/media/2/showcase'] = { body: aMediaItem({ id: 2, onShowcase: true }) };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Media' })).toBeNull());
    expect(calls.filter((c) => c.url === '/api/media/2/showcase').at(-1)?.body).toEqual({ onShowcase: true });
  });

  it('toggles a favorite with PATCH and edits with PUT', async () => {
    const { calls } = stubFetch(
      routes({
        'PATCH /api/media/2/favorite': { body: { ...aLibrary()[1]!, isFavorite: true } },
        'PUT /api/media/2': (body) => ({ body: aMediaItem({ id: 2, ...(body as object) }) }),
      }),
    );
    renderLibrary();
    await screen.findByTestId('media-grid');
    const tile = screen.getByRole('article', { name: 'Batting practice' });
    fireEvent.click(within(tile).getByRole('button', { name: 'Add to favorites', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.url === '/api/media/2/favorite')).toBe(true));

    fireEvent.click(within(tile).getByRole('button', { name: 'Media actions', hidden: true }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Media' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please provide a title for the media')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Cage work' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Family only/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Cage work',
      description: 'Working on the swing',
      date: '2025-04-03',
      tags: [],
      isPrivate: false,
    }));
  });

  it('offers Edit Video for videos only, and only with an editor', async () => {
    stubFetch(routes());
    const onEditVideo = vi.fn();
    renderLibrary({ onEditVideo });
    await screen.findByTestId('media-grid');
    const video = screen.getByRole('article', { name: 'Batting practice' });
    fireEvent.click(within(video).getByRole('button', { name: 'Media actions', hidden: true }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Video' }));
    expect(onEditVideo).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    const image = screen.getByRole('article', { name: 'Walk-off double' });
    fireEvent.click(within(image).getByRole('button', { name: 'Media actions', hidden: true }));
    expect(screen.queryByRole('menuitem', { name: 'Edit Video' })).toBeNull();
  });

  it('opens the preview from a tile', async () => {
    stubFetch(routes());
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Batting practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batting practice' });
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/uploads/2.mp4');
    expect(video.getAttribute('poster')).toBe('/api/uploads/2-thumb.jpg');
    expect(video.hasAttribute('controls')).toBe(true);
  });
});

describe('Media library list on a phone', () => {
  it('stacks Type, Date, Size and the actions in each row instead of hiding them behind a sideways scroll', async () => {
    stubFetch(routes());
    stubPhoneViewport();
    renderLibrary();
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('List'));
    const row = await screen.findByRole('listitem', { name: 'Report card' });
    expect(within(row).getByText('PDF · Mar 20, 2025 · 293 KB')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Media library: Edit Video from the preview', () => {
  it('offers Edit Video in the preview of a video, since a tap opens the preview', async () => {
    stubFetch(routes());
    const onEditVideo = vi.fn();
    renderLibrary({ onEditVideo });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Batting practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Batting practice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Video' }));
    expect(onEditVideo).toHaveBeenCalledWith(expect.objectContaining({ title: 'Batting practice' }));
  });

  it('offers no Edit Video for a photo', async () => {
    stubFetch(routes());
    renderLibrary({ onEditVideo: vi.fn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Open Walk-off double' }));
    const dialog = await screen.findByRole('dialog', { name: 'Walk-off double' });
    expect(within(dialog).queryByRole('button', { name: 'Edit Video' })).toBeNull();
  });
});

describe('Media library: trying a failed file again', () => {
  it('offers Try again in the preview of a failed file and processes it again', async () => {
    const failed = aMediaItem({ id: 1, status: 'failed', statusReason: 'We couldn’t process this file. Try uploading it again.' });
    const { calls } = stubFetch(
      routes({
        [`GET ${LIST}`]: { body: [failed] },
        'POST /api/media/1/retry': { status: 202, body: { ...failed, status: 'processing', statusReason: '' } },
      }),
    );
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: `Open ${failed.title}` }));
    const dialog = await screen.findByRole('dialog', { name: failed.title });
    expect(within(dialog).getByText('Processing failed')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Processing again')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/media/1/retry']);
  });

  it('does not offer Try again to a family member who may only look', async () => {
    const failed = aMediaItem({ id: 1, status: 'failed', statusReason: 'Damaged file' });
    stubFetch(routes({ [`GET ${LIST}`]: { body: [failed] }, 'GET /api/athletes': { body: [anAthlete({ role: 'viewer', permissions: { edit: false, manageCircle: false } })] } }));
    renderLibrary();
    fireEvent.click(await screen.findByRole('button', { name: `Open ${failed.title}` }));
    const dialog = await screen.findByRole('dialog', { name: failed.title });
    expect(within(dialog).getByText('Damaged file')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('Media library without an athlete profile', () => {
  it('points to the dashboard', async () => {
    stubFetch(routes({ 'GET /api/athletes': { body: [] } }));
    renderLibrary({ renderUpload: () => <button type="button">Upload</button> });
    const link = await screen.findByRole('link', { name: 'Go to Dashboard' });
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});
