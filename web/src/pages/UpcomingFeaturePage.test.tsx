import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { UpcomingFeaturePage } from './UpcomingFeaturePage';
import { renderWithProviders, testUser } from '../test/render';

describe('UpcomingFeaturePage', () => {
  it('names the area, says it is being built, and links back to the dashboard', () => {
    renderWithProviders(<UpcomingFeaturePage title="Media Library" />, { route: '/media', user: testUser });
    expect(screen.getByRole('heading', { level: 1, name: 'Media Library' })).toBeTruthy();
    expect(screen.getByText(/being built for early-access members/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to dashboard/i }).getAttribute('href')).toBe('/dashboard');
  });
});
