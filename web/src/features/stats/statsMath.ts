import type { GameStat, SeasonStat, StatsMap, StatValue } from './api';

// Numbers the Overview and Trends tabs work out from the counts the server sends. Rates are always
// recomputed from counts (never averaged), the way the server computes a season's.

/** A camelCase stat key in words, capitalised: "battingAvg" → "Batting Avg". */
export function statLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first n entries of a stats map, in the server's order. */
export function firstStats(stats: StatsMap, n: number): [string, StatValue][] {
  return Object.entries(stats).slice(0, n);
}

/** A count from a stats map (0 when absent or not a number). */
export function count(stats: StatsMap, key: string): number {
  const v = stats[key];
  return typeof v === 'number' ? v : 0;
}

/** "6.2" innings (thirds) as outs. */
export function outsFromInnings(value: StatValue | undefined): number {
  if (value === undefined) return 0;
  const [whole, third = '0'] = String(value).split('.');
  return Number(whole) * 3 + Number(third);
}

/** Outs as thirds notation: 20 → "6.2". */
export function inningsFromOuts(outs: number): string {
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

/** A rate the baseball way: .365, 1.025. */
export function formatAverage(v: number): string {
  const t = v.toFixed(3);
  return t.startsWith('0.') ? t.slice(1) : t;
}

const COUNT_KEYS = [
  'gamesPlayed', 'plateAppearances', 'atBats', 'runs', 'hits', 'doubles', 'triples', 'homeRuns', 'rbi', 'walks',
  'strikeouts', 'hitByPitch', 'sacrificeFlies', 'stolenBases', 'earnedRuns', 'pitcherStrikeouts', 'walksAllowed',
  'hitsAllowed', 'runsAllowed',
] as const;

export interface Totals {
  counts: Record<string, number>;
  outs: number;
}

/** Sums the counts of several lines (and innings, as outs). */
export function sumLines(lines: StatsMap[]): Totals {
  const counts: Record<string, number> = {};
  let outs = 0;
  for (const line of lines) {
    for (const key of COUNT_KEYS) {
      if (typeof line[key] === 'number') counts[key] = (counts[key] ?? 0) + (line[key] as number);
    }
    outs += outsFromInnings(line.inningsPitched);
  }
  return { counts, outs };
}

/** Regulation innings when the level's are unknown (college and the pros). */
export const DEFAULT_REGULATION = 9;

/**
 * The rates a stat line shows, recomputed from its counts; absent when their denominator is zero.
 * ERA is over the regulation innings of the level the games were played at (7 in high school).
 */
export function ratesOf({ counts, outs }: Totals, regulation = DEFAULT_REGULATION): Record<string, string> {
  const c = (k: string) => counts[k] ?? 0;
  const out: Record<string, string> = {};
  const ab = c('atBats');
  if (ab > 0) {
    out.battingAvg = formatAverage(c('hits') / ab);
    const singles = c('hits') - c('doubles') - c('triples') - c('homeRuns');
    out.sluggingPct = formatAverage((singles + 2 * c('doubles') + 3 * c('triples') + 4 * c('homeRuns')) / ab);
  }
  const obpDen = ab + c('walks') + c('hitByPitch') + c('sacrificeFlies');
  if (obpDen > 0) out.onBasePct = formatAverage((c('hits') + c('walks') + c('hitByPitch')) / obpDen);
  if (outs > 0) {
    out.inningsPitched = inningsFromOuts(outs);
    // A rate only from counts the file had: no earned runs column, no ERA (not a perfect 0.00).
    if (counts.earnedRuns !== undefined) out.era = ((regulation * c('earnedRuns')) / (outs / 3)).toFixed(2);
    if (counts.walksAllowed !== undefined || counts.hitsAllowed !== undefined) {
      out.whip = ((c('walksAllowed') + c('hitsAllowed')) / (outs / 3)).toFixed(2);
    }
  }
  return out;
}

/** Career totals over the seasons (or the games, when no season was imported), ERA over the given regulation innings. */
export function careerLine(seasons: SeasonStat[], games: GameStat[], regulation = DEFAULT_REGULATION): StatsMap {
  const totals = sumLines((seasons.length > 0 ? seasons : games).map((s) => s.stats));
  return { ...totals.counts, ...ratesOf(totals, regulation) };
}

/** The best games: most hits, then most RBI, then the newest. */
export function bestGames(games: GameStat[], n = 3): GameStat[] {
  return [...games]
    .filter((g) => typeof g.stats.hits === 'number' || typeof g.stats.rbi === 'number')
    .sort((a, b) => count(b.stats, 'hits') - count(a.stats, 'hits') || count(b.stats, 'rbi') - count(a.stats, 'rbi') || b.gameDate.localeCompare(a.gameDate))
    .slice(0, n);
}

/** The rolling window of the batting-average trend. */
export const ROLLING_GAMES = 5;

export interface TrendPoint {
  date: string;
  label: string;
  avg?: number;
  obp?: number;
  slg?: number;
  strikeouts?: number;
  innings?: number;
  era?: number;
}

/**
 * One point per game, oldest first: rolling AVG over the last 5 games, OBP and SLG of the game, K, IP
 * and ERA. A game's own rates are the server's (ERA at the level it was played at); they are
 * recomputed from its counts only when its line lacks them.
 */
export function trendPoints(games: GameStat[]): TrendPoint[] {
  const ordered = [...games].sort((a, b) => a.gameDate.localeCompare(b.gameDate) || a.id - b.id);
  return ordered.map((game, i) => {
    const window = ordered.slice(Math.max(0, i - ROLLING_GAMES + 1), i + 1);
    const rolling = sumLines(window.map((g) => g.stats)).counts;
    const own = sumLines([game.stats]);
    const rates = ratesOf(own);
    const point: TrendPoint = { date: game.gameDate, label: game.opponent ? `${game.gameDate.slice(5)} ${game.opponent}` : game.gameDate.slice(5) };
    if ((rolling.atBats ?? 0) > 0) point.avg = round3((rolling.hits ?? 0) / rolling.atBats);
    const ownRate = (key: string) => (typeof game.stats[key] === 'string' ? Number(game.stats[key]) : rates[key] ? Number(rates[key]) : undefined);
    const obp = ownRate('onBasePct');
    const slg = ownRate('sluggingPct');
    if (obp !== undefined && Number.isFinite(obp)) point.obp = obp;
    if (slg !== undefined && Number.isFinite(slg)) point.slg = slg;
    if (typeof game.stats.strikeouts === 'number') point.strikeouts = game.stats.strikeouts;
    if (own.outs > 0) {
      point.innings = round3(own.outs / 3);
      const era = ownRate('era');
      if (era !== undefined && Number.isFinite(era)) point.era = era;
    }
    return point;
  });
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
