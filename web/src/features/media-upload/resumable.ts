import type { DetailedError, HttpStack, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { apiRequest, parseErrorBody } from '../../lib/api';
import { mediaUrls, type MediaItem } from '../media';
import { UploadError, type UploadHandle, type UploadInput } from './api';
import { uploadErrors } from './strings';
import { uploadPercent } from './uploadRules';

// Resumable uploads of game film (docs/API.md, "Resumable uploads": tus 1.0 with tus-js-client).
// The file goes in one PATCH; when the connection drops, the server keeps what arrived, and the
// client asks where the upload stands (HEAD) and sends the rest — after a retry delay, or on the
// next Upload of the same file in this browser (the upload's address is kept in localStorage under
// the file's fingerprint until it succeeds).

const resumableUrls = {
  create: (athleteId: number) => `/api/athletes/${athleteId}/media/uploads`,
} as const;

/**
 * Waits between tries after a failure: quick at first, then up to two minutes, about ten minutes in
 * all — a phone walking out of the gym's dead spot, not a server that is down for the day.
 */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 120_000, 120_000, 120_000];

/** The item's fields as Upload-Metadata, by the names a form upload uses. */
export function resumableMetadata(input: UploadInput): Record<string, string> {
  return {
    filename: input.fileName,
    filetype: input.file.type,
    title: input.title,
    description: input.description,
    date: input.date,
    isPrivate: input.isPrivate ? 'true' : 'false',
    tags: JSON.stringify(input.tags),
    ...(input.allowDuplicate ? { allowDuplicate: 'true' } : {}),
  };
}

/** An earlier, unfinished upload of this file with the same fields, to go on with. */
function matchingUpload(previous: PreviousUpload[], metadata: Record<string, string>): PreviousUpload | undefined {
  const keys = Object.keys(metadata);
  return previous.find((p) => keys.every((k) => p.metadata[k] === metadata[k]));
}

/**
 * Retry after a dropped connection, a server error, or 409/423 (another request still holds the upload,
 * or it moved on): tus-js-client's own rule, except that it also retries while the browser says it is
 * offline — on a phone that is exactly when a retry a few seconds later helps. A 409 naming an existing
 * item is the duplicate question, not a busy upload: the server has removed the upload, so no retry.
 */
function shouldRetry(err: DetailedError): boolean {
  const res = err.originalResponse;
  const status = res?.getStatus() ?? 0;
  if (status === 409 && typeof parseErrorBody(res?.getBody() ?? '').existingId === 'number') return false;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** The same UploadError as a form upload: the server's message (413 in the plan's words, 415) or "Network error". */
function uploadErrorFrom(err: Error | DetailedError): UploadError {
  const res = 'originalResponse' in err ? err.originalResponse : null;
  if (!res) return new UploadError('network', uploadErrors.network);
  const status = res.getStatus();
  const body = parseErrorBody(res.getBody());
  return new UploadError('http', body.message || uploadErrors.http(status), status, body);
}

export interface ResumableHooks {
  /** Whole percents of the file on the server (a resumed upload starts where it stopped). */
  onProgress: (percent: number) => void;
  /** The connection dropped; the upload goes on by itself after a pause. */
  onReconnecting?: () => void;
  /** Tests talk to a fake server. */
  httpStack?: HttpStack;
  /** Tests wait less (or longer) between tries. */
  retryDelays?: number[];
}

/** Fetches tus-js-client ahead of the first large upload: the upload dialog does when it opens, while it can. */
export function preloadResumableUploads() {
  import('tus-js-client').catch(() => {});
}

/**
 * Starts (or resumes) one resumable upload. abort() cancels it for good: the server drops its bytes.
 * tus-js-client is loaded on the first such upload, so pages that never send large video do not carry it.
 */
export function startResumableUpload(athleteId: number, input: UploadInput, hooks: ResumableHooks): UploadHandle {
  let upload: Upload | null = null;
  let aborted = false;
  // A try failed and the next one waits for its delay (up to two minutes).
  let waitingToRetry = false;
  // The browser has its connection back: go on at once rather than at the end of the delay (issue 33).
  const resumeNow = () => {
    const waiting = upload;
    if (!waitingToRetry || !waiting || aborted) return;
    waitingToRetry = false;
    void waiting.abort(false).then(() => {
      if (!aborted) waiting.start();
    });
  };
  window.addEventListener('online', resumeNow);
  let rejectResult: (err: UploadError) => void = () => {};
  const result = new Promise<MediaItem | null>((resolve, reject) => {
    rejectResult = reject;
    const metadata = resumableMetadata(input);
    const options: UploadOptions = {
      endpoint: new URL(resumableUrls.create(athleteId), window.location.origin).href,
      metadata,
      retryDelays: hooks.retryDelays ?? RETRY_DELAYS,
      // A chosen file is known again by its name, size and date; a recording (a Blob) has none of
      // them, so two recordings of one size could be taken for each other: it resumes only in this try.
      storeFingerprintForResuming: input.file instanceof File,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (err) => {
        const retry = shouldRetry(err);
        if (retry) {
          waitingToRetry = true;
          hooks.onReconnecting?.();
        }
        return retry;
      },
      onProgress: (sent, total) => {
        waitingToRetry = false;
        hooks.onProgress(uploadPercent(sent, total));
      },
      onError: (err) => reject(uploadErrorFrom(err)),
      onSuccess: ({ lastResponse }) => {
        const id = Number(lastResponse.getHeader('Media-Id'));
        // The item the upload became, as a form upload answers it (null if it cannot be read now).
        resolve(Number.isInteger(id) && id > 0 ? apiRequest<MediaItem>('GET', mediaUrls.item(id)).catch(() => null) : null);
      },
      ...(hooks.httpStack ? { httpStack: hooks.httpStack } : {}),
    };
    import('tus-js-client')
      .then(async (tus) => {
        if (aborted) return;
        const started = new tus.Upload(input.file, options);
        upload = started;
        const earlier = matchingUpload(await started.findPreviousUploads(), metadata);
        if (aborted) return;
        if (earlier) started.resumeFromPreviousUpload(earlier);
        started.start();
      })
      .catch(() => reject(new UploadError('network', uploadErrors.network)));
  });
  void result.finally(() => window.removeEventListener('online', resumeNow)).catch(() => {});
  return {
    result,
    abort: () => {
      aborted = true;
      void upload?.abort(true).catch(() => {});
      rejectResult(new UploadError('aborted', uploadErrors.aborted));
    },
  };
}
