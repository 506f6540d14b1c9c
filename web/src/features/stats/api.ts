import { apiRequest, throwIfNotOk } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';

// The stats calls (docs/API.md, "Sports statistics"). A stats map keeps the server's key order: the
// headline numbers come first, and the cards show the first 6 (game) or 8 (season) entries.

export type StatValue = number | string;
export type StatsMap = Record<string, StatValue>;

export interface StatsProvider {
  id: string;
  name: string;
  logoUrl: string;
  kind: 'file' | 'sync';
}

export interface ImportPreview {
  players: { label: string; jersey: string; name: string; matched: boolean }[];
  matchedRow: string | null;
  stats: StatsMap | null;
  warnings: { kind: string; row?: number; message: string }[];
  gamesWritten: number;
  seasonsWritten: number;
}

/** An uploaded export, read by the stats_sync job; its rows are written once it is ready. */
export interface StatsImport extends JobState {
  id: number;
  connectionId: number;
  fileName: string;
  format: 'gamechanger_csv' | 'maxpreps_txt' | 'sheet_csv' | null;
  /**
   * Read, but the file names the athlete by no Athlete ID the connection knows: nothing is written
   * until the family chooses their row from preview.players (status stays ready).
   */
  needsChoice: boolean;
  createdAt: string;
  finishedAt: string | null;
  preview: ImportPreview | null;
}

export interface PlatformConnection {
  id: number;
  athleteId: number;
  providerId: string;
  providerName: string;
  logoUrl: string;
  kind: 'file' | 'sync';
  externalAthleteId: string;
  externalTeamId: string;
  username: string;
  lastSyncedAt: string | null;
  createdAt: string;
  latestImport: StatsImport | null;
}

/** A connection's latest sync ('none' before the first). */
export interface SyncStatus extends JobState {
  connectionId: number;
  lastSyncedAt: string | null;
}

export interface GameStat {
  id: number;
  /** The sport catalogue the game's stats belong to ("basketball"). */
  sport: string;
  opponent: string;
  gameDate: string;
  location: string;
  result: string;
  score: string;
  source: string;
  stats: StatsMap;
}

export interface SeasonStat {
  id: number;
  /** The sport catalogue the season's stats belong to. */
  sport: string;
  /** The season's own name, from the file or its dates; `name` is what the family calls it. */
  season: string;
  name: string;
  teamName: string;
  sportType: string;
  startDate: string | null;
  endDate: string | null;
  source: string;
  stats: StatsMap;
}

/** One stat of a sport's catalogue (integrations/sports): how it is typed and shown. */
export interface StatDef {
  key: string;
  label: string;
  abbr: string;
  group: string;
  kind: 'count' | 'innings' | 'time' | 'distance' | 'rate';
  unit?: string;
  /** Less is good (ERA, goals against, a time): a trend says so. */
  lowerIsBetter?: boolean;
}

/** A position (or event group) and the stats its cards lead with, most important first. */
export interface SportPosition {
  key: string;
  label: string;
  abbr: string;
  lead: string[];
  aliases?: string[];
}

export interface SportCatalogue {
  sport: string;
  label: string;
  groups: { key: string; label: string }[];
  stats: StatDef[];
  positions?: SportPosition[];
  defaultLead: string[];
  /** A game's regulation length by level of play (innings for baseball and softball): what ERA scales to. */
  regulation?: Partial<Record<Level, number>>;
}

/** The level of play (integrations/sports Level), youngest first. */
export const LEVELS = ['youth', 'middle_school', 'high_school', 'college', 'pro'] as const;
export type Level = (typeof LEVELS)[number];

/** The sports the athlete plays (catalogue keys, as their profile orders them) and every catalogue. */
export interface StatsSports {
  plays: string[];
  catalogues: SportCatalogue[];
  /** For each sport the athlete plays, what its numbers lead with: the family's choice, else the position's lead stats. */
  lead?: Record<string, string[]>;
  /** The sports whose lead the family chose. */
  chosen?: string[];
}

/** A season added up from its games, or a career from its seasons. */
export interface RolledSeason {
  sport: string;
  /** The season's own name, from its games' dates ("2025–26 Winter"). */
  season: string;
  /** What the family calls it: the same unless they renamed it. */
  name: string;
  games: number;
  startDate: string;
  endDate: string;
  stats: StatsMap;
}

export interface RolledCareer {
  sport: string;
  seasons: number;
  games: number;
  stats: StatsMap;
}

export interface StatsRollup {
  seasons: RolledSeason[];
  careers: RolledCareer[];
}

/** The stats report (PDF) the stats_report job renders into the media library. */
export interface StatsReport extends JobState {
  id: number;
  mediaId: number | null;
  url: string | null;
}

export interface ConnectPlatformBody {
  providerId: string;
  externalAthleteId: string;
  externalTeamId: string;
  username: string;
  athleteId: number;
}

export interface GameBody {
  sport: string;
  opponent: string;
  gameDate: string;
  location: string;
  result: string;
  score: string;
  stats: StatsMap;
}

export const statsUrls = {
  providers: '/api/stats/providers',
  connections: (athleteId: number) => `/api/stats/athlete-platforms/${athleteId}`,
  connection: (connectionId: number) => `/api/stats/athlete-platforms/${connectionId}`,
  imports: (connectionId: number) => `/api/stats/athlete-platforms/${connectionId}/imports`,
  import: (id: number) => `/api/stats/imports/${id}`,
  confirm: (id: number) => `/api/stats/imports/${id}/confirm`,
  sync: (connectionId: number) => `/api/stats/sync-platform/${connectionId}`,
  /** A page the browser goes to (not fetched): it redirects to TeamSnap's authorize page. */
  teamSnapAuthorize: (connectionId: number) => `/api/stats/teamsnap/authorize?connection=${connectionId}`,
  connect: '/api/stats/connect-platform',
  games: (athleteId: number) => `/api/stats/games/${athleteId}`,
  game: (id: number) => `/api/stats/game/${id}`,
  seasons: (athleteId: number) => `/api/stats/seasons/${athleteId}`,
  sports: (athleteId: number) => `/api/athletes/${athleteId}/stats/sports`,
  rollup: (athleteId: number) => `/api/athletes/${athleteId}/stats/rollup`,
  sheet: (sport: string) => `/api/stats/sheets/${sport}`,
  lead: (athleteId: number) => `/api/athletes/${athleteId}/stats/lead`,
  seasonName: (athleteId: number) => `/api/athletes/${athleteId}/stats/season-name`,
  reports: (athleteId: number) => `/api/stats/reports/${athleteId}`,
  report: (athleteId: number, id: number) => `/api/stats/reports/${athleteId}/${id}`,
};

export const fetchProviders = () => apiRequest<StatsProvider[]>('GET', statsUrls.providers);
export const fetchConnections = (athleteId: number) => apiRequest<PlatformConnection[]>('GET', statsUrls.connections(athleteId));
export const fetchImport = (id: number) => apiRequest<StatsImport>('GET', statsUrls.import(id));
export const fetchSync = (connectionId: number) => apiRequest<SyncStatus>('GET', statsUrls.sync(connectionId));
export const fetchSports = (athleteId: number) => apiRequest<StatsSports>('GET', statsUrls.sports(athleteId));
export const fetchRollup = (athleteId: number) => apiRequest<StatsRollup>('GET', statsUrls.rollup(athleteId));
export const fetchSeasons = (athleteId: number) => apiRequest<SeasonStat[]>('GET', statsUrls.seasons(athleteId));
export const fetchReport = (athleteId: number, id: number) => apiRequest<StatsReport>('GET', statsUrls.report(athleteId, id));

export const connectPlatform = (body: ConnectPlatformBody) => apiRequest<PlatformConnection>('POST', statsUrls.connect, body);
export const disconnectPlatform = (connectionId: number) => apiRequest<void>('DELETE', statsUrls.connection(connectionId));
export const confirmImport = (id: number, row: string) => apiRequest<StatsImport>('POST', statsUrls.confirm(id), { row });
export const syncPlatform = (connectionId: number) => apiRequest<SyncStatus>('POST', statsUrls.sync(connectionId));
export const createGame = (athleteId: number, body: GameBody) => apiRequest<GameStat>('POST', statsUrls.games(athleteId), body);
export const updateGame = (id: number, body: GameBody) => apiRequest<GameStat>('PUT', statsUrls.game(id), body);
export const deleteGame = (id: number) => apiRequest<void>('DELETE', statsUrls.game(id));
export const renameSeason = (athleteId: number, sport: string, season: string, name: string) =>
  apiRequest<{ sport: string; season: string; name: string }>('PUT', statsUrls.seasonName(athleteId), { sport, season, name });
export const setLeadStats = (athleteId: number, sport: string, keys: string[]) => apiRequest<StatsSports>('PUT', statsUrls.lead(athleteId), { sport, keys });
export const createReport = (athleteId: number) => apiRequest<StatsReport>('POST', statsUrls.reports(athleteId));

/** The fields an export upload may carry besides the file (one game, or a season's name and team). */
export interface ImportFields {
  gameDate?: string;
  opponent?: string;
  location?: string;
  result?: string;
  score?: string;
  season?: string;
  teamName?: string;
}

/** Uploads an export as multipart (the file first); answers the import, new (202) or the earlier one (200). */
export async function uploadExport(connectionId: number, file: File, fields: ImportFields): Promise<StatsImport> {
  const form = new FormData();
  form.append('file', file);
  for (const [key, value] of Object.entries(fields)) {
    if (value) form.append(key, value);
  }
  const res = await fetch(statsUrls.imports(connectionId), { method: 'POST', body: form, credentials: 'include' });
  await throwIfNotOk(res);
  return (await res.json()) as StatsImport;
}
