import { parseErrorBody } from '../../lib/api';
import type { UploadInput } from './api';
import { uploadPercent } from './uploadRules';

// Unfinished resumable uploads of this device (issue 34). tus-js-client keeps each upload's address in
// localStorage under the file's fingerprint until it succeeds ("tus::{fingerprint}::{n}", resumable.ts);
// this reads them back so the app can list them instead of leaving the family to remember. The server
// is asked where each stands (HEAD): it answers only the person who started it, so another account's
// uploads on a shared browser are never listed.

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };

/** tus-js-client's browser fingerprint ends with the upload endpoint, which names the athlete. */
const FINGERPRINT = /^tus::(tus-br-.*-(https?:\/\/[^ ]+\/api\/athletes\/(\d+)\/media\/uploads))::\d+$/;

/** One upload as tus-js-client stored it. */
interface StoredUpload {
  storageKey: string;
  fingerprint: string;
  endpoint: string;
  athleteId: number;
  uploadUrl: string;
  size: number;
  metadata: Record<string, string>;
}

/** An upload the server still holds for the signed-in person, with how far it got. */
export interface UnfinishedUpload extends StoredUpload {
  title: string;
  fileName: string;
  offset: number;
  /** Whole percents of the file on the server. */
  percent: number;
}

function storedUploads(storage: Storage): StoredUpload[] {
  const found: StoredUpload[] = [];
  for (let i = 0; i < storage.length; i++) {
    const storageKey = storage.key(i) ?? '';
    const match = FINGERPRINT.exec(storageKey);
    if (!match) continue;
    try {
      const value = JSON.parse(storage.getItem(storageKey) ?? '') as Partial<StoredUpload>;
      if (typeof value.uploadUrl !== 'string' || typeof value.size !== 'number') continue;
      found.push({
        storageKey,
        fingerprint: match[1],
        endpoint: match[2],
        athleteId: Number(match[3]),
        uploadUrl: value.uploadUrl,
        size: value.size,
        metadata: value.metadata ?? {},
      });
    } catch {
      // Not an entry tus-js-client wrote: not ours to read.
    }
  }
  return found;
}

/**
 * The uploads this device started that the server still holds for the caller, oldest address first.
 * One that expired (410) or finished is forgotten here; one the server does not know for this caller
 * (404: another account's, or removed) is left alone and not listed. A network failure rejects.
 */
export async function unfinishedUploads(storage: Storage = localStorage): Promise<UnfinishedUpload[]> {
  const uploads: UnfinishedUpload[] = [];
  for (const stored of storedUploads(storage)) {
    const res = await fetch(stored.uploadUrl, { method: 'HEAD', headers: TUS_HEADERS, credentials: 'include', cache: 'no-store' });
    const offset = Number(res.headers.get('Upload-Offset'));
    const length = Number(res.headers.get('Upload-Length')) || stored.size;
    if (res.status === 410 || (res.ok && offset >= length)) {
      storage.removeItem(stored.storageKey);
      continue;
    }
    if (!res.ok || !Number.isFinite(offset)) continue;
    uploads.push({
      ...stored,
      title: stored.metadata.title || stored.metadata.filename || '',
      fileName: stored.metadata.filename ?? '',
      offset,
      percent: uploadPercent(offset, length),
    });
  }
  return uploads;
}

/** Whether a chosen file is the one the upload was started with (tus-js-client's own fingerprint of it). */
export function isSameFile(upload: UnfinishedUpload, file: File): boolean {
  return ['tus-br', file.name, file.type, file.size, file.lastModified, upload.endpoint].join('-') === upload.fingerprint;
}

/** The upload's fields as they were sent, so resumable.ts finds the earlier upload and goes on with it. */
export function resumeInput(upload: UnfinishedUpload, file: File): UploadInput {
  const { metadata } = upload;
  let tags: string[] = [];
  try {
    const parsed = JSON.parse(metadata.tags ?? '[]') as unknown;
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    // An upload started without tags.
  }
  return {
    file,
    fileName: metadata.filename ?? file.name,
    title: metadata.title ?? '',
    description: metadata.description ?? '',
    date: metadata.date ?? '',
    isPrivate: metadata.isPrivate === 'true',
    tags,
    ...(metadata.allowDuplicate === 'true' ? { allowDuplicate: true } : {}),
  };
}

/** Drops an upload: the server removes its bytes (tus termination), and this device its address. */
export async function forgetUpload(upload: UnfinishedUpload, storage: Storage = localStorage): Promise<void> {
  const res = await fetch(upload.uploadUrl, { method: 'DELETE', headers: TUS_HEADERS, credentials: 'include' });
  // 404/410: the server has nothing left to drop.
  if (!res.ok && res.status !== 404 && res.status !== 410) {
    throw new Error(parseErrorBody(await res.text()).message ?? `${res.status}`);
  }
  storage.removeItem(upload.storageKey);
}
