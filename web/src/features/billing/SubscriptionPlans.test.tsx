import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubRoutes } from '../../test/fetch';
import { renderWithProviders, testUser } from '../../test/render';
import type { SubscriptionStatus } from './api';
import { SubscriptionPlans } from './components/SubscriptionPlans';

const limits = { storageBytes: 500 << 20, maxFileBytes: 50 << 20, athletes: 1, familyMembers: 3, aiEnhancementsPerMonth: 10, openUploads: 5 };
const plans = {
  free: { name: 'Free', price: 0, features: ['One athlete'], limits },
  basic: { name: 'Basic', price: 9, features: ['10 GB of storage'], limits },
  premium: { name: 'Premium', price: 19, features: ['100 GB of storage'], limits },
  family: { name: 'Family', price: 29, features: ['Up to 6 athletes'], limits },
};

const aStatus = (overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus => ({
  tier: 'free', subscribedTier: 'free', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, limits,
  usage: { storageBytes: 120 << 20, mediaBytes: 120 << 20, photoBytes: 0, openUploads: 0, openUploadBytes: 0, openUploadReceivedBytes: 0, athletes: 1 }, billingEnabled: true, publishableKey: '', grant: null, ...overrides,
});

function routes(status: SubscriptionStatus, overrides: StubRoutes = {}): StubRoutes {
  return { 'GET /api/subscription/plans': { body: plans }, 'GET /api/subscription/status': { body: status }, ...overrides };
}

const renderPage = () => renderWithProviders(<SubscriptionPlans />, { route: '/subscription', user: testUser });

afterEach(() => vi.unstubAllGlobals());

describe('Subscription page', () => {
  it('says when a plan was granted by Legacy Locker, and until when', async () => {
    stubFetch(routes(aStatus({ tier: 'family', grant: { tier: 'family', until: '2027-06-01T00:00:00Z' } })));
    renderPage();
    expect(await screen.findByText('Family granted by Legacy Locker until May 31, 2027')).toBeTruthy();
  });

  it('shows the plans from the server with the spec’s labels and the storage used', async () => {
    stubFetch(routes(aStatus()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
    const premium = screen.getByLabelText('Premium');
    expect(within(premium).getByText('Most Popular')).toBeTruthy();
    expect(within(premium).getByText('$19')).toBeTruthy();
    expect(within(premium).getByRole('button', { name: 'Select Plan' })).toBeTruthy();
    const free = screen.getByLabelText('Free');
    expect((within(free).getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('120 MB of 500 MB used')).toBeTruthy();
    expect(screen.getByText('Athletes: 1 of 1, sharing this storage')).toBeTruthy();
    expect(screen.queryByText('Current Subscription')).toBeNull();
    expect(screen.queryByText(/uploads in progress/)).toBeNull();
  });

  it('counts open uploads in the storage used', async () => {
    const usage = { storageBytes: 220 << 20, mediaBytes: 120 << 20, photoBytes: 0, openUploads: 2, openUploadBytes: 100 << 20, openUploadReceivedBytes: 30 << 20, athletes: 1 };
    stubFetch(routes(aStatus({ usage })));
    renderPage();
    expect(await screen.findByText('220 MB of 500 MB used')).toBeTruthy();
    expect(screen.getByText('2 of 5 uploads in progress hold 100 MB (30 MB received so far)')).toBeTruthy();
  });

  it('says paid plans need billing when it is not configured, and free still works', async () => {
    stubFetch(routes(aStatus({ billingEnabled: false })));
    renderPage();
    expect((await screen.findAllByText('Billing is not configured')).length).toBe(3);
  });

  it('asks for the card and says the payment form is not ready when Stripe.js cannot load', async () => {
    stubFetch(routes(aStatus({ publishableKey: '' })));
    renderPage();
    fireEvent.click(within(await screen.findByLabelText('Premium')).getByRole('button', { name: 'Select Plan' }));
    const complete = await screen.findByLabelText('Complete Your Subscription');
    expect(within(complete).getByText('Payment form not ready')).toBeTruthy();
    fireEvent.click(within(complete).getByRole('button', { name: 'Subscribe to Premium' }));
    expect((await screen.findAllByText('Payment form not ready')).length).toBeGreaterThan(1);
  });

  it('manages a paid plan: cancel at period end, and back to free', async () => {
    const paid = aStatus({ tier: 'premium', subscribedTier: 'premium', currentPeriodEnd: '2026-12-24T00:00:00Z' });
    const { calls } = stubFetch(
      routes(paid, {
        'POST /api/subscription/cancel': { body: { ...paid, cancelAtPeriodEnd: true } },
        'POST /api/subscription/create': (body) => ({ body: { tier: (body as { tier: string }).tier } }),
        'POST /api/subscription/billing-portal': { status: 503, body: { message: 'The payment service did not answer. Please try again.' } },
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    const current = await screen.findByLabelText('Current Subscription');
    expect(within(current).getByText('Renews on Dec 24, 2026')).toBeTruthy();
    fireEvent.click(within(current).getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Failed to open billing portal')).toBeTruthy();
    fireEvent.click(within(current).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Your subscription has been canceled')).toBeTruthy();
    fireEvent.click(within(screen.getByLabelText('Free')).getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('Successfully switched to free tier')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.url === '/api/subscription/create')?.body).toEqual({ tier: 'free' }));
  });

  it('tells a lapsed payment apart', async () => {
    stubFetch(routes(aStatus({ tier: 'free', subscribedTier: 'premium', status: 'past_due' })));
    renderPage();
    expect(await screen.findByText(/The last payment did not go through/)).toBeTruthy();
  });
});
