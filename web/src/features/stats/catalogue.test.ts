import { describe, expect, it } from 'vitest';
import type { GameStat, SportCatalogue } from './api';
import { labelOf, leadFirst, leadOf, levelAt, positionLead, regulationAt, sportsWithStats, statNumber } from './catalogue';

const basketball: SportCatalogue = {
  sport: 'basketball', label: 'Basketball', groups: [], defaultLead: ['points', 'rebounds', 'assists'],
  stats: [{ key: 'fieldGoalPct', label: 'Field Goal Percentage', abbr: 'FG%', group: 'scoring', kind: 'rate' }],
  positions: [{ key: 'point_guard', label: 'Point Guard', abbr: 'PG', lead: ['points', 'assists', 'threePointPct'], aliases: ['point', '1'] }],
};

describe('reading a sport catalogue', () => {
  it("reads a number from the server's text the way the sport writes it", () => {
    expect(statNumber('48.0%', 'rate')).toBe(48);
    expect(statNumber('.365', 'rate')).toBe(0.365);
    expect(statNumber('1.025', 'rate')).toBe(1.025);
    expect(statNumber('1:58.32', 'time')).toBeCloseTo(118.32);
    expect(statNumber('16:42.1', 'time')).toBeCloseTo(1002.1);
    expect(statNumber('10.85', 'time')).toBe(10.85);
    expect(statNumber('21-04.50', 'distance', 'in')).toBe(256.5);
    expect(statNumber('6.52', 'distance', 'm')).toBe(6.52);
    expect(statNumber('6.2', 'innings')).toBeCloseTo(6.667, 3);
    expect(statNumber('+3', 'count')).toBe(3);
    expect(statNumber(18, 'count')).toBe(18);
    expect(statNumber('E', 'count')).toBeUndefined();
    expect(statNumber(undefined)).toBeUndefined();
  });

  it('finds a position by key, label, abbreviation or alias, in any case', () => {
    for (const name of ['point_guard', 'point guard', 'PG', 'pg', ' Point ']) expect(positionLead(basketball, name)).toEqual(['points', 'assists', 'threePointPct']);
    expect(positionLead(basketball, 'Pitcher')).toBeUndefined();
    expect(leadOf(basketball, 'Pitcher')).toEqual(['points', 'rebounds', 'assists']);
  });

  it('puts the lead stats first and keeps the rest in the line order', () => {
    expect(leadFirst({ points: 18, rebounds: 4, assists: 7, steals: 1 }, ['assists', 'threePointPct']).map(([k]) => k)).toEqual(['assists', 'points', 'rebounds', 'steals']);
  });

  it("labels from the catalogue, and a key it does not keep in words", () => {
    expect(labelOf(basketball, 'fieldGoalPct')).toBe('Field Goal Percentage');
    expect(labelOf(basketball, 'plusMinus')).toBe('Plus Minus');
  });

  it('reckons the level of play and its regulation length as the server does', () => {
    expect(levelAt(2026, '2026-04-11')).toBe('high_school'); // a senior's last spring
    expect(levelAt(2026, '2026-09-05')).toBe('college');
    expect(levelAt(2031, '2026-04-11')).toBe('middle_school');
    expect(levelAt(0, '2026-04-11')).toBe('high_school');
    const baseball = { ...basketball, regulation: { youth: 6, high_school: 7, college: 9 } };
    expect(regulationAt(baseball, 'high_school')).toBe(7);
    expect(regulationAt(baseball, 'pro')).toBe(9); // the highest level listed
    expect(regulationAt(basketball, 'high_school')).toBeUndefined();
  });

  it('lists the sports played first, then the others by label; an older season is baseball', () => {
    const game = (sport: string) => ({ sport }) as GameStat;
    const sports = { plays: ['basketball', 'soccer'], catalogues: [basketball, { ...basketball, sport: 'volleyball', label: 'Volleyball' }, { ...basketball, sport: 'baseball', label: 'Baseball' }] };
    expect(sportsWithStats(sports, [game('volleyball'), game('basketball')], [{ sport: '' } as never])).toEqual(['basketball', 'baseball', 'volleyball']);
  });
});
