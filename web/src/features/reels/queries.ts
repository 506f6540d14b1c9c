import { hashKey, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { combinedStatus, pollWhileWorking, useJobOutcome, useWatchedJob } from '../../lib/jobStatus';
import { pageItems, useInfiniteList, type Page } from '../../lib/pages';
import { showError, showSuccess } from '../../lib/toast';
import { invalidateMedia } from '../media';
import * as api from './api';
import { filmToasts, reelToasts } from './strings';

// A reel's server state: making or editing it, then following its render (polled only while it works)
// until its videos are in the library; the athlete's list of reels and films.

export const reelKeys = {
  list: (athleteId: number) => [api.reelUrls.list(athleteId), 'pages'] as const,
  reel: (reelId: number) => [api.reelUrls.reel(reelId)] as const,
  video: (mediaId: number) => [api.reelUrls.media(mediaId)] as const,
};

/** How often a rendering reel is polled (lib/jobStatus backs off to this). */
const REEL_POLL_INTERVAL_MS = 1000;
/** The list's rendering reels are polled less often: nobody is watching a progress bar there. */
const REEL_LIST_POLL_MS = 2000;
/** Reels shown before Show more: the list sits above the library and must not push it off a phone's screen. */
const REEL_LIST_FIRST = 5;

/** A film's toasts, or a reel's. */
export const toastsOf = (kind: api.ReelKind | undefined) => (kind === 'film' ? filmToasts : reelToasts);

/** After a render starts, finishes or is deleted: the list and, for finished videos, the library. */
function refreshReels(client: QueryClient, athleteId: number) {
  void client.invalidateQueries({ queryKey: reelKeys.list(athleteId) });
  void invalidateMedia(client, athleteId);
}

/** The reel being rendered, announced once when it is ready or failed; the library and list are refreshed then. */
export function useReel(athleteId: number, reelId: number | null) {
  const client = useQueryClient();
  return useWatchedJob({
    queryKey: reelKeys.reel(reelId ?? 0),
    queryFn: () => api.fetchReel(reelId!),
    enabled: reelId !== null,
    intervalMs: REEL_POLL_INTERVAL_MS,
    statusOf: (reel) => reel.status,
    onOutcome: (reel) => {
      const toasts = toastsOf(reel.kind);
      if (reel.status === 'ready') {
        notifications.show({ ...toasts.ready, color: 'green' });
      } else {
        notifications.show({ title: toasts.failed.title, message: reel.statusReason || toasts.failed.fallback, color: 'red' });
      }
      refreshReels(client, athleteId);
    },
  });
}

/**
 * A render just (re)started: its answer becomes the reel's cached record, so the progress shown is this
 * render's (not a finished one seen before the edit) and the list shows it working; its videos are
 * fetched again once it is ready.
 */
function useStarted(athleteId: number, onStarted: (reel: api.Reel) => void) {
  const client = useQueryClient();
  return (reel: api.Reel) => {
    client.setQueryData(reelKeys.reel(reel.id), reel);
    // An edit renders into the same media items: the player must not show the last render's video, kept
    // from before, once this one is ready.
    for (const output of reel.outputs) client.removeQueries({ queryKey: reelKeys.video(output.mediaId) });
    void client.invalidateQueries({ queryKey: reelKeys.list(athleteId) });
    notifications.show({ ...toastsOf(reel.kind).started, color: 'blue' });
    onStarted(reel);
  };
}

export function useCreateReel(athleteId: number, onCreated: (reel: api.Reel) => void) {
  const started = useStarted(athleteId, onCreated);
  return useMutation({
    mutationFn: (input: api.ReelInput) => api.createReel(athleteId, input),
    onSuccess: started,
    onError: (err) => showError(reelToasts.failed, err),
  });
}

/** PUT: the edit is rendered again into the same media items. */
export function useUpdateReel(athleteId: number, reel: api.Reel | null, onUpdated: (reel: api.Reel) => void) {
  const started = useStarted(athleteId, onUpdated);
  return useMutation({
    mutationFn: (input: api.ReelInput) => api.updateReel(reel!.id, input),
    onSuccess: started,
    onError: (err) => showError(toastsOf(reel?.kind).failed, err),
  });
}

/** The season's highlights cut to a film; its errors are the dialog's to show, under its fields or above them. */
export function useCreateSeasonFilm(athleteId: number, onCreated: (film: api.Reel) => void) {
  const started = useStarted(athleteId, onCreated);
  return useMutation({
    mutationFn: (input: api.SeasonFilmInput) => api.createSeasonFilm(athleteId, input),
    onSuccess: started,
  });
}

export function useDeleteReel(athleteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reel: api.Reel) => api.deleteReel(reel.id),
    onSuccess: (_, reel) => {
      client.removeQueries({ queryKey: reelKeys.reel(reel.id) });
      showSuccess(reelToasts.deleted);
      refreshReels(client, athleteId);
    },
    onError: (err) => showError(reelToasts.deleteFailed, err),
  });
}

const listStatus = (data: InfiniteData<Page<api.Reel>>) => combinedStatus(pageItems(data).map((reel) => reel.status));

/**
 * The athlete's reels and films, newest first, page by page; the pages loaded are polled while one renders,
 * and the library is refreshed when they finish (their videos are new items in it).
 */
export function useReelList(athleteId: number) {
  const client = useQueryClient();
  const queryKey = reelKeys.list(athleteId);
  const list = useInfiniteList<api.Reel>({
    queryKey,
    url: api.reelUrls.list(athleteId),
    firstLimit: REEL_LIST_FIRST,
    refetchInterval: pollWhileWorking(listStatus, REEL_LIST_POLL_MS),
  });
  useJobOutcome(list.data, { statusOf: listStatus, onOutcome: () => void invalidateMedia(client, athleteId) }, hashKey(queryKey));
  return list;
}

/** A rendered reel's media item, for its player or its preview. */
export function useReelVideo(mediaId: number | undefined) {
  return useQuery({
    queryKey: reelKeys.video(mediaId ?? 0),
    queryFn: () => api.fetchReelVideo(mediaId!),
    enabled: mediaId !== undefined,
  });
}
