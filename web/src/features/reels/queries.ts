import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useWatchedJob } from '../../lib/jobStatus';
import { showError } from '../../lib/toast';
import { invalidateMedia } from '../media';
import * as api from './api';
import { reelToasts } from './strings';

// A reel's server state: making it, then following its render (polled only while it works) until its
// videos are in the library.

export const reelKeys = {
  reel: (reelId: number) => [api.reelUrls.reel(reelId)] as const,
  video: (mediaId: number) => [api.reelUrls.media(mediaId)] as const,
};

/** How often a rendering reel is polled (lib/jobStatus backs off to this). */
const REEL_POLL_INTERVAL_MS = 1000;

/** The reel being rendered, announced once when it is ready or failed; the library is refreshed then. */
export function useReel(athleteId: number, reelId: number | null) {
  const client = useQueryClient();
  return useWatchedJob({
    queryKey: reelKeys.reel(reelId ?? 0),
    queryFn: () => api.fetchReel(reelId!),
    enabled: reelId !== null,
    intervalMs: REEL_POLL_INTERVAL_MS,
    statusOf: (reel) => reel.status,
    onOutcome: (reel) => {
      if (reel.status === 'ready') {
        notifications.show({ ...reelToasts.ready, color: 'green' });
        void invalidateMedia(client, athleteId);
      } else {
        notifications.show({ title: reelToasts.failed.title, message: reel.statusReason || reelToasts.failed.fallback, color: 'red' });
      }
    },
  });
}

export function useCreateReel(athleteId: number, onCreated: (reel: api.Reel) => void) {
  return useMutation({
    mutationFn: (input: api.ReelInput) => api.createReel(athleteId, input),
    onSuccess: (reel) => {
      notifications.show({ ...reelToasts.started, color: 'blue' });
      onCreated(reel);
    },
    onError: (err) => showError(reelToasts.failed, err),
  });
}

/** A rendered reel's media item, for its player. */
export function useReelVideo(mediaId: number | undefined) {
  return useQuery({
    queryKey: reelKeys.video(mediaId ?? 0),
    queryFn: () => api.fetchReelVideo(mediaId!),
    enabled: mediaId !== undefined,
  });
}
