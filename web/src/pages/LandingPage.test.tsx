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
    expect(screen.getByText('Coming soon')).toBeTruthy();
    expect(screen.getByText('$19')).toBeTruthy();
    for (const item of ['HD storage', 'AI summaries', 'Family vault']) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText('Maria G., softball mom')).toBeTruthy();
  });

  it('offers the waitlist and the demo to visitors', () => {
    renderWithProviders(<LandingPage />, { user: null });
    expect(screen.getAllByRole('button', { name: 'Join the Waitlist' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View Demo' }).getAttribute('href')).toBe('/demo');
    expect(screen.queryByRole('link', { name: /go to dashboard/i })).toBeNull();
    expect(screen.getByRole('region', { name: 'Join the Waitlist' })).toBeTruthy();
  });

  it('offers the dashboard to a signed-in user', () => {
    renderWithProviders(<LandingPage />, { user: testUser });
    expect(screen.getByRole('link', { name: /go to dashboard/i }).getAttribute('href')).toBe('/dashboard');
  });
});
