import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { PublicShowcasePage } from './PublicShowcasePage';

afterEach(() => vi.unstubAllGlobals());

describe('Public showcase page', () => {
  const renderPublic = (route: string) => renderWithProviders(<PublicShowcasePage />, { route, path: '/a/:slug', user: null });

  it('shows what the family published', async () => {
    stubFetch({
      'GET /api/public/athletes/sam-lee': {
        body: {
          name: 'Sam Lee', sports: 'Baseball', position: 'Pitcher', graduationYear: 2028, school: 'Lincoln High', gpa: null, bio: 'Lefty.', contact: 'Coach: c@example.com',
          achievements: [{ id: 51, title: 'All-State', description: '', date: '2026-04-12', category: 'award', stats: {}, cardUrl: '/api/public/athletes/sam-lee/achievements/51/card?size=feed&v=a', storyUrl: null }],
          media: [],
          seasons: [
            { id: 1, sport: 'baseball', sportName: 'Baseball', season: '2026 Spring', teamName: 'Varsity', sportType: 'Baseball', stats: { battingAvg: '.367' }, columns: [{ key: 'battingAvg', abbr: 'AVG', label: 'Batting Average' }] },
            { id: 2, sport: 'basketball', sportName: 'Basketball', season: '2025–26 Winter', teamName: 'Varsity', sportType: '', stats: { points: 300, fieldGoalPct: '45.8%' }, columns: [{ key: 'points', abbr: 'PTS', label: 'Points' }, { key: 'fieldGoalPct', abbr: 'FG%', label: 'Field Goal Percentage' }] },
          ],
        },
      },
    });
    renderPublic('/a/sam-lee');
    expect(await screen.findByRole('heading', { name: 'Sam Lee' })).toBeTruthy();
    expect(screen.getByText('Baseball · Pitcher · Class of 2028 · Lincoln High')).toBeTruthy();
    expect(screen.getByText('Coach: c@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All-State' }).getAttribute('href')).toBe('/a/sam-lee/achievements/51');
    expect(screen.getByText(/Apr 12, 2026 · /)).toBeTruthy(); // the date as every other page writes it, never 2026-04-12
    expect(screen.getByText('.367')).toBeTruthy();
    // A table per sport, headed by the columns the server named from its catalogue.
    expect(screen.getByRole('heading', { name: 'Basketball' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'FG%' })).toBeTruthy();
    expect(screen.getByText('45.8%')).toBeTruthy();
    expect(screen.queryByText(/GPA/)).toBeNull();
  });

  it('is not found when unpublished', async () => {
    stubFetch({ 'GET /api/public/athletes/gone': { status: 404, body: { message: 'Not found' } } });
    renderPublic('/a/gone');
    expect(await screen.findByText(/not found|doesn.t exist|can.t find/i)).toBeTruthy();
  });
});
