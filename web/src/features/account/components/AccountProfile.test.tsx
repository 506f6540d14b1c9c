import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AccountProfile } from './AccountProfile';
import { aUser, anAthlete } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AccountProfile', () => {
  it('shows the e-mail read-only and saves the name into the cached user', async () => {
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'PUT /api/user': (body) => ({ body: { ...aUser(), ...(body as object) } }),
    });
    const { client } = renderWithProviders(<AccountProfile />);

    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('sam@example.com');
    expect(email.readOnly).toBe(true);
    fill(/^First Name/, ' Samantha ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Name' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firstName: 'Samantha', lastName: 'Rivera' });
    expect(client.getQueryData<{ firstName: string }>(['/api/session'])?.firstName).toBe('Samantha');
  });

  it('lets a member choose the e-mail about each athlete they follow, and puts a refused choice back', async () => {
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/user/digests': { body: [{ athleteId: 7, athleteName: 'Maya Brooks', frequency: 'weekly' }, { athleteId: 9, athleteName: 'Leo Brooks', frequency: 'weekly' }] },
      'PUT /api/user/digests/7': (body) => ({ body: { athleteId: 7, ...(body as object) } }),
      'PUT /api/user/digests/9': { status: 400, body: { message: 'Choose daily, weekly or never' } },
    });
    renderWithProviders(<AccountProfile />);
    const card = await screen.findByRole('region', { name: 'E-mail about the athletes you follow' });
    const maya = within(card).getByRole('radiogroup', { name: 'Maya Brooks' });
    fireEvent.click(within(maya).getByRole('radio', { name: 'Daily' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/digests/7')?.body).toEqual({ frequency: 'daily' }));
    expect((within(maya).getByRole('radio', { name: 'Daily' }) as HTMLInputElement).checked).toBe(true);

    const leo = within(card).getByRole('radiogroup', { name: 'Leo Brooks' });
    fireEvent.click(within(leo).getByRole('radio', { name: 'Never' }));
    expect(await screen.findByText('Choose daily, weekly or never')).toBeTruthy();
    await waitFor(() => expect((within(leo).getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true));
  });

  it("lets an athlete's owner turn the e-mail about comments off", async () => {
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [anAthlete({ id: 7 })] },
      'GET /api/user/digests': { body: [] },
      'GET /api/user/settings': { body: { weeklyPromptReminders: true, commentNotices: true } },
      'PUT /api/user/settings': (body) => ({ body: { weeklyPromptReminders: true, ...(body as object) } }),
    });
    renderWithProviders(<AccountProfile />);
    const toggle = (await screen.findByRole('switch', { name: /E-mail me when the family comments/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ commentNotices: false }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it("lets an athlete's owner turn the weekly recruiting brief off", async () => {
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': { body: [anAthlete({ id: 7 })] },
      'GET /api/user/digests': { body: [] },
      'GET /api/user/settings': { body: { weeklyPromptReminders: true, commentNotices: true, coachLinkNotices: true, recruitingBrief: true } },
      'PUT /api/user/settings': (body) => ({ body: { weeklyPromptReminders: true, commentNotices: true, coachLinkNotices: true, ...(body as object) } }),
    });
    renderWithProviders(<AccountProfile />);
    const toggle = (await screen.findByRole('switch', { name: /E-mail me a weekly recruiting brief/ })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ recruitingBrief: false }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('lets the family turn places on photos on for each athlete they manage, and not for one they only view', async () => {
    let showPlaces = false;
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'GET /api/athletes': () => ({
        body: [
          anAthlete({ id: 7, name: 'Maya Brooks', showPlaces }),
          anAthlete({ id: 9, name: 'Leo Brooks' }),
          anAthlete({ id: 11, name: 'Cousin Ada', role: 'viewer', permissions: { edit: false, manageCircle: false } }),
        ],
      }),
      'GET /api/user/digests': { body: [] },
      'PUT /api/athletes/7/places': (body) => {
        showPlaces = (body as { showPlaces: boolean }).showPlaces;
        return { body: { showPlaces } };
      },
    });
    renderWithProviders(<AccountProfile />);
    const card = await screen.findByRole('region', { name: 'Places on photos' });
    expect(within(card).getAllByRole('switch')).toHaveLength(2);
    const maya = within(card).getByRole('switch', { name: "Show where Maya Brooks's photos and videos were taken" }) as HTMLInputElement;
    expect(maya.checked).toBe(false);
    fireEvent.click(maya);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ showPlaces: true }));
    await waitFor(() => expect(maya.checked).toBe(true));
  });

  it('shows no e-mail choices to a family that follows no one else', async () => {
    stubFetch({ 'GET /api/session': { body: { user: aUser() } }, 'GET /api/user/digests': { body: [] } });
    renderWithProviders(<AccountProfile />);
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('region', { name: 'E-mail about the athletes you follow' })).toBeNull();
  });

  it('checks the password fields before sending', async () => {
    const { calls } = stubFetch({ 'GET /api/session': { body: { user: aUser() } } });
    renderWithProviders(<AccountProfile />);

    await screen.findByLabelText(/^Current Password/);
    fill(/^New Password/, 'Secret123');
    fill(/^Confirm New Password/, 'Secret124');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the server errors on the fields, and clears the form after a change', async () => {
    let attempt = 0;
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'PUT /api/user/password': () =>
        ++attempt === 1
          ? { status: 400, body: { message: 'Please fix the highlighted fields', errors: { currentPassword: 'Current password is incorrect' } } }
          : { status: 204 },
    });
    renderWithProviders(<AccountProfile />);

    await screen.findByLabelText(/^Current Password/);
    fill(/^Current Password/, 'Wrong1234');
    fill(/^New Password/, 'Secret123');
    fill(/^Confirm New Password/, 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();

    fill(/^Current Password/, 'Right1234');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^New Password/) as HTMLInputElement).value).toBe(''));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ currentPassword: 'Right1234', newPassword: 'Secret123' });
  });
});

describe('AccountProfile: a new e-mail address', () => {
  it('mails a link to the new address and says the old one stays until it is opened', async () => {
    const message = 'We sent a link to sam.rivera@example.com. Your address changes when you open it.';
    const { calls } = stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'PUT /api/user/email': { status: 202, body: { message } },
    });
    renderWithProviders(<AccountProfile />);
    const section = await screen.findByRole('region', { name: 'Change e-mail' });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the link' }));
    expect(await within(section).findByText('Please enter a valid email address')).toBeTruthy();
    expect(within(section).getByText('Current password is required')).toBeTruthy();

    fireEvent.change(within(section).getByLabelText(/^New e-mail address/), { target: { value: ' sam.rivera@example.com ' } });
    fireEvent.change(within(section).getByLabelText(/^Confirm with your password/), { target: { value: 'Passw0rdX' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the link' }));
    expect(await within(section).findByText(message)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/email')?.body).toEqual({ email: 'sam.rivera@example.com', currentPassword: 'Passw0rdX' });
  });

  it('shows a wrong password under the field', async () => {
    stubFetch({
      'GET /api/session': { body: { user: aUser() } },
      'PUT /api/user/email': { status: 400, body: { message: 'Invalid input', errors: { currentPassword: 'Current password is incorrect' } } },
    });
    renderWithProviders(<AccountProfile />);
    const section = await screen.findByRole('region', { name: 'Change e-mail' });
    fireEvent.change(within(section).getByLabelText(/^New e-mail address/), { target: { value: 'sam.rivera@example.com' } });
    fireEvent.change(within(section).getByLabelText(/^Confirm with your password/), { target: { value: 'wrong' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send the link' }));
    expect(await within(section).findByText('Current password is incorrect')).toBeTruthy();
  });
});
