import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { FollowUpsCard } from './FollowUpsCard';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Follow-ups card', () => {
  it('lists the colleges due today and overdue, each linking to its row in the recruiting center', async () => {
    stubFetch({
      'GET /api/athletes/7/follow-ups': {
        body: {
          today: '2026-11-10',
          due: [
            { collegeInterestId: 4, name: 'Coastal College', division: 'D2', on: '2026-11-07', daysOverdue: 3 },
            { collegeInterestId: 5, name: 'State University', division: 'D1', on: '2026-11-10', daysOverdue: 0 },
          ],
          more: 2,
        },
      },
    });
    renderWithProviders(<FollowUpsCard athleteId={7} />, { route: '/dashboard', user: testUser });

    const coastal = await screen.findByRole('article', { name: 'Follow up with Coastal College' });
    expect(within(coastal).getByText('3 days overdue')).toBeTruthy();
    expect(within(coastal).getByRole('link', { name: 'Coastal College' }).getAttribute('href')).toBe('/recruiting?tab=colleges#college-4');
    expect(within(screen.getByRole('article', { name: 'Follow up with State University' })).getByText('Due today')).toBeTruthy();
    expect(screen.getByText('and 2 more')).toBeTruthy();
  });

  it('says so when nothing is due', async () => {
    stubFetch({ 'GET /api/athletes/7/follow-ups': { body: { today: '2026-11-10', due: [], more: 0 } } });
    renderWithProviders(<FollowUpsCard athleteId={7} />, { route: '/dashboard', user: testUser });

    expect(await screen.findByText('No follow-ups due')).toBeTruthy();
  });
});
