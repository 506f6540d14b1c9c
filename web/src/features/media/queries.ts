import { useEffect } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { serverMessage } from '../../lib/api';
import { combinedStatus, isFinished, isWorking, pollWhileWorking } from '../../lib/jobStatus';
import { fetchPage, pageUrl, useInfiniteList } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { putMediaItem, removeMediaItems } from './mediaCache';
import { mediaToasts } from './strings';

export type { MediaItem } from './api';

/** How often an item still processing is read again, at most (lib/jobStatus backs off to it). */
export const MEDIA_POLL_INTERVAL_MS = 2000;

/**
 * Rows on every page after the first (the server's 60, a screenful and a half of thumbnails): the list's
 * largest page, so scrolling far, or jumping to a month years back, asks a third as often.
 */
export const MEDIA_NEXT_PAGE = 200;

/** Items followed at once while they process; after a large upload the rest take their turn. */
export const WATCHED_AT_ONCE = 24;

// Query keys: the first element is the URL (spec convention), so prefix invalidation works from it. The
// library's pages are keyed by the list's URL with its filters: a filter or a search starts at the first page.
export const mediaKeys = {
  pages: (athleteId: number, query: api.MediaQuery = {}) => [api.mediaListUrl(athleteId, query), 'pages'] as const,
  firstPage: (athleteId: number, limit: number) => [pageUrl(api.mediaUrls.list(athleteId), { cursor: null, limit })] as const,
  summary: (athleteId: number) => [api.mediaUrls.summary(athleteId)] as const,
  usage: (athleteId: number) => [api.mediaUrls.usage(athleteId)] as const,
  item: (id: number) => [api.mediaUrls.item(id)] as const,
};

/**
 * Reads everything of the athlete's media again: every list, the counts, the usage and any single item.
 * For changes whose result the caller does not hold (a clip the worker will cut, the public page).
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

/** A new item (an upload's answer): placed in the lists loaded, the counts read again. */
export const addMediaItem = putMediaItem;

/**
 * The library's list, page by page as it is scrolled (lib/pages): the first page the server's size, the
 * rest MEDIA_NEXT_PAGE. Items still processing are followed one by one (useFollowProcessing), not by
 * reading every page loaded again.
 */
export function useMediaPages(athleteId: number | undefined, query: api.MediaQuery = {}) {
  const list = useInfiniteList<api.MediaItem>({
    queryKey: mediaKeys.pages(athleteId ?? 0, query),
    url: api.mediaListUrl(athleteId ?? 0, query),
    enabled: athleteId !== undefined,
    nextLimit: MEDIA_NEXT_PAGE,
  });
  useFollowProcessing(list.items);
  return list;
}

/** The library counted without its rows: the header, the timeline's months and the dashboard's card. */
export function useMediaSummary(athleteId: number | undefined) {
  return useQuery({
    queryKey: mediaKeys.summary(athleteId ?? 0),
    queryFn: () => api.fetchMediaSummary(athleteId!),
    enabled: athleteId !== undefined,
  });
}

/** The newest `limit` items (the dashboard's Recent media), polled while one of them is processing. */
export function useRecentMedia(athleteId: number | undefined, limit: number) {
  return useQuery({
    queryKey: mediaKeys.firstPage(athleteId ?? 0, limit),
    queryFn: ({ signal }) => fetchPage<api.MediaItem>(api.mediaUrls.list(athleteId!), { cursor: null, limit }, signal),
    enabled: athleteId !== undefined,
    select: (page) => page.items.slice(0, limit),
    refetchInterval: pollWhileWorking((page) => combinedStatus(page.items.map((item) => item.status)), MEDIA_POLL_INTERVAL_MS),
  });
}

/**
 * One item, kept current (the video editor's): the cached item when there is one, read again while it
 * is processing, so a video opened before it was ready becomes editable when it is.
 */
export function useMediaItem(item: api.MediaItem) {
  return useQuery({
    queryKey: mediaKeys.item(item.id),
    queryFn: () => api.fetchMediaItem(item.id),
    initialData: item,
    refetchInterval: pollWhileWorking((current: api.MediaItem) => current.status, MEDIA_POLL_INTERVAL_MS),
  }).data;
}

/**
 * Follows the items of a list that are still processing, each through its own GET (lib/jobStatus's
 * polling: soon at first, backing off to every 2 s), and puts each into the lists when it is done.
 * A page of the library may be one of dozens loaded; reading one item costs what it costs.
 */
function useFollowProcessing(items: readonly api.MediaItem[]) {
  const client = useQueryClient();
  const working = items.filter((item) => isWorking(item.status)).slice(0, WATCHED_AT_ONCE);
  const followed = useQueries({
    queries: working.map((item) => ({
      queryKey: mediaKeys.item(item.id),
      queryFn: () => api.fetchMediaItem(item.id),
      initialData: item,
      refetchInterval: pollWhileWorking((current: api.MediaItem) => current.status, MEDIA_POLL_INTERVAL_MS),
    })),
    combine: (results) => results.map((r) => r.data).filter((item): item is api.MediaItem => item !== undefined && isFinished(item.status)),
  });
  useEffect(() => {
    for (const item of followed) void putMediaItem(client, item);
  }, [client, followed]);
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
      await removeMediaItems(client, item.athleteId, [item.id]);
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
      await Promise.all([...athleteIds].map((id) => removeMediaItems(client, id, deleted)));
    },
  });
}

export function useFavoriteMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.toggleMediaFavorite(item.id),
    onSuccess: (item) => putMediaItem(client, item),
    onError: (err) => showError(mediaToasts.favoriteFailed, err),
  });
}

export function useUpdateMediaMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ item, input }: { item: api.MediaItem; input: api.MediaItemInput }) => api.updateMedia(item.id, input),
    onSuccess: async (item) => {
      showSuccess(mediaToasts.updated);
      await putMediaItem(client, item);
    },
    onError: (err) => showError(mediaToasts.updateFailed, err),
  });
}

/** An item with its link: sharing makes a private item shareable (docs/API.md, "Share links"). */
function shared(item: api.MediaItem, share: api.MediaShare): api.MediaItem {
  return { ...item, shareCode: share.shareCode, isPrivate: false };
}

/** POST …/share: the item's link (the existing one when there is one). */
export function useCreateShareMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: api.MediaItem) => api.createMediaShare(item.id, item.isPrivate),
    onSuccess: async (share, item) => {
      showSuccess(mediaToasts.shareCreated);
      await putMediaItem(client, shared(item, share));
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
      await putMediaItem(client, item);
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
      await putMediaItem(client, { ...item, shareCode: null });
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
      await Promise.all(results.flatMap(({ item, share }) => (share ? [putMediaItem(client, shared(item, share))] : [])));
    },
  });
}
