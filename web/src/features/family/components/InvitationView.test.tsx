import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { anInvitation, aViewerAthlete } from '../test-utils';
import { InvitationView } from './InvitationView';
import { stubFetch, type StubRoutes } from '../../../test/fetch';

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const INVITATION = '/api/invitations/tok123';
const ACCEPT = '/api/invitations/tok123/accept';
const SUMMARY = "Ana Rivera invited you to follow Jordan Rivera's journey on Legacy Locker as grandparent (viewer access)";

function renderInvite(routes: StubRoutes, user: typeof testUser | null = testUser) {
  const stub = stubFetch(routes);
  const result = renderWithProviders(<InvitationView token="tok123" />, { route: '/invite/tok123', user });
  return { ...stub, ...result };
}

describe('Invitation page', () => {
  it('says who invited them to follow whom, as what, with which access', async () => {
    renderInvite({ [`GET ${INVITATION}`]: { body: anInvitation() } });
    expect(await screen.findByText(SUMMARY)).toBeTruthy();
    expect(screen.getByText('View only.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeTruthy();
  });

  it('names who the invitation is for (masked) and, to another account, says so and offers to sign out instead of accepting', async () => {
    const { calls } = renderInvite({
      [`GET ${INVITATION}`]: { body: anInvitation({ name: 'Rose', email: 'r•••@example.com' }) },
      'POST /api/logout': { status: 204 },
    });
    expect(await screen.findByText('This invitation is for Rose (r•••@example.com).')).toBeTruthy();
    expect(screen.getByText('This invitation is for another address')).toBeTruthy();
    expect(screen.getByText(/It was sent to r•••@example\.com, and you are signed in as ana@example\.com/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign in or create an account to accept.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/logout')).toBe(true);
    expect(calls.some((c) => c.url === ACCEPT)).toBe(false);
  });

  it('shows who it was sent to when the server refuses the account (403), without a toast', async () => {
    // The masks match (another address with the same first letter and domain): only the server can tell.
    const { calls } = renderInvite({
      [`GET ${INVITATION}`]: { body: anInvitation({ email: 'a•••@example.com' }) },
      [`POST ${ACCEPT}`]: {
        status: 403,
        body: { message: 'This invitation was sent to a•••@example.com. Sign in with that address to accept it, or ask the family for a new link.' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('This invitation is for another address')).toBeTruthy();
    expect(screen.getByText(/It was sent to a•••@example\.com, and you are signed in as ana@example\.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    expect(screen.queryByText('Failed to accept invitation')).toBeNull();
    expect(calls.filter((c) => c.url === ACCEPT)).toHaveLength(1);
  });

  it.each([['the account’s address', 'a•••@example.com'], ['no e-mail', null]])('offers to accept an invitation with %s', async (_, email) => {
    renderInvite({ [`GET ${INVITATION}`]: { body: anInvitation({ email }) } });
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(screen.queryByText('This invitation is for another address')).toBeNull();
  });

  it("shows the server's 410 message with a link home", async () => {
    renderInvite({
      [`GET ${INVITATION}`]: { status: 410, body: { message: 'This invitation has expired. Ask the family to send a new one.' } },
    });
    expect(await screen.findByText('This invitation has expired. Ask the family to send a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('says an unknown link is not valid (404)', async () => {
    renderInvite({ [`GET ${INVITATION}`]: { status: 404, body: { message: 'This invitation link is not valid' } } });
    expect(await screen.findByText('This invitation link is not valid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toBeTruthy();
  });

  it('accepts, stores the athlete as the current one, welcomes them and opens the dashboard', async () => {
    const { calls } = renderInvite({
      [`GET ${INVITATION}`]: { body: anInvitation() },
      [`POST ${ACCEPT}`]: { body: aViewerAthlete() },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('You can now follow Jordan Rivera.')).toBeTruthy();
    expect(screen.getByText('Welcome to The Loop')).toBeTruthy();
    expect(window.localStorage.getItem('currentAthleteId')).toBe('7');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([ACCEPT]);
  });

  it('says they are already in the circle (409) with a link to the dashboard', async () => {
    renderInvite({
      [`GET ${INVITATION}`]: { body: anInvitation() },
      [`POST ${ACCEPT}`]: { status: 409, body: { message: 'You are already in this family circle' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('You are already in this family circle')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(window.localStorage.getItem('currentAthleteId')).toBeNull();
  });

  it('shows a 410 from accepting (used in the meantime) in place', async () => {
    renderInvite({
      [`GET ${INVITATION}`]: { body: anInvitation() },
      [`POST ${ACCEPT}`]: { status: 410, body: { message: 'This invitation has already been used' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('This invitation has already been used')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/invite/tok123');
  });

  it('signs a visitor in and accepts in the same step, landing on the dashboard', async () => {
    const { calls } = renderInvite(
      {
        [`GET ${INVITATION}`]: { body: anInvitation() },
        'POST /api/login': { body: testUser },
        [`POST ${ACCEPT}`]: { body: aViewerAthlete() },
      },
      null,
    );
    expect(await screen.findByText('Sign in or create an account to accept.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
    // An e-mailed invitation opens on creating the invited address's account; signing in is a tab away.
    fireEvent.click(screen.getByRole('tab', { name: 'Sign In' }));
    const form = screen.getByRole('tabpanel', { name: 'Sign In' });

    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/login', ACCEPT]);
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/login',
      body: { email: 'ana@example.com', password: 'Secret123' },
    });
  });

  it('creates an account of their own for a copied link (no address) and joins in the same step', async () => {
    const { calls } = renderInvite(
      {
        [`GET ${INVITATION}`]: { body: anInvitation({ email: null }) },
        'POST /api/register': { status: 201, body: testUser },
        [`POST ${ACCEPT}`]: { body: aViewerAthlete() },
      },
      null,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Create Account' }));
    const form = screen.getByRole('tabpanel', { name: 'Create Account' });
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: 'Ana' } });
    fireEvent.change(within(form).getByLabelText('Last Name'), { target: { value: 'Rivera' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'weak' } });
    fireEvent.change(within(form).getByLabelText('Confirm Password'), { target: { value: 'weak' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(within(form).getByLabelText('Confirm Password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/register', ACCEPT]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'ana@example.com',
      password: 'Secret123',
    });
  });

  it("creates the invited address's account without typing it, joined by the server in the same call", async () => {
    const { calls } = renderInvite(
      {
        [`GET ${INVITATION}`]: { body: anInvitation({ email: 'r•••@example.com' }) },
        [`POST ${INVITATION}/register`]: { status: 201, body: { ...testUser, email: 'rose@example.com' } },
      },
      null,
    );
    const form = await screen.findByRole('tabpanel', { name: 'Create Account' });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('r•••@example.com');
    expect(email.readOnly).toBe(true);
    fireEvent.change(within(form).getByLabelText('First Name'), { target: { value: 'Rose' } });
    fireEvent.change(within(form).getByLabelText('Last Name'), { target: { value: 'Lee' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(within(form).getByLabelText('Confirm Password'), { target: { value: 'Secret123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual([`${INVITATION}/register`]);
    expect(posts[0]?.body).toEqual({ firstName: 'Rose', lastName: 'Lee', password: 'Secret123' });
  });
});
