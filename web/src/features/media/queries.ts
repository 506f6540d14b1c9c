import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { combinedStatus, pollWhileWorking } from '../../lib/jobStatus';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { mediaToasts } from './strings';

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
export const mediaListRefetchInterval = pollWhileWorking(
  (items: readonly Pick<api.MediaItem, 'status'>[]) => combinedStatus(items.map((item) => item.status)),
  MEDIA_POLL_INTERVAL_MS,
);

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
    refetchInterval: mediaListRefetchInterval,
  });
}

export function useMediaUsage(athleteId: number | undefined) {
  return useQuery({
    queryKey: mediaKeys.usage(athleteId ?? 0),
    queryFn: () => api.fetchMediaUsage(athleteId!),
    enabled: athleteId !== undefined,
  });
}

export function useDeleteMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.deleteMedia(item.id),
    onSuccess: async (_, item) => {
      showSuccess(mediaToasts.deleted);
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => showError(mediaToasts.deleteFailed, err),
  });
}

/** Deletes each selected item (one DELETE each); one toast for the lot. Answers the ids that are gone. */
export function useBulkDeleteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (items: api.MediaItem[]) => {
      const results = await Promise.allSettled(items.map((item) => api.deleteMedia(item.id)));
      return {
        deleted: items.filter((_, i) => results[i]!.status === 'fulfilled').map((item) => item.id),
        firstError: results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason as unknown,
      };
    },
    onSuccess: async ({ deleted, firstError }, items) => {
      const failed = items.length - deleted.length;
      if (failed === 0) {
        const { title, message } = mediaToasts.deletedMany;
        notifications.show({
          title,
          message: items.length === 1 ? mediaToasts.deleted.message : message(items.length),
          color: 'green',
        });
      } else {
        notifications.show({
          title: mediaToasts.deleteFailed.title,
          message:
            items.length === 1
              ? (serverMessage(firstError) ?? mediaToasts.deleteFailed.fallback)
              : mediaToasts.deleteSomeFailed(failed, items.length),
          color: 'red',
        });
      }
      const athleteIds = new Set(items.map((item) => item.athleteId));
      await Promise.all([...athleteIds].map((id) => invalidateMedia(client, id)));
    },
  });
}

export function useFavoriteMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.toggleMediaFavorite(item.id),
    onSuccess: (item) => invalidateMedia(client, item.athleteId),
    onError: (err) => showError(mediaToasts.favoriteFailed, err),
  });
}

export function useUpdateMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, input }: { item: api.MediaItem; input: api.MediaItemInput }) => api.updateMedia(item.id, input),
    onSuccess: async (item) => {
      showSuccess(mediaToasts.updated);
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => showError(mediaToasts.updateFailed, err),
  });
}

/** POST …/share: the item's link (the existing one when there is one). */
export function useCreateShareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.createMediaShare(item.id, item.isPrivate),
    onSuccess: async (_, item) => {
      showSuccess(mediaToasts.shareCreated);
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => showError(mediaToasts.shareFailed, err),
  });
}

/** POST …/retry: a failed item is processed again; the library follows it like a new upload. */
export function useRetryMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.retryMedia(item.id),
    onSuccess: async (item) => {
      showSuccess(mediaToasts.retrying);
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => showError(mediaToasts.retryFailed, err),
  });
}

export function useDeleteShareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.deleteMediaShare(item.id),
    onSuccess: async (_, item) => {
      showSuccess(mediaToasts.shareTurnedOff);
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => showError(mediaToasts.shareTurnOffFailed, err),
  });
}

/** One item's outcome in a bulk share: its link, or null when POST …/share failed for it. */
export interface BulkShareResult {
  item: api.MediaItem;
  share: api.MediaShare | null;
}

/** One share link per selected item (one POST …/share each); one toast for the lot. */
export function useBulkShareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (items: api.MediaItem[]): Promise<BulkShareResult[]> => {
      const results = await Promise.allSettled(items.map((item) => api.createMediaShare(item.id, item.isPrivate)));
      return items.map((item, i) => {
        const result = results[i]!;
        return { item, share: result.status === 'fulfilled' ? result.value : null };
      });
    },
    onSuccess: async (results) => {
      const failed = results.filter((r) => r.share === null).length;
      if (failed === 0) {
        const { title, message } = mediaToasts.sharesCreated;
        notifications.show({
          title,
          message: results.length === 1 ? mediaToasts.shareCreated.message : message(results.length),
          color: 'green',
        });
      } else {
        notifications.show({
          title: mediaToasts.shareFailed.title,
          message: mediaToasts.shareSomeFailed(failed, results.length),
          color: 'red',
        });
      }
      const athleteIds = new Set(results.map((r) => r.item.athleteId));
      await Promise.all([...athleteIds].map((id) => invalidateMedia(client, id)));
    },
  });
}
