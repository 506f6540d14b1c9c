import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AppFooter } from './AppFooter';
import { renderWithProviders, testUser } from '../../test/render';
import { stubFetch } from '../../test/fetch';

describe('AppFooter', () => {
  it('shows the copyright line with the current year', () => {
    renderWithProviders(<AppFooter />, { user: null });
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} Legacy Locker. All rights reserved.`)).toBeTruthy();
  });

  it('links every feature to Coming Soon and the support pages to theirs', () => {
    renderWithProviders(<AppFooter />, { user: null });
    const features = within(screen.getByRole('navigation', { name: 'Features' }));
    for (const label of ['Athlete Dashboard', 'Smart Journaling', 'Media Library', 'Family Circle', 'Recruiting Tools']) {
      expect(features.getByRole('link', { name: label }).getAttribute('href')).toBe('/coming-soon');
    }
    const support = within(screen.getByRole('navigation', { name: 'Support' }));
    expect(support.getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/coming-soon');
    expect(support.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(support.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(support.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });

  it.each(['/terms', '/privacy', '/contact', '/demo'])('offers the waitlist form as a news list to a visitor on %s', (route) => {
    renderWithProviders(<AppFooter />, { user: null, route });
    expect(screen.getByText('Stay in touch')).toBeTruthy();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: /join waitlist/i })).toBeTruthy();
  });

  // Issue 33: it showed to signed-in families, to coaches on a family's public page and to operators on /ops.
  it.each(['/dashboard', '/media', '/ops', '/terms', '/'])('never offers it to someone signed in (%s)', (route) => {
    renderWithProviders(<AppFooter />, { user: testUser, route });
    expect(screen.queryByText(/waitlist/i)).toBeNull();
    expect(screen.queryByText('Stay in touch')).toBeNull();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it.each([
    ['a family’s public showcase', '/a/sofia-garcia'],
    ['a public achievement', '/a/sofia-garcia/achievements/3'],
    ['shared media', '/share/abc123'],
    ['the sign-up page', '/early-access'],
    ['an invitation', '/invite/xyz'],
    ['the landing page, which has its own', '/'],
    ['Coming Soon, which has its own', '/coming-soon'],
  ])('does not offer it to a visitor on %s', (_name, route) => {
    renderWithProviders(<AppFooter />, { user: null, route });
    expect(screen.queryByText(/waitlist/i)).toBeNull();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it('waits for the session before offering it, so a signed-in family never sees it flash', () => {
    stubFetch({ 'GET /api/session': () => new Promise<Response>(() => {}) });
    renderWithProviders(<AppFooter />, { route: '/terms' });
    expect(screen.queryByLabelText('Email address')).toBeNull();
    vi.unstubAllGlobals();
  });
});
