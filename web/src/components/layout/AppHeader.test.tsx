import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppHeader } from './AppHeader';
import { userKey } from '../../features/auth';
import { renderWithProviders, testUser } from '../../test/render';
import { stubFetch } from '../../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const navLabels = ['Dashboard', 'Journal', 'Media Library', 'In the Loop', 'Stats', 'Recruiting', 'Subscription'];

describe('AppHeader', () => {
  it('offers a real Log in link to /api/login when signed out, and no navigation', () => {
    renderWithProviders(<AppHeader />, { user: null });
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/api/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Legacy Locker home' }).getAttribute('href')).toBe('/');
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
});
