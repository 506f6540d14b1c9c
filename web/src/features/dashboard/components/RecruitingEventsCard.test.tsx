import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RecruitingEventsCard } from './RecruitingEventsCard';
import { anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const event = (n: number, division = 'D1') => ({
  id: n,
  uid: `ncaa-${n}-${division}`,
  title: n % 2 ? 'Dead Period' : 'Quiet Period',
  description: '',
  date: `2026-12-${String(n).padStart(2, '0')}`,
  endDate: `2026-12-${String(n + 1).padStart(2, '0')}`,
  sportType: 'Baseball',
  division,
  isNcaaEvent: true,
  periodType: n % 2 ? 'dead' : 'quiet',
  sourceUrl: 'https://ncaa.example/mba.pdf',
  verified: n !== 2,
});

describe('Recruiting Events card', () => {
  it("shows three NCAA events for the athlete's sports, then more on demand", async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete({ sports: 'Baseball, Softball' })] },
      'GET /api/recruiting-events?sport=Baseball%2C%20Softball': { body: [event(1), event(1, 'D2'), event(2), event(3), event(4), event(5)] },
    });
    renderWithProviders(<RecruitingEventsCard />, { route: '/dashboard', user: testUser });

    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Source: / })[0].getAttribute('href')).toBe('https://ncaa.example/mba.pdf');
    expect(screen.getByText('NCAA dates as published; confirm with the NCAA before acting on them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Open Recruiting Center' }).getAttribute('href')).toBe('/recruiting');
  });
});
