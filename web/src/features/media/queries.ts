import { useQuery, type QueryClient } from '@tanstack/react-query';
import * as api from './api';

export type { MediaItem } from './api';

/** How often the list is refetched while an item is still processing. */
export const MEDIA_POLL_INTERVAL_MS = 2000;

// Query keys: the first element is the URL (spec convention), so the default query function and
// prefix invalidation both work from it. The library filters on the client (search, type,
// favorites), so the page and the dashboard's Recent Media share the one cached list.
export const mediaKeys = {
  list: (athleteId: number) => [api.mediaUrls.list(athleteId)] as const,
  usage: (athleteId: number) => [api.mediaUrls.usage(athleteId)] as const,
  item: (id: number) => [api.mediaUrls.item(id)] as const,
};

/** The list's polling: every 2 s while any item is processing, otherwise none (spec: no polling). */
export function mediaListRefetchInterval(items: readonly Pick<api.MediaItem, 'status'>[] | undefined): number | false {
  return items?.some((item) => item.status === 'processing') ? MEDIA_POLL_INTERVAL_MS : false;
}

/**
 * After any change: every query under the athlete's media URL (the list and the usage) and any
 * single item. Exported for the upload dialog, which adds to the list.
 */
export function invalidateMedia(client: QueryClient, athleteId: number) {
  const listUrl = api.mediaUrls.list(athleteId);
  return client.invalidateQueries({
    predicate: (q) => {
      const url = q.queryKey[0];
      return typeof url === 'string' && (url.startsWith(listUrl) || url.startsWith('/api/media/'));
    },
  });
}

/** An athlete's media, newest first; waits for an athlete id and polls while an item is processing. */
export function useMediaList(athleteId: number | undefined) {
  return useQuery({
    queryKey: mediaKeys.list(athleteId ?? 0),
    queryFn: () => api.fetchMediaList(athleteId!),
    enabled: athleteId !== undefined,
    refetchInterval: (q) => mediaListRefetchInterval(q.state.data),
  });
}

export function useMediaUsage(athleteId: number | undefined) {
  return useQuery({
    queryKey: mediaKeys.usage(athleteId ?? 0),
    queryFn: () => api.fetchMediaUsage(athleteId!),
    enabled: athleteId !== undefined,
  });
}
