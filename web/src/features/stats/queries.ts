import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { myAthletesKey } from '../../lib/currentAthlete';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { gameFormText, statsPageText, statsToasts } from './strings';

/** How often an import, a sync or a report is asked about while its job runs. */
export const STATS_POLL_MS = 500;

export const statsKeys = {
  providers: [api.statsUrls.providers] as const,
  connections: (athleteId: number) => [api.statsUrls.connections(athleteId)] as const,
  games: (athleteId: number) => [api.statsUrls.games(athleteId)] as const,
  seasons: (athleteId: number) => [api.statsUrls.seasons(athleteId)] as const,
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

export function useGames(athleteId: number | undefined) {
  return useQuery({ queryKey: statsKeys.games(athleteId ?? 0), queryFn: () => api.fetchGames(athleteId!), enabled: athleteId !== undefined });
}

export function useSeasons(athleteId: number | undefined) {
  return useQuery({ queryKey: statsKeys.seasons(athleteId ?? 0), queryFn: () => api.fetchSeasons(athleteId!), enabled: athleteId !== undefined });
}

export function useConnectPlatform(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: api.ConnectPlatformBody) => api.connectPlatform(body),
    onSuccess: () => {
      showSuccess(statsToasts.connected);
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

const importWorking = (status: api.ImportStatus | undefined) => status === 'queued' || status === 'parsing';

/** One import, asked about every half second while the worker reads it. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: statsKeys.import(id ?? 0),
    queryFn: () => api.fetchImport(id!),
    enabled: id !== null,
    refetchInterval: (q) => (importWorking(q.state.data?.status) ? STATS_POLL_MS : false),
  });
}

export function useUploadExport() {
  return useMutation({
    mutationFn: ({ connectionId, file, fields }: { connectionId: number; file: File; fields: api.ImportFields }) =>
      api.uploadExport(connectionId, file, fields),
  });
}

export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, row }: { id: number; row: string }) => api.confirmImport(id, row),
    onSuccess: (imp) => client.setQueryData(statsKeys.import(imp.id), imp),
  });
}

const syncWorking = (state: api.SyncState | undefined) => state === 'queued' || state === 'running';

/** 'Sync Now' for a connection: starts the job and follows it until it ends. */
export function useSync(athleteId: number, connectionId: number) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: statsKeys.sync(connectionId),
    queryFn: () => api.fetchSync(connectionId),
    enabled: false,
    refetchInterval: (q) => (syncWorking(q.state.data?.state) ? STATS_POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: () => api.syncPlatform(connectionId),
    onSuccess: async (sync) => {
      showSuccess(statsToasts.syncStarted);
      client.setQueryData(statsKeys.sync(connectionId), sync);
      // Follow it until the job ends, then show the new numbers.
      for (let state = sync.state; syncWorking(state); ) {
        await new Promise((resolve) => setTimeout(resolve, STATS_POLL_MS));
        const next = await client.fetchQuery({ queryKey: statsKeys.sync(connectionId), queryFn: () => api.fetchSync(connectionId), staleTime: 0 });
        state = next.state;
        if (next.state === 'failed') notifications.show({ title: statsToasts.syncFailed.title, message: next.error ?? statsToasts.syncFailed.fallback, color: 'red' });
      }
      await invalidateStats(client, athleteId);
    },
    onError: (err) => showError(statsToasts.syncFailed, err),
  });
  return { start, syncing: start.isPending || syncWorking(status.data?.state) };
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

const reportWorking = (state: api.StatsReport['state'] | undefined) => state === 'queued' || state === 'running';

/** 'Generate Stats Report': starts the job, follows it, and answers the report once made. */
export function useStatsReport(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      let report = await api.createReport(athleteId);
      while (reportWorking(report.state)) {
        await new Promise((resolve) => setTimeout(resolve, STATS_POLL_MS));
        report = await api.fetchReport(athleteId, report.id);
      }
      if (report.state === 'failed') throw new Error(report.error ?? statsPageText.reportFailed.fallback);
      return report;
    },
    onSuccess: () => {
      showSuccess(statsPageText.reportReady);
      return client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`/api/athletes/${athleteId}/media`) });
    },
    onError: (err) =>
      notifications.show({
        title: statsPageText.reportFailed.title,
        message: serverMessage(err) ?? (err instanceof Error ? err.message : statsPageText.reportFailed.fallback),
        color: 'red',
      }),
  });
}
