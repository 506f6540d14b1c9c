import { LEVELS, type GameStat, type Level, type SeasonStat, type SportCatalogue, type StatDef, type StatsMap, type StatsSports, type StatValue } from './api';
import { statLabel } from './statsMath';

// How the screens read a sport's catalogue (integrations/sports, answered by GET
// /api/athletes/{id}/stats/sports): a stat's name, the stats a position leads with, and a value
// the server printed ("48.0%", ".365", "1:58.32", "21-04.50") as a number to chart.

/** Baseball and softball keep their box-score screens (batting average, OBP/SLG, innings and ERA). */
export const DIAMOND_SPORTS = ['baseball', 'softball'];
export const isDiamond = (sport: string) => DIAMOND_SPORTS.includes(sport);

export function catalogueOf(sports: StatsSports | undefined, sport: string): SportCatalogue | undefined {
  return sports?.catalogues.find((c) => c.sport === sport);
}

export function statDef(cat: SportCatalogue | undefined, key: string): StatDef | undefined {
  return cat?.stats.find((s) => s.key === key);
}

/** A stat's label in its sport ("Field Goal Percentage"), or the key in words for one the sport does not keep. */
export function labelOf(cat: SportCatalogue | undefined, key: string): string {
  return statDef(cat, key)?.label ?? statLabel(key);
}

/** A stat's abbreviation in its sport ("FG%"), or the key in words. */
export function abbrOf(cat: SportCatalogue | undefined, key: string): string {
  return statDef(cat, key)?.abbr ?? statLabel(key);
}

/** The stats a position leads with (matched by key, label, abbreviation or alias, any case), or none. */
export function positionLead(cat: SportCatalogue | undefined, position: string | undefined): string[] | undefined {
  const name = position?.trim().toLowerCase();
  if (!cat || !name) return undefined;
  const same = (s: string | undefined) => s !== undefined && s.toLowerCase() === name;
  return cat.positions?.find((p) => same(p.key) || same(p.label) || same(p.abbr) || (p.aliases ?? []).some(same))?.lead;
}

/**
 * What a sport's screens lead with: the server's lead for the athlete (the family's choice, else the
 * position's) when given, else the position's stats, else the sport's defaults.
 */
export function leadOf(cat: SportCatalogue | undefined, position: string | undefined, given?: string[]): string[] {
  if (given && given.length > 0) return given;
  return positionLead(cat, position) ?? cat?.defaultLead ?? [];
}

/** The server's lead for a sport the athlete plays (the family's choice, else the position's). */
export function sportLead(sports: StatsSports | undefined, sport: string): string[] | undefined {
  return sports?.lead?.[sport];
}

/** A line's entries with the lead keys it carries first, then the rest in the line's own order. */
export function leadFirst(stats: StatsMap, lead: string[]): [string, StatValue][] {
  const first = lead.filter((k) => stats[k] !== undefined).map((k) => [k, stats[k]!] as [string, StatValue]);
  return [...first, ...Object.entries(stats).filter(([k]) => !lead.includes(k))];
}

/**
 * A value as the server prints it, as a number: a count as itself, a rate's text ("48.0%" → 48,
 * ".365" → 0.365), a time in seconds ("1:58.32" → 118.32), a feet-inches mark in inches
 * ("21-04.50" → 256.5), innings as innings ("6.2" → 6.667). Undefined when it is none of these.
 */
export function statNumber(value: StatValue | undefined, kind?: StatDef['kind'], unit?: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  const text = value.trim().replace(/%$/, '').replace(/^\+/, '');
  if (kind === 'innings') {
    const m = /^(\d+)\.([012])$/.exec(text);
    return m ? Number(m[1]) + Number(m[2]) / 3 : undefined;
  }
  if (kind === 'distance' && unit === 'in') {
    const m = /^(\d+)-(\d+(?:\.\d+)?)$/.exec(text);
    if (m) return Number(m[1]) * 12 + Number(m[2]);
  }
  if (text.includes(':')) {
    const parts = text.split(':');
    if (parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return undefined;
    return parts.reduce((total, p) => total * 60 + Number(p), 0);
  }
  const n = Number(text);
  return text !== '' && Number.isFinite(n) ? n : undefined;
}

/** The sports the athlete has numbers in: those they play first, as their profile orders them, then any other by label. */
export function sportsWithStats(sports: StatsSports | undefined, games: GameStat[], seasons: SeasonStat[]): string[] {
  // A season imported before seasons had a sport is baseball's, as the server reads it.
  const have = new Set([...games.map((g) => g.sport), ...seasons.map((s) => s.sport || 'baseball')]);
  const played = (sports?.plays ?? []).filter((s) => have.has(s));
  const label = (s: string) => catalogueOf(sports, s)?.label ?? s;
  const rest = [...have].filter((s) => !played.includes(s)).sort((a, b) => label(a).localeCompare(label(b)));
  return [...played, ...rest];
}

/**
 * The level of play of a graduating class on a day (YYYY-MM-DD), as the server reckons it
 * (sports.LevelAt): a school year ends in June; the four years before graduation are high school,
 * the two before middle school, earlier youth, after it college. An unknown class is high school.
 */
export function levelAt(classYear: number, day: string): Level {
  if (!classYear || classYear <= 0) return 'high_school';
  const [year, month] = day.split('-').map(Number) as [number, number];
  const left = classYear - (month >= 7 ? year + 1 : year);
  if (left < 0) return 'college';
  if (left <= 3) return 'high_school';
  if (left <= 5) return 'middle_school';
  return 'youth';
}

/** A game's regulation length at a level (the level's own, else the highest level listed), as the server's rates use it. */
export function regulationAt(cat: SportCatalogue | undefined, level: Level): number | undefined {
  const r = cat?.regulation;
  if (!r) return undefined;
  if (r[level]) return r[level];
  return [...LEVELS].reverse().map((l) => r[l]).find((v) => v !== undefined && v > 0);
}

/** The stat names to suggest where a family names a stat in words (an achievement's stats): for each
 * sport the athlete plays, its lead stats, then the rest of its catalogue, without repeats. */
export function statSuggestions(sports: StatsSports | undefined): string[] {
  const names = new Set<string>();
  for (const sport of sports?.plays ?? []) {
    const cat = catalogueOf(sports, sport);
    for (const key of sportLead(sports, sport) ?? cat?.defaultLead ?? []) names.add(labelOf(cat, key));
    for (const stat of cat?.stats ?? []) names.add(stat.label);
  }
  return [...names];
}
