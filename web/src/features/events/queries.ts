import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { eventToasts } from './strings';

export const eventKeys = {
  list: (athleteId: number) => [api.eventUrls.list(athleteId)] as const,
};

export function useEventsQuery(athleteId: number | undefined) {
  return useQuery({ queryKey: eventKeys.list(athleteId ?? 0), queryFn: () => api.fetchEvents(athleteId!), enabled: athleteId !== undefined });
}

/** Every list of the athlete's events (this page's, the dashboard's upcoming ones) and the recruiting view. */
function invalidateEvents(client: QueryClient, athleteId: number) {
  const prefixes = [api.eventUrls.list(athleteId), `/api/athletes/${athleteId}/recruiting-calendar`];
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

export function useSaveEventMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: api.EventInput }) =>
      id === undefined ? api.createEvent(athleteId, input) : api.updateEvent(id, input),
    onSuccess: (_d, { id }) => {
      showSuccess(id === undefined ? eventToasts.created : eventToasts.updated);
      return invalidateEvents(client, athleteId);
    },
    onError: (err) => showError(eventToasts.saveFailed, err),
  });
}

export function useDeleteEventMutation(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.deleteEvent(id),
    onSuccess: () => {
      showSuccess(eventToasts.deleted);
      return invalidateEvents(client, athleteId);
    },
    onError: (err) => showError(eventToasts.deleteFailed, err),
  });
}
