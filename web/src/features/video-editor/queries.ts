import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { ApiError, serverMessage } from '../../lib/api';
import { isWorking, useWatchedJob } from '../../lib/jobStatus';
import { addMediaItem, createMediaShare, type MediaItem, invalidateMedia, mediaToasts } from '../media';
import * as api from './api';
import { HIGHLIGHTS_POLL_INTERVAL_MS, SOCIAL_SHARE_TOAST_MS } from './constants';
import { editorToasts } from './strings';
import { showError, showSuccess } from '../../lib/toast';

// The editor's server state: a video's highlights (polled while a detection runs), saving a clip and
// sharing. Query keys start with the URL (spec convention), so invalidateMedia's "/api/media/" prefix
// covers the highlights too.

export const editorKeys = {
  highlights: (mediaId: number) => [api.editorUrls.highlights(mediaId)] as const,
};

/** The server's own message for the answers that explain themselves (bad range, still processing, quota). */
function explainedMessage(err: unknown): string | undefined {
  return err instanceof ApiError && [400, 409, 413].includes(err.status) ? serverMessage(err) : undefined;
}

function announceDetection(run: api.Highlights) {
  if (run.status === 'ready') {
    const { title, message } = editorToasts.highlightsReady;
    notifications.show({ title, message: message(run.segments.length), color: 'green' });
  } else if (run.status === 'failed') {
    const { title, message } = editorToasts.highlightsFailed;
    notifications.show({ title, message, color: 'red' });
  }
}

/**
 * A video's stored highlights (GET on open, so reopening shows them without a new run), and Detect
 * Highlights. Polled every 1.5 s while a detection runs, otherwise not at all (spec: no polling). A run
 * seen to finish announces itself once with a toast (lib/jobStatus), and a ready one calls `onDetected`
 * with its segments (the editor trims to the first).
 */
export function useHighlights(item: MediaItem, onDetected: (segments: api.HighlightSegment[]) => void) {
  const { query, started } = useWatchedJob({
    queryKey: editorKeys.highlights(item.id),
    queryFn: () => api.fetchHighlights(item.id),
    enabled: item.mediaType === 'video',
    intervalMs: HIGHLIGHTS_POLL_INTERVAL_MS,
    statusOf: (run) => run.status,
    onOutcome: (run) => {
      announceDetection(run);
      if (run.status === 'ready') onDetected(run.segments);
    },
  });
  const data = query.data;

  const detect = useMutation({
    mutationFn: () => api.detectHighlights(item.id),
    onSuccess: started,
    onError: (err) => {
      const { title, message } = editorToasts.highlightsFailed;
      notifications.show({ title, message: explainedMessage(err) ?? message, color: 'red' });
    },
  });

  return {
    highlights: data,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    isDetecting: isWorking(data?.status) || detect.isPending,
    detect: () => detect.mutate(),
  };
}

/** POST …/trim; on success the toast, the clip put into the library (it shows as processing), then `onSaved`. */
export function useSaveClipMutation(item: MediaItem, onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (range: { startTime: number; endTime: number }) =>
      api.trimVideo(item.id, { ...range, title: `${item.title} (Clip)` }),
    onSuccess: (clip) => {
      showSuccess(editorToasts.clipSaved);
      onSaved();
      void addMediaItem(client, clip);
    },
    onError: (err) => {
      const { title, message } = editorToasts.clipFailed;
      notifications.show({ title, message: explainedMessage(err) ?? message, color: 'red' });
    },
  });
}

/**
 * Share to Social: the video's public link (POST …/share answers the existing one when there is one).
 * The toast stays 10 s (spec section 9); the prototype's 1 s delay before it stood in for a request,
 * and a real one is made here, so none is added.
 */
export function useSocialShareMutation(item: MediaItem) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createMediaShare(item.id, item.isPrivate),
    onSuccess: async () => {
      const { title, message } = mediaToasts.shareCreated;
      notifications.show({ title, message, color: 'green', autoClose: SOCIAL_SHARE_TOAST_MS });
      await invalidateMedia(client, item.athleteId);
    },
    onError: (err) => {
      showError(mediaToasts.shareFailed, err);
    },
  });
}
