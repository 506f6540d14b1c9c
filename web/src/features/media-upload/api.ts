import { parseErrorBody, type ApiErrorBody } from '../../lib/api';
import { mediaUrls, type MediaItem } from '../media';
import { uploadErrors } from './strings';
import { uploadPercent } from './uploadRules';

// The upload call (docs/API.md, "Media": POST /api/athletes/{id}/media). It goes through
// XMLHttpRequest rather than fetch because only XHR reports the request body's progress
// (xhr.upload.onprogress), which drives the percent bar.

/** One file and the fields sent with it. */
export interface UploadInput {
  file: Blob;
  /** The file name the server sees (a recording is a Blob without one). */
  fileName: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  isPrivate: boolean;
  tags: string[];
  /** Keep the file even when the athlete already has the same bytes (the answer to a 409 "keep both?"). */
  allowDuplicate?: boolean;
}

/** http: the server answered non-2xx; network: no answer at all; aborted: the user canceled. */
export type UploadFailure = 'http' | 'network' | 'aborted';

/** Why an upload did not finish. The message is what the "Upload Failed" toast shows. */
export class UploadError extends Error {
  readonly kind: UploadFailure;
  /** The HTTP status, for kind "http". */
  readonly status: number | null;
  /** The parsed error body: message, and per-field errors on a 400. */
  readonly body: ApiErrorBody;

  constructor(kind: UploadFailure, message: string, status: number | null = null, body: ApiErrorBody = {}) {
    super(message);
    this.name = 'UploadError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

/** The multipart body, field names and encodings exactly as the contract names them. */
export function uploadFormData(input: UploadInput): FormData {
  const data = new FormData();
  data.append('file', input.file, input.fileName);
  data.append('title', input.title);
  data.append('description', input.description);
  data.append('date', input.date);
  data.append('isPrivate', input.isPrivate ? 'true' : 'false');
  data.append('tags', JSON.stringify(input.tags));
  if (input.allowDuplicate) data.append('allowDuplicate', 'true');
  return data;
}

/** The server's 409 for a file the athlete already has ("You uploaded this on Nov 26: keep both?"). */
export function isDuplicateUpload(err: unknown): err is UploadError {
  return err instanceof UploadError && err.status === 409 && typeof err.body.existingId === 'number';
}

/** The new item a 2xx answered, or null when its body is not one. */
function uploadedItem(text: string): MediaItem | null {
  try {
    const body = JSON.parse(text) as unknown;
    return body !== null && typeof body === 'object' ? (body as MediaItem) : null;
  } catch {
    return null;
  }
}

/** An upload under way: its outcome, and the way to stop it. */
export interface UploadHandle {
  /** The new item (status "processing") on 2xx; rejects with an UploadError otherwise. */
  result: Promise<MediaItem | null>;
  abort: () => void;
}

/** Starts one upload; onProgress gets whole percents of the bytes sent. */
export function startUpload(athleteId: number, input: UploadInput, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const result = new Promise<MediaItem | null>((resolve, reject) => {
    xhr.open('POST', mediaUrls.list(athleteId));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // Progress listeners must be in place before send(), or the browser may not report upload progress.
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(uploadedItem(xhr.responseText));
        return;
      }
      const errorBody = parseErrorBody(xhr.responseText);
      reject(new UploadError('http', errorBody.message || uploadErrors.http(xhr.status), xhr.status, errorBody));
    };
    xhr.onerror = () => reject(new UploadError('network', uploadErrors.network));
    xhr.ontimeout = () => reject(new UploadError('network', uploadErrors.network));
    xhr.onabort = () => reject(new UploadError('aborted', uploadErrors.aborted));
    xhr.send(uploadFormData(input));
  });
  return { result, abort: () => xhr.abort() };
}
