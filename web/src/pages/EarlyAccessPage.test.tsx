import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EarlyAccessPage } from './EarlyAccessPage';
import { renderWithProviders, testUser } from '../test/render';
import { stubFetch } from '../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('EarlyAccessPage', () => {
  it('shows a spinner while the session loads', () => {
    stubFetch({ 'GET /api/session': () => new Promise<Response>(() => {}) });
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access' });
    expect(screen.getByLabelText('Loading')).toBeTruthy();
  });

  it('sends a signed-in user home', () => {
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: testUser });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the portal, the benefits and that sign-up is open', () => {
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    expect(screen.getByRole('heading', { name: 'Early Access Portal' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByText('A lifetime discount on premium plans')).toBeTruthy();
    // Anyone can create an account, so nothing may say it takes an invitation.
    expect(screen.getByText('Open to every family')).toBeTruthy();
    expect(screen.getByText(/Anyone can create an account today/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/invitation only|invited members|with your invitation/i);
    expect(screen.getByRole('link', { name: /back to homepage/i }).getAttribute('href')).toBe('/');
  });

  it('opens on Create Account when the landing page sends a visitor to sign up', () => {
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access?tab=create-account', user: null });
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
  });

  it('validates the sign-in form on submit', async () => {
    const { fetchMock: fetch } = stubFetch({});
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    submit('Sign In');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows server field errors from a 400 under the inputs', async () => {
    stubFetch({ 'POST /api/login': { status: 400, body: { message: 'Invalid input', errors: { password: 'Password is required' } } } });
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    const panel = within(screen.getByRole('tabpanel', { name: 'Sign In' }));
    fireEvent.change(panel.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'x' } });
    submit('Sign In');
    expect(await panel.findByText('Password is required')).toBeTruthy();
  });

  it('goes to the dashboard after signing in, not to /', async () => {
    stubFetch({ 'POST /api/login': { body: testUser } });
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    const panel = within(screen.getByRole('tabpanel', { name: 'Sign In' }));
    fireEvent.change(panel.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'Str0ngPass' } });
    submit('Sign In');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
  });

  it('checks the password rules and the confirmation when creating an account', async () => {
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Create Account' }));
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.change(panel.getByLabelText('Confirm Password'), { target: { value: 'different' } });
    submit('Create Account');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
  });

  it('registers without sending confirmPassword and goes to the dashboard', async () => {
    const { calls } = stubFetch({ 'POST /api/register': { status: 201, body: testUser } });
    renderWithProviders(<EarlyAccessPage />, { route: '/early-access', user: null });
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'Create Account' }));
    fireEvent.change(panel.getByLabelText('First Name'), { target: { value: 'Ana' } });
    fireEvent.change(panel.getByLabelText('Last Name'), { target: { value: 'Rivera' } });
    fireEvent.change(panel.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'Str0ngPass' } });
    fireEvent.change(panel.getByLabelText('Confirm Password'), { target: { value: 'Str0ngPass' } });
    submit('Create Account');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/register' });
    expect(calls[0]!.body).toEqual({
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'ana@example.com',
      password: 'Str0ngPass',
    });
  });
});
