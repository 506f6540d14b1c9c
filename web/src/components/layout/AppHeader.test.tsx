import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppHeader } from './AppHeader';
import { userKey } from '../../features/auth';
import { renderWithProviders, testUser } from '../../test/render';
import { stubFetch } from '../../test/fetch';
import { anAthlete } from '../../test/fixtures';
import { goOffline, goOnline } from '../../test/network';
import { apiRequest } from '../../lib/api';

afterEach(() => {
  goOnline();
  vi.unstubAllGlobals();
});

const navLabels = ['Dashboard', "What's new", 'Journal', 'Media Library', 'In the Loop', 'Stats', 'Recruiting', 'Subscription'];

describe('AppHeader', () => {
  it('offers a real Log in link to /api/login when signed out, and no navigation', () => {
    renderWithProviders(<AppHeader />, { user: null });
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/api/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Legacy Locker home' }).getAttribute('href')).toBe('/');
  });

  // Issue 33: a dropped connection is said in words, on every page, signed in or not.
  it.each([
    ['signed in', testUser],
    ['signed out', null],
  ])('says "You are offline" while the browser is offline (%s)', (_name, user) => {
    renderWithProviders(<AppHeader />, { user, route: '/media' });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    goOffline();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe('You are offline. Saving and opening pages will work again once your connection is back.');
    goOnline();
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  // Issue 34: the installed app's service worker answered from the copy it saved (X-Saved-At), though the
  // browser believes it is online (bars, no data); a fresh answer from the server ends it.
  it('says "You are offline" with the saved copy\'s time while the pages show what the device saved', async () => {
    const savedAt = new Date();
    savedAt.setHours(9, 5, 0, 0);
    stubFetch({
      'GET /api/saved': { body: {}, headers: { 'X-Saved-At': savedAt.toISOString() } },
      'GET /api/fresh': { body: {} },
    });
    renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
    expect(screen.queryByText(/You are offline/)).toBeNull();
    await act(() => apiRequest('GET', '/api/saved'));
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline. Showing what this device saved (Today, 9:05 AM). Saving and opening pages will work again once your connection is back.',
    );
    await act(() => apiRequest('GET', '/api/fresh'));
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('shows the signed-in links in order and the avatar letter', async () => {
    renderWithProviders(<AppHeader />, { user: testUser, route: '/journal' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const links = nav.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(navLabels);
    expect(nav.getByRole('link', { name: 'Journal' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'In the Loop' }).getAttribute('href')).toBe('/family');
    // The account menu is a lazy chunk (AppHeader): it arrives a moment after the header.
    expect((await screen.findByRole('button', { name: 'Open account menu' })).textContent).toBe('A');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('opens the slide-out menu from the burger', async () => {
    renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('link').map((l) => l.textContent)).toEqual(expect.arrayContaining(navLabels));
  });

  // Issue 33: Milestones, Events and Showcase were reachable only from dashboard cards.
  describe('the Highlights group', () => {
    /** The bar's Highlights entry once its menu's code is there (its own chunk, a moment after the bar). */
    async function groupTrigger() {
      const nav = within(screen.getByRole('navigation', { name: 'Main' }));
      await waitFor(() => expect(nav.getByRole('button', { name: 'Highlights' }).getAttribute('aria-haspopup')).toBe('menu'));
      return nav.getByRole('button', { name: 'Highlights' });
    }

    const groupPages = [
      ['Milestones', '/milestones'],
      ['Events', '/events'],
      ['Showcase', '/showcase'],
    ];

    it('opens a menu of Milestones, Events and Showcase from the bar, and a page of it goes there', async () => {
      // The header on every path, as in the app, so it is still there after the link is followed.
      renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard', path: '*' });
      const nav = within(screen.getByRole('navigation', { name: 'Main' }));
      const trigger = await groupTrigger();
      expect(trigger.hasAttribute('data-active')).toBe(false);
      fireEvent.click(trigger);
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => [item.textContent?.replace(/^(Milestones|Events|Showcase).*/, '$1'), item.getAttribute('href')])).toEqual(groupPages);
      fireEvent.click(screen.getByRole('menuitem', { name: /^Events/ }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/events'));
      await waitFor(() => expect(nav.getByRole('button', { name: 'Highlights' }).hasAttribute('data-active')).toBe(true));
    });

    it('marks the open page inside the menu', async () => {
      renderWithProviders(<AppHeader />, { user: testUser, route: '/showcase' });
      const trigger = await groupTrigger();
      expect(trigger.hasAttribute('data-active')).toBe(true);
      fireEvent.click(trigger);
      expect((await screen.findByRole('menuitem', { name: /^Showcase/ })).getAttribute('aria-current')).toBe('page');
      expect(screen.getByRole('menuitem', { name: /^Milestones/ }).getAttribute('aria-current')).toBeNull();
    });

    it('is one folded line in the phone menu, opened when one of its pages is open', async () => {
      const { unmount } = renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
      fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
      let drawer = within(await screen.findByRole('dialog'));
      const group = drawer.getByRole('button', { name: 'Highlights' });
      expect(group.getAttribute('aria-expanded')).toBe('false');
      fireEvent.click(group);
      expect(group.getAttribute('aria-expanded')).toBe('true');
      expect((await drawer.findByRole('link', { name: 'Milestones' })).getAttribute('href')).toBe('/milestones');
      unmount();

      renderWithProviders(<AppHeader />, { user: testUser, route: '/milestones' });
      fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
      drawer = within(await screen.findByRole('dialog'));
      expect(drawer.getByRole('button', { name: 'Highlights' }).getAttribute('aria-expanded')).toBe('true');
      expect(drawer.getByRole('link', { name: 'Milestones' }).getAttribute('aria-current')).toBe('page');
      expect(drawer.getByRole('link', { name: 'Showcase' }).getAttribute('href')).toBe('/showcase');
    });
  });

  it('has the My Account menu: Profile goes to /profile', async () => {
    renderWithProviders(<AppHeader />, { user: testUser });
    fireEvent.click(screen.getByRole('button', { name: 'Open account menu' }));
    expect(await screen.findByText('My Account')).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile'));
  });

  it('offers Operations to operators only', async () => {
    const { unmount } = renderWithProviders(<AppHeader />, { user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
    await screen.findByRole('menuitem', { name: 'Profile' });
    expect(screen.queryByRole('menuitem', { name: 'Operations' })).toBeNull();
    unmount();

    renderWithProviders(<AppHeader />, { user: { ...testUser, isOperator: true } });
    fireEvent.click(await screen.findByRole('button', { name: 'Open account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Operations' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ops'));
  });

  it('shows "Logging out..." while logging out, then returns to / signed out', async () => {
    let answer: (res: Response) => void = () => {};
    stubFetch({ 'POST /api/logout': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { client } = renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Open account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('menuitem', { name: 'Logging out...' })).toBeTruthy();
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(client.getQueryData(userKey)).toBeNull();
  });

  it('shows the profile image when there is one', async () => {
    stubFetch({});
    renderWithProviders(<AppHeader />, { user: { ...testUser, profileImageUrl: '/api/uploads/ana.jpg' } });
    const img = (await screen.findByRole('button', { name: 'Open account menu' })).querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/uploads/ana.jpg');
  });

  describe("the count of what's new", () => {
    /** The athlete and, for it, how many rows of What's new are unread. */
    const unread = (count: number) =>
      stubFetch({ 'GET /api/athletes': { body: [anAthlete()] }, 'GET /api/athletes/7/activity/unread': { body: { unread: count } } });

    it.each([
      [3, '3', "What's new, 3 unread"],
      [99, '99', "What's new, 99 unread"],
      [100, '99+', "What's new, 99+ unread"],
    ])('shows %i as %s beside What\'s new, and says it', async (count, shown, name) => {
      unread(count);
      renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
      const nav = within(screen.getByRole('navigation', { name: 'Main' }));
      const link = await nav.findByRole('link', { name });
      expect(link.getAttribute('href')).toBe('/activity');
      expect(link.textContent).toBe(`What's new${shown}`);
    });

    it('shows nothing at 0', async () => {
      const { calls } = unread(0);
      renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
      await waitFor(() => expect(calls.some((c) => c.url === '/api/athletes/7/activity/unread')).toBe(true));
      const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: "What's new" });
      expect(link.textContent).toBe("What's new");
      expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    });

    it('is on the phone menu button and in the slide-out menu', async () => {
      unread(4);
      renderWithProviders(<AppHeader />, { user: testUser, route: '/dashboard' });
      fireEvent.click(await screen.findByRole('button', { name: 'Open navigation, 4 unread' }));
      const dialog = await screen.findByRole('dialog');
      const link = await within(dialog).findByRole('link', { name: "What's new, 4 unread" });
      expect(link.getAttribute('href')).toBe('/activity');
      expect(link.textContent).toContain('4');
    });

    it('is not asked for when signed out', () => {
      const { calls } = unread(3);
      renderWithProviders(<AppHeader />, { user: null });
      expect(calls).toEqual([]);
    });
  });
});
