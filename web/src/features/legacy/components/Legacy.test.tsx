import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AccountProfile } from '../../account';
import { aUser, anAthlete } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const owned = anAthlete({ id: 7, name: 'Jo Lee', role: 'owner' });

describe('The legacy on the profile page', () => {
  it("starts every athlete's archive at once for a family of several, each card following its own", async () => {
    const sister = anAthlete({ id: 8, name: 'Mia Lee', role: 'owner' });
    const pending = (id: number, athleteId: number) => ({ id, athleteId, status: 'pending', statusReason: '', progress: 0, bytesTotal: 0, createdAt: '2026-11-24T10:00:00Z' });
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [owned, sister] },
      'GET /api/athletes/7/exports': { body: [] },
      'GET /api/athletes/8/exports': { body: [] },
      'POST /api/user/exports': { status: 202, body: [pending(3, 7), pending(4, 8)] },
    });
    renderWithProviders(<AccountProfile />);

    expect(await screen.findByText(/One ZIP file with Mia Lee's whole legacy/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: "Download every athlete's legacy" }));
    expect(await screen.findByText('One for each athlete. We will e-mail you as each is ready to download.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/user/exports']);
    expect(await screen.findAllByText(/Preparing your archive… 0%/)).toHaveLength(2);
  });

  it('has no all-athletes button for a family of one', async () => {
    stubFetch({ 'GET /api/session': { body: { user: aUser() } }, 'GET /api/athletes': { body: [owned] }, 'GET /api/athletes/7/exports': { body: [] } });
    renderWithProviders(<AccountProfile />);
    await screen.findByRole('button', { name: 'Download everything' });
    expect(screen.queryByRole('button', { name: "Download every athlete's legacy" })).toBeNull();
  });

  it('starts the archive, follows its progress and offers the download when ready', async () => {
    let polls = 0;
    const routes = {
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [owned] },
      'GET /api/athletes/7/exports': () => ({ body: polls++ === 0 ? [] : [{ id: 3, status: 'processing', statusReason: '', progress: 0.4, bytesTotal: 100, createdAt: '2026-11-24T10:00:00Z' }] }),
      'POST /api/athletes/7/exports': { status: 202, body: { id: 3, status: 'pending', statusReason: '', progress: 0, bytesTotal: 0, createdAt: '2026-11-24T10:00:00Z' } },
    };
    const { calls } = stubFetch(routes);
    renderWithProviders(<AccountProfile />);

    fireEvent.click(await screen.findByRole('button', { name: 'Download everything' }));
    expect(await screen.findByText('We will e-mail you when it is ready to download.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/athletes/7/exports'))).toBe(true);
    expect(await screen.findByText(/Preparing your archive… 40%/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download everything' })).toBeNull();

    routes['GET /api/athletes/7/exports'] = () => ({
      body: [{ id: 3, status: 'ready', statusReason: '', progress: 1, bytesTotal: 100, fileSize: 2_500_000, createdAt: '2026-11-24T10:00:00Z',
        expiresAt: '2026-12-01T10:00:00Z', url: '/api/exports/3/download' }],
    });
    const link = await screen.findByRole('link', { name: /Download archive/ }, { timeout: 6000 });
    expect(link.getAttribute('href')).toBe('/api/exports/3/download');
    expect(screen.getByText('Your archive is ready to download.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a new archive' })).toBeTruthy();
  });

  it('deletes the athlete only with the password, and shows the server refusing a wrong one', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [owned] },
      'GET /api/athletes/7/exports': { body: [] },
      'DELETE /api/athletes/7': () =>
        ++attempt === 1
          ? { status: 400, body: { message: 'Please fix the highlighted fields', errors: { password: 'Password is incorrect' } } }
          : { body: { athletes: ['Jo Lee'], journalEntries: 3, mediaItems: 2, files: 5, account: false } },
    });
    renderWithProviders(<AccountProfile />);

    fireEvent.click(await screen.findByRole('button', { name: "Delete Jo Lee's legacy" }));
    const dialog = await screen.findByRole('dialog', { name: "Delete Jo Lee's legacy?" });
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Enter your password to confirm.', { selector: '.mantine-PasswordInput-error' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Your password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();
    expect(dialog).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Your password/), { target: { value: 'Passw0rdX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('The legacy has been deleted. An e-mail lists what was removed.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ password: 'wrong' }, { password: 'Passw0rdX' }]);
  });

  it('offers neither the archive nor the athlete to a family member, only their own account', async () => {
    stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [anAthlete({ id: 9, role: 'editor' })] },
    });
    renderWithProviders(<AccountProfile />);
    expect(await screen.findByRole('button', { name: 'Delete my account' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Download everything' })).toBeNull());
    expect(screen.queryByRole('button', { name: /legacy$/ })).toBeNull();
  });
});
