import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { toasts } from '../../lib/messages';
import { myAthletesKey, useStoredAthleteId } from '../../lib/currentAthlete';
import * as api from './api';
import { athleteToasts, placesText } from './strings';
import { showSuccess } from '../../lib/toast';

// Query keys: the first element is the URL (spec convention), so the default query function and
// prefix invalidation both work from it.
export const athleteKeys = {
  me: () => [api.athleteUrls.me] as const,
  detail: (id: number) => [api.athleteUrls.detail(id)] as const,
  stats: (id: number) => [api.athleteUrls.stats(id)] as const,
  upcomingEvents: (id: number) => [api.athleteUrls.upcomingEvents(id)] as const,
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

/** Creates the profile, then refreshes every athlete view so the dashboard updates without a reload. */
export function useCreateAthleteMutation() {
  const client = useQueryClient();
  const [, setCurrentAthleteId] = useStoredAthleteId();
  return useMutation({
    mutationFn: api.createAthlete,
    onSuccess: async (athlete) => {
      client.setQueryData(athleteKeys.me(), athlete);
      client.setQueryData<api.Athlete[]>(myAthletesKey, (list = []) => [athlete, ...list.filter((a) => a.id !== athlete.id)]);
      // A family member who creates their own athlete wants to see it, not the family's they were on.
      setCurrentAthleteId(athlete.id);
      notifications.hide(SAVE_ERROR_TOAST);
      showSuccess(toasts.profileCreated);
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
      client.setQueryData<api.Athlete[]>(myAthletesKey, (list) =>
        list?.map((a) => (a.id === athlete.id ? athlete : a)),
      );
      client.setQueryData(athleteKeys.detail(athlete.id), athlete);
      notifications.hide(SAVE_ERROR_TOAST);
      showSuccess(athleteToasts.updated);
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

/** Places on photos for one athlete, saved as the switch is flipped; the athletes are read again. */
export function useSetShowPlacesMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, showPlaces }: { athleteId: number; showPlaces: boolean }) => api.setShowPlaces(athleteId, showPlaces),
    onSuccess: () => invalidateAthletes(client),
    onError: (err) =>
      notifications.show({ title: placesText.failed, message: serverMessage(err) ?? placesText.tryAgain, color: 'red' }),
  });
}
