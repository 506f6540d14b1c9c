import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { VerifyEmailPage } from './VerifyEmailPage';
import { VerifyEmailBanner } from '../features/auth';
import { aUser } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { stubFetch } from '../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const token = 'c'.repeat(43);
const renderPage = (user: ReturnType<typeof aUser> | null) =>
  renderWithProviders(<VerifyEmailPage />, { route: `/verify-email/${token}`, path: '/verify-email/:token', user });

describe('VerifyEmailPage', () => {
  it('confirms the address once and refreshes the signed-in account', async () => {
    const { calls, fetchMock } = stubFetch({ [`POST /api/email-verifications/${token}`]: { body: { ...aUser(), emailVerified: true } } });
    const { client } = renderPage({ ...aUser(), emailVerified: false });
    expect(await screen.findByText('sam@example.com is confirmed. Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
    expect(client.getQueryData<{ emailVerified: boolean }>(['/api/session'])?.emailVerified).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says why a spent link cannot be used, and offers to sign in when signed out', async () => {
    stubFetch({ [`POST /api/email-verifications/${token}`]: { status: 410, body: { message: 'This confirmation link has already been used.' } } });
    renderPage(null);
    expect(await screen.findByText('This confirmation link has already been used.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/early-access');
  });
});

describe('VerifyEmailBanner', () => {
  it('asks an unconfirmed account to open the link, and resends it', async () => {
    const { calls } = stubFetch({ 'POST /api/email-verifications': { status: 202, body: { message: 'We sent a new confirmation link to sam@example.com.' } } });
    renderWithProviders(<VerifyEmailBanner />, { user: { ...aUser(), emailVerified: false } });
    expect(screen.getByText(/We sent a link to sam@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new confirmation link to sam@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('is not shown once the address is confirmed', () => {
    stubFetch({});
    renderWithProviders(<VerifyEmailBanner />, { user: { ...aUser(), emailVerified: true } });
    expect(screen.queryByText(/Please confirm your e-mail address/)).toBeNull();
  });
});
