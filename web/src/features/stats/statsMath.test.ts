import { describe, expect, it } from 'vitest';
import type { GameStat } from './api';
import { bestGames, careerLine, firstStats, inningsFromOuts, outsFromInnings, statLabel, trendPoints } from './statsMath';

function game(id: number, gameDate: string, stats: GameStat['stats'], opponent = ''): GameStat {
  return { id, sport: 'baseball', opponent, gameDate, location: '', result: '', score: '', source: 'maxpreps', stats };
}

describe('stats arithmetic', () => {
  it('splits camelCase keys into capitalised words', () => {
    expect(statLabel('battingAvg')).toBe('Batting Avg');
    expect(statLabel('homeRuns')).toBe('Home Runs');
    expect(statLabel('rbi')).toBe('Rbi');
  });

  it('keeps the server order of a stats map', () => {
    expect(firstStats({ battingAvg: '.500', hits: 2, rbi: 1, atBats: 4 }, 3).map(([k]) => k)).toEqual(['battingAvg', 'hits', 'rbi']);
  });

  it('reads and writes innings in thirds', () => {
    expect(outsFromInnings('6.2')).toBe(20);
    expect(outsFromInnings(undefined)).toBe(0);
    expect(inningsFromOuts(20)).toBe('6.2');
  });

  it('recomputes career rates from summed counts, never by averaging', () => {
    const line = careerLine(
      [],
      [game(1, '2026-04-01', { atBats: 4, hits: 3, walks: 0, inningsPitched: '3.1', earnedRuns: 1 }), game(2, '2026-04-02', { atBats: 6, hits: 0, walks: 2, inningsPitched: '2.2', earnedRuns: 2 })],
    );
    expect(line.atBats).toBe(10);
    expect(line.battingAvg).toBe('.300'); // 3/10, not the mean of .750 and .000
    expect(line.onBasePct).toBe('.417'); // (3+2)/(10+2)
    expect(line.inningsPitched).toBe('6.0');
    expect(line.era).toBe('4.50'); // 9*3/6
  });

  it("puts a career's ERA over the level's regulation innings", () => {
    const line = careerLine([], [game(1, '2026-04-01', { inningsPitched: '6.0', earnedRuns: 3 })], 7);
    expect(line.era).toBe('3.50'); // 7*3/6, a high-school game's 7 innings, not 9
  });

  it("charts a game's own rates, as the server worked them out at its level", () => {
    const points = trendPoints([game(1, '2026-04-01', { inningsPitched: '6.0', earnedRuns: 3, era: '3.50' }), game(2, '2026-04-02', { inningsPitched: '3.0', earnedRuns: 0 })]);
    expect(points[0]!.era).toBe(3.5);
    expect(points[1]!.era).toBe(0); // no era in its line: recomputed from its counts
  });

  it('rolls the batting average over the last five games, oldest first', () => {
    const games = [1, 2, 3, 4, 5, 6].map((i) => game(i, `2026-04-0${i}`, { atBats: 4, hits: i === 1 ? 4 : 0 }));
    const points = trendPoints(games.reverse());
    expect(points.map((p) => p.date)).toEqual(['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06']);
    expect(points[0]!.avg).toBe(1);
    expect(points[4]!.avg).toBe(0.2); // 4 hits in 20 at-bats
    expect(points[5]!.avg).toBe(0); // the 4-for-4 game has left the window
  });

  it('ranks the best games by hits, then RBI', () => {
    const best = bestGames([game(1, '2026-04-01', { hits: 2, rbi: 0 }), game(2, '2026-04-02', { hits: 2, rbi: 3 }), game(3, '2026-04-03', { hits: 1 }), game(4, '2026-04-04', { era: '0.00' })], 2);
    expect(best.map((g) => g.id)).toEqual([2, 1]);
  });
});
