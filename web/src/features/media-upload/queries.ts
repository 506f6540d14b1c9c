import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { addMediaItem, invalidateMedia } from '../media';
import { UploadError, startUpload, type UploadHandle, type UploadInput } from './api';
import { resumeWhenOnline } from './offline';
import { startResumableUpload } from './resumable';
import { usesResumableUpload } from './uploadRules';
import { uploadToasts } from './strings';
import { showSuccess } from '../../lib/toast';

/**
 * The Upload Failed toast for an error; none for an upload the user canceled. Exported for the forms,
 * which also mark the failed row.
 */
export function announceUploadFailure(err: unknown) {
  if (isCanceled(err)) return;
  notifications.show({ title: uploadToasts.failed.title, message: failureMessage(err), color: 'red' });
}

/** Spec: "Upload Failed" with the error message, or "Failed to upload media file". */
export function failureMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : uploadToasts.failed.fallback;
}

export function announceUploadSuccess() {
  showSuccess(uploadToasts.success);
}

export function isCanceled(err: unknown): boolean {
  return err instanceof UploadError && err.kind === 'aborted';
}

/**
 * Uploads one file at a time for an athlete: large video as a resumable upload (resumable.ts), the rest
 * in one request. Each success refreshes the athlete's media (the new item arrives as processing, and
 * the library polls it until it is ready). cancel() aborts the upload in flight; so does unmounting,
 * which is how closing the dialog stops an upload. onReconnecting: the upload lost its connection and
 * goes on by itself (a resumable one after a pause; any upload once the browser is back online).
 */
export function useMediaUploader(athleteId: number) {
  const client = useQueryClient();
  const inFlight = useRef<UploadHandle | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const upload = useCallback(
    async (input: UploadInput, onProgress: (percent: number) => void, onReconnecting?: () => void) => {
      const handle = resumeWhenOnline(
        () =>
          usesResumableUpload(input.file)
            ? startResumableUpload(athleteId, input, { onProgress, onReconnecting })
            : startUpload(athleteId, input, onProgress),
        () => onReconnecting?.(),
      );
      inFlight.current = handle;
      try {
        const item = await handle.result;
        // A resumable upload may end without the item's answer: then the lists are read again.
        void (item ? addMediaItem(client, item) : invalidateMedia(client, athleteId));
        return item;
      } finally {
        if (inFlight.current === handle) inFlight.current = null;
      }
    },
    [client, athleteId],
  );

  const cancel = useCallback(() => inFlight.current?.abort(), []);

  return { upload, cancel };
}
