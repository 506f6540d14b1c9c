import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { LegacyTimelineSection } from './LegacyTimelineSection';
import { anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const milestone = (id: number, title: string, date: string, type = 'achievement') => ({ id, title, date, type, description: '' });

describe('Legacy Timeline', () => {
  it("shows the athlete's three newest milestones with their type badges, and links to all", async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/milestones': {
        body: [
          milestone(4, 'Named captain', '2026-05-30', 'other'),
          milestone(3, 'Showcase', '2026-04-18', 'recruiting'),
          milestone(2, 'First start', '2026-03-14'),
          milestone(1, 'First hit', '2025-03-14'),
        ],
      },
    });
    renderWithProviders(<LegacyTimelineSection />, { route: '/dashboard', user: testUser });

    expect(await screen.findByRole('article', { name: 'Named captain' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByText('First hit')).toBeNull();
    expect(screen.getByText('Recruiting')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View milestones' }).getAttribute('href')).toBe('/milestones');
    expect(screen.getByRole('link', { name: 'Add Milestone' }).getAttribute('href')).toBe('/milestones');
  });

  it('says so when there are none', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/milestones': { body: [] },
    });
    renderWithProviders(<LegacyTimelineSection />, { route: '/dashboard', user: testUser });
    expect(await screen.findByText('No milestones yet')).toBeTruthy();
  });
});
