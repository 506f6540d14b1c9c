import type { Athlete } from '../../../lib/currentAthlete';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import type { FamilyMember } from '../api';
import { aCircle, aViewerAthlete, anOwnedAthlete, somePrivacySettings } from '../test-utils';
import { FamilyCircle } from './FamilyCircle';
import { anEntry, aMediaItem } from '../../../test/fixtures';
import { stubFetch, type StubRoutes } from '../../../test/fetch';
import { stubPhoneViewport } from '../../../test/phone';

// jsdom has no scrollIntoView, which the Select's option list calls.
beforeAll(() => {
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CIRCLE = '/api/athletes/7/family-circle';
const PRIVACY = '/api/athletes/7/privacy-settings';

function routes(overrides: StubRoutes = {}): StubRoutes {
  return { [`GET ${CIRCLE}`]: { body: aCircle() }, ...overrides };
}

function renderPage(athlete: Athlete = anOwnedAthlete(), route = '/family') {
  return renderWithProviders(<FamilyCircle athlete={athlete} />, { route, user: testUser });
}

const row = (name: string) => screen.getByRole('row', { name });

async function findToast(title: string) {
  const toast = (await screen.findByText(title)).closest('[role="alert"]') as HTMLElement;
  expect(toast).toBeTruthy();
  return toast;
}

describe("Who's in The Loop", () => {
  it('shows Name, Relationship, Access Level and Status for every member', async () => {
    stubFetch(routes());
    renderPage();

    const maria = await screen.findByRole('row', { name: 'Maria Rivera' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Relationship',
      'Access Level',
      'Status',
      'Actions',
    ]);
    expect(within(maria).getByText('Parent')).toBeTruthy();
    expect(within(maria).getByText('Admin')).toBeTruthy();
    expect(within(maria).getByText('Active')).toBeTruthy();
    expect(within(row('Grandma Rose')).getByText('Pending')).toBeTruthy();
    // Only a limited member has items to choose.
    expect(within(row('Coach Ruiz')).getByRole('button', { name: 'Choose shared items' })).toBeTruthy();
    expect(within(maria).queryByRole('button', { name: 'Choose shared items' })).toBeNull();
  });

  it('asks before removing, and removes with DELETE only when confirmed', async () => {
    let members = aCircle();
    const { calls } = stubFetch(
      routes({
        [`GET ${CIRCLE}`]: () => ({ body: members }),
        'DELETE /api/family-circle/2': () => {
          members = members.filter((m) => m.id !== 2);
          return { status: 204 };
        },
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage();

    await screen.findByRole('row', { name: 'Coach Ruiz' });
    fireEvent.click(within(row('Coach Ruiz')).getByRole('button', { name: 'Remove' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to remove this member from your family circle?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(row('Coach Ruiz')).getByRole('button', { name: 'Remove' }));
    await findToast('Member removed successfully');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Coach Ruiz' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/family-circle/2']);
  });

  it('toasts Failed to remove member when the DELETE fails', async () => {
    stubFetch(routes({ 'DELETE /api/family-circle/2': { status: 500, body: { message: 'Something went wrong' } } }));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();

    fireEvent.click(within(await screen.findByRole('row', { name: 'Coach Ruiz' })).getByRole('button', { name: 'Remove' }));
    await findToast('Failed to remove member');
  });

  it('changes the access level and says so', async () => {
    let members = aCircle();
    const { calls } = stubFetch(
      routes({
        [`GET ${CIRCLE}`]: () => ({ body: members }),
        'PUT /api/family-circle/1': (body) => {
          members = members.map((m) => (m.id === 1 ? { ...m, ...(body as Partial<FamilyMember>) } : m));
          return { body: members[0] };
        },
      }),
    );
    renderPage();

    fireEvent.click(within(await screen.findByRole('row', { name: 'Maria Rivera' })).getByRole('button', { name: 'Change Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Access Level' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Access Level' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Editor' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = await findToast('Access level updated successfully');
    expect(within(toast).getByText('Maria Rivera now has Editor access.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/family-circle/1', body: { accessLevel: 'editor' } });
    await waitFor(() => expect(within(row('Maria Rivera')).getByText('Editor')).toBeTruthy());
  });

  it('toasts Failed to update access level when the PUT fails', async () => {
    stubFetch(routes({ 'PUT /api/family-circle/1': { status: 403, body: { message: 'Forbidden' } } }));
    renderPage();

    fireEvent.click(within(await screen.findByRole('row', { name: 'Maria Rivera' })).getByRole('button', { name: 'Change Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Access Level' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Access Level' }));
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Viewer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const toast = await findToast('Failed to update access level');
    expect(within(toast).getByText('Forbidden')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change Access Level' })).toBeTruthy();
  });

  it('chooses the journal entries and media a limited member sees', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/family-circle/2/shares': { body: { journal: [11], media: [], stats: false } },
        'GET /api/athletes/7/journal?limit=100': {
          body: [
            anEntry({ id: 11, title: 'Game vs Central', isPrivate: false }),
            anEntry({ id: 12, title: 'Bullpen', isPrivate: false, date: '2025-04-10', createdAt: '2025-04-10T18:00:00Z' }),
            anEntry({ id: 13, title: 'Secret diary', isPrivate: true }),
          ],
        },
        'GET /api/athletes/7/media': { body: [aMediaItem({ id: 21, title: 'Walk-off double' }), aMediaItem({ id: 22, title: 'Highlights', mediaType: 'video' })] },
        'PUT /api/family-circle/2/shares': (body) => ({ body }),
      }),
    );
    renderPage();

    fireEvent.click(within(await screen.findByRole('row', { name: 'Coach Ruiz' })).getByRole('button', { name: 'Choose shared items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose shared items' });
    const game = (await within(dialog).findByRole('checkbox', { name: 'Game vs Central' })) as HTMLInputElement;
    expect(game.checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Secret diary' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('Video')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bullpen' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Highlights' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Share the stats section/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Share recruiting/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await findToast('Shared items saved');
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/family-circle/2/shares',
      body: { journal: [11, 12], media: [22], stats: true, milestones: false, recruiting: true },
    });
  });
  it('reads the journal past its first 100 entries for the shared-items picker', async () => {
    const { calls } = stubFetch(
      routes({
        'GET /api/family-circle/2/shares': { body: { journal: [], media: [], stats: false } },
        'GET /api/athletes/7/journal?limit=100': { body: [anEntry({ id: 11, title: 'Game vs Central', isPrivate: false })], headers: { 'X-Next-Cursor': 'j2' } },
        'GET /api/athletes/7/journal?limit=100&cursor=j2': { body: [anEntry({ id: 5, title: 'Opening day, 2019', isPrivate: false, date: '2019-03-02' })] },
        'GET /api/athletes/7/media': { body: [] },
        'PUT /api/family-circle/2/shares': (body) => ({ body }),
      }),
    );
    renderPage();

    fireEvent.click(within(await screen.findByRole('row', { name: 'Coach Ruiz' })).getByRole('button', { name: 'Choose shared items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose shared items' });
    await within(dialog).findByRole('checkbox', { name: 'Game vs Central' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Opening day, 2019' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Opening day, 2019' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await findToast('Shared items saved');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ journal: [5], media: [] });
  });
});

describe('Pending Invitations', () => {
  it('lists pending invitations with e-mail and date, and resends and cancels them', async () => {
    const { calls } = stubFetch(
      routes({
        'POST /api/family-circle/3/resend': { body: aCircle()[2] },
        'POST /api/family-circle/3/cancel': { status: 204 },
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();

    fireEvent.click(await screen.findByRole('tab', { name: /Pending Invitations/ }));
    const rose = await screen.findByRole('row', { name: 'Grandma Rose' });
    expect(within(rose).getByText('rose@example.com')).toBeTruthy();
    expect(within(rose).getByText('Mar 4, 2026')).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'Maria Rivera' })).toBeNull();
    // Without an e-mail there is nothing to resend to.
    expect((within(row('Uncle Leo')).getByRole('button', { name: 'Resend' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(rose).getByRole('button', { name: 'Resend' }));
    await findToast('Invitation resent');
    fireEvent.click(within(row('Grandma Rose')).getByRole('button', { name: 'Cancel' }));
    await findToast('Invitation cancelled');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/family-circle/3/resend',
      '/api/family-circle/3/cancel',
    ]);
  });

  it('shows whether each invitation e-mail went out, and why one failed', async () => {
    const circle = aCircle();
    const pending = circle.filter((m) => !m.isActive);
    pending[0]!.invitationEmail = { status: 'failed', statusReason: 'The invitation e-mail could not be delivered. Check the address, then resend.' };
    stubFetch(routes({ [`GET ${CIRCLE}`]: { body: circle } }));
    renderPage(anOwnedAthlete(), '/family?tab=pending');
    const failed = await within(await screen.findByRole('row', { name: pending[0]!.name })).findByText('e-mail not sent: copy the link instead');
    expect(failed.closest('[aria-description]')?.getAttribute('aria-description')).toBe(
      'The invitation e-mail could not be delivered. Check the address, then resend.',
    );
    expect(within(row(pending[0]!.name)).getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('cancelling the invitation of a member added without an e-mail mentions no link', async () => {
    stubFetch(routes({ 'POST /api/family-circle/4/cancel': { status: 204 } }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();

    fireEvent.click(await screen.findByRole('tab', { name: /Pending Invitations/ }));
    fireEvent.click(within(await screen.findByRole('row', { name: 'Uncle Leo' })).getByRole('button', { name: 'Cancel' }));
    expect(confirm.mock.calls[0]![0]).not.toMatch(/link/i);
    const toast = await findToast('Invitation cancelled');
    expect(toast.textContent).toContain('Uncle Leo is no longer on the pending list.');
    expect(toast.textContent).not.toMatch(/link/i);
  });

  it('makes a link for a member without e-mail, to copy or scan from the screen', async () => {
    const url = 'http://localhost:8080/invite/' + 'x'.repeat(43);
    const { calls } = stubFetch(
      routes({
        'POST /api/family-circle/4/invite-link': { status: 201, body: { url, expiresAt: '2026-12-03T12:00:00Z', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } },
      }),
    );
    renderPage(anOwnedAthlete(), '/family?tab=pending');
    fireEvent.click(within(await screen.findByRole('row', { name: 'Uncle Leo' })).getByRole('button', { name: 'Copy invitation link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitation link for Uncle Leo' });
    expect(((await within(dialog).findByLabelText('Copy invitation link')) as HTMLInputElement).value).toBe(url);
    expect(within(dialog).getByRole('img', { name: 'QR code of the invitation link for Uncle Leo' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(within(dialog).getByText(/It works once/)).toBeTruthy();
    expect(within(dialog).getByText(/The link works until Dec 3, 2026/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/family-circle/4/invite-link']);
  });

  it('toasts a failure when resending fails', async () => {
    stubFetch(routes({ 'POST /api/family-circle/3/resend': { status: 400, body: { message: 'They already joined' } } }));
    renderPage(anOwnedAthlete(), '/family?tab=pending');

    fireEvent.click(within(await screen.findByRole('row', { name: 'Grandma Rose' })).getByRole('button', { name: 'Resend' }));
    const toast = await findToast('Failed to resend invitation');
    expect(within(toast).getByText('They already joined')).toBeTruthy();
  });
});

describe('Access Settings', () => {
  it('opens from ?tab=settings and saves all five settings with PUT', async () => {
    const { calls } = stubFetch(
      routes({
        [`GET ${PRIVACY}`]: { body: somePrivacySettings({ stats: 'private' }) },
        [`PUT ${PRIVACY}`]: (body) => ({ body }),
      }),
    );
    renderPage(anOwnedAthlete(), '/family?tab=settings');

    const media = await screen.findByRole('combobox', { name: 'Media' });
    expect((media as HTMLInputElement).value).toBe('Family circle');
    expect((screen.getByRole('combobox', { name: 'Stats' }) as HTMLInputElement).value).toBe('Only me');
    fireEvent.click(screen.getByRole('combobox', { name: 'Recruiting' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Family circle', 'Coaches only', 'Only me']);
    fireEvent.click(screen.getByRole('option', { name: 'Coaches only' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Journal Entries' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Only me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Privacy Settings' }));

    await findToast('Privacy settings saved');
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: PRIVACY,
      body: { journal: 'private', media: 'family', stats: 'private', milestones: 'family', recruiting: 'coaches' },
    });
  });

  it('toasts Failed to save privacy settings when the PUT fails', async () => {
    stubFetch(
      routes({
        [`GET ${PRIVACY}`]: { body: somePrivacySettings() },
        [`PUT ${PRIVACY}`]: { status: 500, body: { message: 'Something went wrong' } },
      }),
    );
    renderPage(anOwnedAthlete(), '/family?tab=settings');

    fireEvent.click(await screen.findByRole('button', { name: 'Save Privacy Settings' }));
    await findToast('Failed to save privacy settings');
  });
});

describe('On a phone', () => {
  it('shows each member as a card with status and actions instead of a sideways-scrolling table', async () => {
    stubFetch(routes());
    stubPhoneViewport();
    renderPage();

    const coach = await screen.findByRole('listitem', { name: 'Coach Ruiz' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(coach).getByText('Coach · Limited')).toBeTruthy();
    expect(within(coach).getByText('Active')).toBeTruthy();
    expect(within(coach).getByRole('button', { name: 'Change Access' })).toBeTruthy();
    expect(within(coach).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(coach).getByRole('button', { name: 'Choose shared items' })).toBeTruthy();
  });
});

describe('A member who may not manage the circle', () => {
  it('sees the members list only: no tabs, no actions, no Add to The Loop', async () => {
    const { calls } = stubFetch(routes());
    renderPage(aViewerAthlete(), '/family?tab=settings');

    expect(await screen.findByRole('row', { name: 'Maria Rivera' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to The Loop' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.getByText('Access Levels Explained')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([CIRCLE]);
  });
});
