import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { LandingPage } from './LandingPage';
import { renderWithProviders, testUser } from '../test/render';

describe('LandingPage', () => {
  it('lists the six features, the pricing teaser and the testimonials', () => {
    renderWithProviders(<LandingPage />, { user: null });
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual(
      expect.arrayContaining([
        'Upload & Tag Any Media',
        'Secure Private Storage',
        'AI-Generated Highlights',
        'Invite-Only Family Sharing',
        'Timeline of Milestones',
        'Athletic Achievement Showcase',
      ]),
    );
    expect(screen.getByText('1 athlete, 500MB storage')).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(screen.getByText('$19')).toBeTruthy();
    // What Premium lists, Free's card says how much of it Free has.
    for (const item of ['10 AI enhancements a month', 'Up to 10 family members', 'Unlimited AI enhancements', 'Up to 50 family members', '100 GB of storage'])
      expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText('Maria G., softball mom')).toBeTruthy();
  });

  it('invites visitors to create a free account, and offers the demo and the news list', () => {
    renderWithProviders(<LandingPage />, { user: null });
    const create = screen.getAllByRole('link', { name: 'Create a free account' });
    expect(create.length).toBe(2);
    for (const link of create) expect(link.getAttribute('href')).toBe('/early-access?tab=create-account');
    expect(screen.queryByText('Join the Waitlist')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Demo' }).getAttribute('href')).toBe('/demo');
    expect(screen.queryByRole('link', { name: /go to dashboard/i })).toBeNull();
    expect(screen.getByRole('region', { name: 'Not ready yet?' })).toBeTruthy();
  });

  it('leads both pricing buttons to sign-up, Premium saying it starts free', () => {
    renderWithProviders(<LandingPage />, { user: null });
    expect(screen.getByRole('link', { name: 'Start free, upgrade any time' }).getAttribute('href')).toBe('/early-access?tab=create-account');
    expect(screen.getByText('Open to every family')).toBeTruthy();
    expect(screen.queryByText(/join the waitlist/i)).toBeNull();
  });

  it('offers the dashboard to a signed-in user, the plans page from the pricing, and no news list', () => {
    renderWithProviders(<LandingPage />, { user: testUser });
    expect(screen.getByRole('link', { name: /go to dashboard/i }).getAttribute('href')).toBe('/dashboard');
    // The sign-up page would only send a signed-in family back here.
    const plans = screen.getAllByRole('link', { name: 'Choose your plan' });
    expect(plans).toHaveLength(2);
    for (const link of plans) expect(link.getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Not ready yet?' })).toBeNull();
    expect(screen.queryByText(/waitlist/i)).toBeNull();
  });
});
