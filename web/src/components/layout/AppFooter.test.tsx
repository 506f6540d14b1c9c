import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AppFooter } from './AppFooter';
import { renderWithProviders } from '../../test/render';

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

  it('has the waitlist form', () => {
    renderWithProviders(<AppFooter />, { user: null });
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: /join waitlist/i })).toBeTruthy();
  });
});
