import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import { pickCurrentAthlete } from './access';
import * as api from './api';
import { athleteToasts } from './strings';

// Query keys: the first element is the URL (spec convention), so the default query function and
// prefix invalidation both work from it.
export const athleteKeys = {
  me: () => [api.athleteUrls.me] as const,
  list: () => [api.athleteUrls.list] as const,
  detail: (id: number) => [api.athleteUrls.detail(id)] as const,
  stats: (id: number) => [api.athleteUrls.stats(id)] as const,
  upcomingEvents: (id: number) => [api.athleteUrls.upcomingEvents(id)] as const,
  demo: () => [api.athleteUrls.demo] as const,
};

/**
 * Failure toasts carry this id so a later success can take them down: with one notification at a
 * time (spec), a stale "Error" would otherwise hold the "Profile Created" toast back for 5 seconds.
 */
const SAVE_ERROR_TOAST = 'athlete-save-error';

/** Every cached query under /api/athletes: the profile, its stats and events. */
function invalidateAthletes(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(api.athleteUrls.create),
  });
}

/** The signed-in user's athlete; data is null when no profile exists yet. */
export function useMyAthleteQuery() {
  return useQuery({ queryKey: athleteKeys.me(), queryFn: api.fetchMyAthlete });
}

/** Every athlete the signed-in user belongs to, their own first. */
export function useMyAthletes() {
  return useQuery({ queryKey: athleteKeys.list(), queryFn: api.fetchMyAthletes });
}

/** Where the athlete switcher's choice is kept, so it survives a reload. */
export const CURRENT_ATHLETE_STORAGE_KEY = 'currentAthleteId';

/** The stored choice; a change reaches every component using it at once (Mantine syncs the hook's instances). */
function useStoredAthleteId() {
  return useLocalStorage<number | undefined>({
    key: CURRENT_ATHLETE_STORAGE_KEY,
    // Read it on the first render, so the pages never start loading the wrong athlete.
    getInitialValueInEffect: false,
    serialize: (id) => String(id),
    deserialize: (value) => (value ? Number(value) : undefined),
  });
}

export interface CurrentAthlete {
  /** The athlete the screens show: the switcher's choice, else the first (the user's own, if any); null when there is none. */
  athlete: api.Athlete | null;
  athletes: api.Athlete[];
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => void;
  setCurrentAthleteId: (id: number) => void;
}

const NO_ATHLETES: api.Athlete[] = [];

/** The athlete every signed-in screen is about, with the user's role and permissions on it. */
export function useCurrentAthlete(): CurrentAthlete {
  const query = useMyAthletes();
  const [storedId, setStoredId] = useStoredAthleteId();
  const athletes = query.data ?? NO_ATHLETES;
  return {
    athlete: pickCurrentAthlete(athletes, storedId),
    athletes,
    isLoading: query.isLoading,
    isError: query.isError,
    isSuccess: query.isSuccess,
    refetch: () => void query.refetch(),
    setCurrentAthleteId: setStoredId,
  };
}

export function useAthleteQuery(id: number) {
  return useQuery({ queryKey: athleteKeys.detail(id), queryFn: () => api.fetchAthlete(id) });
}

/** Waits for an athlete id, so it can sit beside useMyAthleteQuery. */
export function useStatsQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: athleteKeys.stats(athleteId ?? 0),
    queryFn: () => api.fetchStats(athleteId!),
    enabled: athleteId !== undefined,
  });
}

export function useUpcomingEventsQuery(athleteId: number | undefined) {
  return useQuery({
    queryKey: athleteKeys.upcomingEvents(athleteId ?? 0),
    queryFn: () => api.fetchEvents(athleteId!),
    enabled: athleteId !== undefined,
  });
}

export function useDemoQuery() {
  return useQuery({ queryKey: athleteKeys.demo(), queryFn: api.fetchDemo });
}

/** Creates the profile, then refreshes every athlete view so the dashboard updates without a reload. */
export function useCreateAthleteMutation() {
  const client = useQueryClient();
  const [, setCurrentAthleteId] = useStoredAthleteId();
  return useMutation({
    mutationFn: api.createAthlete,
    onSuccess: async (athlete) => {
      client.setQueryData(athleteKeys.me(), athlete);
      client.setQueryData<api.Athlete[]>(athleteKeys.list(), (list = []) => [athlete, ...list.filter((a) => a.id !== athlete.id)]);
      // A family member who creates their own athlete wants to see it, not the family's they were on.
      setCurrentAthleteId(athlete.id);
      notifications.hide(SAVE_ERROR_TOAST);
      notifications.show({ title: toasts.profileCreated.title, message: toasts.profileCreated.message, color: 'green' });
      await invalidateAthletes(client);
    },
    onError: (err) => {
      notifications.show({
        id: SAVE_ERROR_TOAST,
        title: toasts.profileCreateFailed.title,
        message: serverMessage(err) ?? toasts.profileCreateFailed.fallback,
        color: 'red',
      });
      // 409: a profile exists after all (another tab); show it.
      void invalidateAthletes(client);
    },
  });
}

export function useUpdateAthleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: api.AthleteInput }) => api.updateAthlete(id, input),
    onSuccess: async (athlete) => {
      // An editor may be saving a family's athlete: it only replaces "me" when it is the user's own.
      if (client.getQueryData<api.Athlete | null>(athleteKeys.me())?.id === athlete.id) {
        client.setQueryData(athleteKeys.me(), athlete);
      }
      client.setQueryData<api.Athlete[]>(athleteKeys.list(), (list) =>
        list?.map((a) => (a.id === athlete.id ? athlete : a)),
      );
      client.setQueryData(athleteKeys.detail(athlete.id), athlete);
      notifications.hide(SAVE_ERROR_TOAST);
      notifications.show({ title: athleteToasts.updated.title, message: athleteToasts.updated.message, color: 'green' });
      await invalidateAthletes(client);
    },
    onError: (err) => {
      notifications.show({
        id: SAVE_ERROR_TOAST,
        title: athleteToasts.updateFailed.title,
        message: serverMessage(err) ?? athleteToasts.updateFailed.fallback,
        color: 'red',
      });
    },
  });
}
