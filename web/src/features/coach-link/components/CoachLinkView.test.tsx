import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import type { CoachPage } from '../api';
import { CoachLinkView } from './CoachLinkView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const code = 'abcdefghijkl';

function aPage(overrides: Partial<CoachPage> = {}): CoachPage {
  return {
    athlete: { name: 'Jordan Lee', sports: 'Baseball', photoUrl: null },
    college: 'State University',
    division: 'D1',
    coachName: 'Coach Diaz',
    clips: [],
    academics: null,
    measurables: null,
    seasons: [],
    events: [],
    contact: 'Sam Lee · sam@example.com',
    expiresAt: '2027-06-01T00:00:00Z',
    ...overrides,
  };
}

function show(page: CoachPage) {
  stubFetch({ [`GET /api/r/${code}`]: { body: page }, [`POST /api/r/${code}/views`]: { status: 204 } });
  renderWithProviders(<CoachLinkView code={code} />);
}

describe('CoachLinkView', () => {
  it('shows the measurables and academics the link includes', async () => {
    show(
      aPage({
        academics: { gpa: 3.8, satScore: 1340, satTakenOn: '2026-03-14', actScore: null, actTakenOn: null, ncaaId: '2109876543',
          intendedMajor: 'Kinesiology', transcript: { title: 'Junior transcript', url: `/api/r/${code}/media/9` } },
        measurables: { heightIn: 71, weightLb: 180, dominantHand: 'left', dominantFoot: '', items: [
          { id: 4, sport: 'baseball', sportLabel: 'Baseball', key: 'sixtyYardDash', label: '60-Yard Dash', value: 6.8, unit: 's',
            lowerIsBetter: true, measuredOn: '2026-02-01', verifiedBy: 'Perfect Game' },
        ] },
      }),
    );
    const measurables = await screen.findByRole('region', { name: 'Measurables' });
    expect(within(measurables).getByText('5′ 11″')).toBeTruthy();
    expect(within(measurables).getByText('180 lb')).toBeTruthy();
    expect(within(measurables).getByText('Left')).toBeTruthy();
    expect(within(measurables).getByText('6.80 s')).toBeTruthy();
    expect(within(measurables).getByText('measured Feb 1, 2026 · verified by Perfect Game')).toBeTruthy();
    const academics = screen.getByRole('region', { name: 'Academics' });
    expect(within(academics).getByText('3.80')).toBeTruthy();
    expect(within(academics).getByText('1340')).toBeTruthy();
    expect(within(academics).getByText('taken Mar 2026')).toBeTruthy();
    expect(within(academics).getByText('Kinesiology')).toBeTruthy();
    expect(within(academics).getByRole('link', { name: /Junior transcript/ }).getAttribute('href')).toBe(`/api/r/${code}/media/9`);
  });

  it('names the sport of each measurable of a two-sport athlete', async () => {
    const item = { lowerIsBetter: false, measuredOn: '2026-02-01', verifiedBy: '', key: 'verticalJump', label: 'Vertical Jump', value: 30, unit: 'in' };
    show(
      aPage({
        measurables: { heightIn: null, weightLb: null, dominantHand: '', dominantFoot: '', items: [
          { ...item, id: 1, sport: 'basketball', sportLabel: 'Basketball' },
          { ...item, id: 2, sport: 'volleyball', sportLabel: 'Volleyball', value: 28 },
        ] },
      }),
    );
    const measurables = await screen.findByRole('region', { name: 'Measurables' });
    expect(within(measurables).getByText('Basketball · Vertical Jump')).toBeTruthy();
    expect(within(measurables).getByText('Volleyball · Vertical Jump')).toBeTruthy();
    expect(within(measurables).getByText('28 in')).toBeTruthy();
  });

  it('shows neither when the link leaves them out', async () => {
    show(aPage());
    expect(await screen.findByText('Jordan Lee')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Measurables' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Academics' })).toBeNull();
  });
});
