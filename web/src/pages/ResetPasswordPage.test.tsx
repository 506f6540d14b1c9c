import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EarlyAccessPage } from './EarlyAccessPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { renderWithProviders, testUser } from '../test/render';
import { stubFetch } from '../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentMessage = 'If an account uses that e-mail address, we have sent it a link to choose a new password. The link works for one hour.';

function renderResetPage(token = 'a'.repeat(43)) {
  return renderWithProviders(<ResetPasswordPage />, { route: `/reset-password/${token}`, path: '/reset-password/:token', user: null });
}

describe('Forgot password', () => {
  it('asks for the address, keeps what was typed, and shows the answer that never says whether it has an account', async () => {
    const { calls } = stubFetch({ 'POST /api/password-resets': { status: 202, body: { message: sentMessage } } });
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    const panel = within(screen.getByRole('tabpanel', { name: 'Sign In' }));
    fireEvent.change(panel.getByLabelText('Email'), { target: { value: ' ana@example.com ' } });
    fireEvent.click(panel.getByRole('button', { name: 'Forgot password?' }));

    expect((panel.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.click(panel.getByRole('button', { name: 'Send the link' }));
    expect(await panel.findByText(sentMessage)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/password-resets')?.body).toEqual({ email: 'ana@example.com' });

    fireEvent.click(panel.getByRole('button', { name: 'Back to sign in' }));
    expect(panel.getByLabelText('Password')).toBeTruthy();
  });

  it('checks the address before asking', async () => {
    const { fetchMock } = stubFetch({});
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access?forgot=1', user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the sign-up rules and signs in', async () => {
    const token = 'b'.repeat(43);
    const { calls } = stubFetch({
      [`GET /api/password-resets/${token}`]: { status: 204 },
      [`POST /api/password-resets/${token}`]: { body: testUser },
    });
    renderResetPage(token);
    const password = await screen.findByLabelText('New password');
    fireEvent.change(password, { target: { value: 'weak' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'NewPassw0rd' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'NewPassw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'NewPassw0rd' });
  });

  it('says at once that a spent link cannot be used, and offers a new one', async () => {
    const message = 'This password reset link has already been used. Ask for a new one from the sign-in page if you need to.';
    stubFetch({ [`GET /api/password-resets/${'a'.repeat(43)}`]: { status: 410, body: { message } } });
    renderResetPage();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/early-access?forgot=1');
  });
});
