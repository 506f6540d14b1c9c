import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { eventToasts } from './strings';

export const eventKeys = {
  list: (athleteId: number) => [api.eventUrls.list(athleteId), 'pages'] as const,
};

/** Events are at most a few hundred: after the first page, the largest pages the list gives. */
const EVENT_PAGE_MAX = 200;

/** The athlete's events, soonest first, page by page (lib/pages). */
export function useEventsQuery(athleteId: number | undefined) {
  return useInfiniteList<api.AthleteEvent>({
    queryKey: eventKeys.list(athleteId ?? 0),
    url: api.eventUrls.list(athleteId ?? 0),
    enabled: athleteId !== undefined,
    nextLimit: EVENT_PAGE_MAX,
  });
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
