import { useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEveryPage, useInfiniteList } from '../../lib/pages';
import { notifications } from '@mantine/notifications';
import { myAthletesKey } from '../../lib/currentAthlete';
import { isWorking, useWatchedJob } from '../../lib/jobStatus';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { gameFormText, leadText, panelText, statsPageText, statsToasts } from './strings';

/** The longest wait between polls of an import, a sync or a report while its job works (lib/jobStatus backs off to it). */
const STATS_POLL_MS = 2000;

export const statsKeys = {
  providers: [api.statsUrls.providers] as const,
  connections: (athleteId: number) => [api.statsUrls.connections(athleteId)] as const,
  /** Every query of the Game Stats list (the prefix to invalidate). */
  games: (athleteId: number) => [api.statsUrls.games(athleteId)] as const,
  /** The whole career, every page: what the overview and trends add up. */
  everyGame: (athleteId: number) => [api.statsUrls.games(athleteId), 'pages', 'every'] as const,
  /** The Games tab's list, a page at a time ('Show more'). */
  gamePages: (athleteId: number) => [api.statsUrls.games(athleteId), 'pages'] as const,
  seasons: (athleteId: number) => [api.statsUrls.seasons(athleteId)] as const,
  sports: (athleteId: number) => [api.statsUrls.sports(athleteId)] as const,
  rollup: (athleteId: number) => [api.statsUrls.rollup(athleteId)] as const,
  import: (id: number) => [api.statsUrls.import(id)] as const,
  sync: (connectionId: number) => [api.statsUrls.sync(connectionId)] as const,
  report: (athleteId: number, id: number) => [api.statsUrls.report(athleteId, id)] as const,
};

/** After new numbers: the lists, the dashboard's Season Stats and the profile completion. */
export function invalidateStats(client: QueryClient, athleteId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: statsKeys.connections(athleteId) }),
    client.invalidateQueries({ queryKey: statsKeys.games(athleteId) }),
    client.invalidateQueries({ queryKey: statsKeys.seasons(athleteId) }),
    client.invalidateQueries({ queryKey: statsKeys.rollup(athleteId) }),
    client.invalidateQueries({ queryKey: [`/api/athletes/${athleteId}/stats`] }),
    client.invalidateQueries({ queryKey: myAthletesKey }),
  ]);
}

export function useProviders() {
  return useQuery({ queryKey: statsKeys.providers, queryFn: api.fetchProviders, staleTime: 60 * 60 * 1000 });
}

export function useConnections(athleteId: number | undefined) {
  return useQuery({ queryKey: statsKeys.connections(athleteId ?? 0), queryFn: () => api.fetchConnections(athleteId!), enabled: athleteId !== undefined });
}

/** Pages of 200 when reading the whole career: a season of games is one or two requests. */
const EVERY_GAME_PAGE = 200;

/**
 * Every game of the athlete, read page by page (lib/pages) until the last: the overview's career totals
 * and best games and the trends are sums and curves over the whole career, so they wait for all of it.
 * `items` are the games so far; `data` is undefined until the last page is in.
 */
export function useEveryGame(athleteId: number | undefined) {
  const list = useInfiniteList<api.GameStat>({
    queryKey: statsKeys.everyGame(athleteId ?? 0),
    url: api.statsUrls.games(athleteId ?? 0),
    enabled: athleteId !== undefined,
    nextLimit: EVERY_GAME_PAGE,
  });
  useEveryPage(list);
  const whole = list.data !== undefined && !list.hasNextPage;
  return { ...list, data: whole ? list.items : undefined };
}

/** The Games tab's list, newest first, a page at a time (the server's default page, then 'Show more'). */
export function useGamePages(athleteId: number | undefined) {
  return useInfiniteList<api.GameStat>({
    queryKey: statsKeys.gamePages(athleteId ?? 0),
    url: api.statsUrls.games(athleteId ?? 0),
    enabled: athleteId !== undefined,
  });
}

export function useSeasons(athleteId: number | undefined) {
  return useQuery({ queryKey: statsKeys.seasons(athleteId ?? 0), queryFn: () => api.fetchSeasons(athleteId!), enabled: athleteId !== undefined });
}

export function useStatsSports(athleteId: number) {
  // The catalogues change only with a release: fetched once a session.
  return useQuery({ queryKey: statsKeys.sports(athleteId), queryFn: () => api.fetchSports(athleteId), staleTime: Infinity });
}

/** The family's choice of what a sport's numbers lead with; the dashboard's numbers follow it. */
export function useSetLeadStats(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sport, keys }: { sport: string; keys: string[] }) => api.setLeadStats(athleteId, sport, keys),
    onSuccess: (answer) => {
      client.setQueryData(statsKeys.sports(athleteId), answer);
      showSuccess(leadText.saved);
      return client.invalidateQueries({ queryKey: [`/api/athletes/${athleteId}/stats`] });
    },
    onError: (err) => showError(leadText.saveFailed, err),
  });
}

/** Renames a season of games; an empty name gives it its own back. */
export function useRenameSeason(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sport, season, name }: { sport: string; season: string; name: string }) => api.renameSeason(athleteId, sport, season, name),
    // An imported season and one added up from games share the family's name for it.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: statsKeys.rollup(athleteId) }), client.invalidateQueries({ queryKey: statsKeys.seasons(athleteId) })]),
    onError: (err) => showError(panelText.renameFailed, err),
  });
}

export function useRollup(athleteId: number) {
  return useQuery({ queryKey: statsKeys.rollup(athleteId), queryFn: () => api.fetchRollup(athleteId) });
}

export function useConnectPlatform(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: api.ConnectPlatformBody) => api.connectPlatform(body),
    onSuccess: (connection) => {
      showSuccess(
        connection.kind === 'sync' ? statsToasts.connected : connection.providerId === 'manual' ? statsToasts.manualSetUp : statsToasts.setUp(connection.providerName),
      );
      return client.invalidateQueries({ queryKey: statsKeys.connections(athleteId) });
    },
    onError: (err) => showError(statsToasts.connectFailed, err),
  });
}

export function useDisconnectPlatform(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => api.disconnectPlatform(connectionId),
    onSuccess: () => {
      showSuccess(statsToasts.disconnected);
      return client.invalidateQueries({ queryKey: statsKeys.connections(athleteId) });
    },
    onError: (err) => showError(statsToasts.disconnectFailed, err),
  });
}

/**
 * One uploaded export, followed while the worker reads it. `startedAt(statsKeys.import(upload.id), upload)`
 * follows a new upload; once its rows are written (ready, no row to choose), the lists show them.
 */
export function useImport(athleteId: number, id: number | null) {
  const client = useQueryClient();
  return useWatchedJob({
    queryKey: statsKeys.import(id ?? 0),
    queryFn: () => api.fetchImport(id!),
    enabled: id !== null,
    intervalMs: STATS_POLL_MS,
    statusOf: (imp) => imp.status,
    onOutcome: (imp) => {
      if (imp.status === 'ready' && !imp.needsChoice) void invalidateStats(client, athleteId);
    },
  });
}

export function useUploadExport() {
  return useMutation({
    mutationFn: ({ connectionId, file, fields }: { connectionId: number; file: File; fields: api.ImportFields }) =>
      api.uploadExport(connectionId, file, fields),
  });
}

/** The family's choice of row; the import's answer goes to `started`, which follows it again. */
export function useConfirmImport(started: (imp: api.StatsImport) => void) {
  return useMutation({
    mutationFn: ({ id, row }: { id: number; row: string }) => api.confirmImport(id, row),
    onSuccess: started,
  });
}

/** 'Sync Now' for a connection: starts the job and follows it; the lists refresh when it ends. */
export function useSync(athleteId: number, connectionId: number) {
  const client = useQueryClient();
  const { query, started } = useWatchedJob({
    queryKey: statsKeys.sync(connectionId),
    queryFn: () => api.fetchSync(connectionId),
    intervalMs: STATS_POLL_MS,
    statusOf: (sync) => sync.status,
    onOutcome: (sync) => {
      if (sync.status === 'failed') {
        notifications.show({ title: statsToasts.syncFailed.title, message: sync.statusReason || statsToasts.syncFailed.fallback, color: 'red' });
      }
      void invalidateStats(client, athleteId);
    },
  });
  const start = useMutation({
    mutationFn: () => api.syncPlatform(connectionId),
    onSuccess: (sync) => {
      showSuccess(statsToasts.syncStarted);
      started(sync);
    },
    onError: (err) => showError(statsToasts.syncFailed, err),
  });
  return { start, syncing: start.isPending || isWorking(query.data?.status) };
}

export function useSaveGame(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: api.GameBody }) => (id === null ? api.createGame(athleteId, body) : api.updateGame(id, body)),
    onSuccess: () => {
      showSuccess(gameFormText.saved);
      return invalidateStats(client, athleteId);
    },
    onError: (err) => showError(gameFormText.saveFailed, err),
  });
}

export function useDeleteGame(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteGame(id),
    onSuccess: () => {
      showSuccess(gameFormText.deleted);
      return invalidateStats(client, athleteId);
    },
    onError: (err) => showError(gameFormText.deleteFailed, err),
  });
}

/**
 * 'Generate Stats Report': starts the job and follows the report it answers (its id is new each time);
 * once made, it is announced, opened, and the media library shows it.
 */
export function useStatsReport(athleteId: number) {
  const client = useQueryClient();
  const [reportId, setReportId] = useState<number | null>(null);
  const { query, startedAt } = useWatchedJob({
    queryKey: statsKeys.report(athleteId, reportId ?? 0),
    queryFn: () => api.fetchReport(athleteId, reportId!),
    enabled: reportId !== null,
    intervalMs: STATS_POLL_MS,
    statusOf: (report) => report.status,
    onOutcome: (report) => {
      if (report.status === 'failed') {
        notifications.show({ title: statsPageText.reportFailed.title, message: report.statusReason || statsPageText.reportFailed.fallback, color: 'red' });
        return;
      }
      showSuccess(statsPageText.reportReady);
      if (report.url) window.open(report.url, '_blank', 'noopener');
      void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`/api/athletes/${athleteId}/media`) });
    },
  });
  const start = useMutation({
    mutationFn: () => api.createReport(athleteId),
    onSuccess: (report) => {
      startedAt(statsKeys.report(athleteId, report.id), report);
      setReportId(report.id);
    },
    onError: (err) => showError(statsPageText.reportFailed, err),
  });
  const report = query.data;
  return {
    /** The report made last, once it is ready. */
    made: report?.status === 'ready' ? report : undefined,
    working: start.isPending || isWorking(report?.status),
    generate: () => start.mutate(),
  };
}
