import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { stubFetch } from '../../test/fetch';
import type { UploadInput } from './api';
import { UploadError } from './api';
import { resumableMetadata, startResumableUpload } from './resumable';
import { RESUMABLE_MIN_BYTES, usesResumableUpload } from './uploadRules';
import { MB } from './test-utils';

// The resumable upload against a tus server faked at the HTTP boundary (tus-js-client's HttpStack):
// it keeps the bytes that arrived before a dropped connection, as ours does.

interface StoredUpload {
  length: number;
  received: Uint8Array;
  metadata: string;
}

function response(status: number, headers: Record<string, string> = {}, body = ''): HttpResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { getStatus: () => status, getHeader: (name) => lower[name.toLowerCase()], getBody: () => body, getUnderlyingObject: () => null };
}

class FakeTusServer implements HttpStack {
  uploads = new Map<string, StoredUpload>();
  log: string[] = [];
  /** The next PATCH's connection drops after this many bytes. */
  dropAfter: number | null = null;
  /** The next PATCH stores this many bytes, then never answers. */
  hangAfter: number | null = null;
  /** Answer to the creation request instead of 201. */
  refuseCreation: HttpResponse | null = null;
  /** Every request fails as if the phone had no signal. */
  offline = false;
  /** The next dropped connection leaves the phone without signal. */
  offlineAfterDrop = false;
  /** The athlete already has the file: the last byte answers this 409 unless the upload allows a copy. */
  duplicateOf: { message: string; existingId: number } | null = null;

  getName() {
    return 'fake tus server';
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let onProgress: (sent: number) => void = () => {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      getHeader: (name) => headers[name],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      abort: () => Promise.resolve(),
      getUnderlyingObject: () => null,
      send: (body: unknown) => this.handle(method, new URL(url).pathname, headers, body, onProgress),
    };
  }

  private async handle(method: string, path: string, headers: Record<string, string>, body: unknown, progress: (n: number) => void) {
    this.log.push(`${method} ${path}`);
    expect(headers['Tus-Resumable']).toBe('1.0.0');
    if (this.offline) throw new Error('no connection');
    if (method === 'POST') {
      if (this.refuseCreation) return this.refuseCreation;
      const id = String(this.uploads.size + 1);
      this.uploads.set(id, { length: Number(headers['Upload-Length']), received: new Uint8Array(), metadata: headers['Upload-Metadata'] });
      return response(201, { Location: `/api/media/uploads/${id}` });
    }
    const upload = this.uploads.get(path.split('/').at(-1) ?? '');
    if (!upload) return response(404);
    if (method === 'DELETE') {
      this.uploads.delete(path.split('/').at(-1) ?? '');
      return response(204);
    }
    if (method === 'HEAD') {
      return response(200, { 'Upload-Offset': String(upload.received.length), 'Upload-Length': String(upload.length) });
    }
    if (Number(headers['Upload-Offset']) !== upload.received.length) return response(409);
    let bytes = await bytesOf(body as Blob);
    const hang = this.hangAfter;
    if (hang !== null) {
      this.hangAfter = null;
      upload.received = bytes.slice(0, hang);
      return new Promise<HttpResponse>(() => {});
    }
    const drop = this.dropAfter;
    if (drop !== null) bytes = bytes.slice(0, drop);
    upload.received = new Uint8Array([...upload.received, ...bytes]);
    progress(bytes.length);
    if (drop !== null) {
      this.dropAfter = null;
      this.offline = this.offlineAfterDrop;
      throw new Error('the connection dropped');
    }
    const done = upload.received.length === upload.length;
    if (done && this.duplicateOf && !upload.metadata.includes(`allowDuplicate ${btoa('true')}`)) {
      this.uploads.delete(path.split('/').at(-1) ?? '');
      return response(409, {}, JSON.stringify(this.duplicateOf));
    }
    return response(204, { 'Upload-Offset': String(upload.received.length), ...(done ? { 'Media-Id': '7' } : {}) });
  }
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

function film(size: number): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31) % 251;
  return new File([bytes], 'semifinal.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}

function input(file: File, title = 'Semifinal'): UploadInput {
  return { file, fileName: file.name, title, description: '', date: '2026-05-02', isPrivate: true, tags: ['playoffs'] };
}

const item = { id: 7, title: 'Semifinal', status: 'processing' };

describe('resumable uploads', () => {
  let server: FakeTusServer;
  beforeEach(() => {
    server = new FakeTusServer();
    localStorage.clear();
    stubFetch({ 'GET /api/media/7': { body: item } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is used for video above 20 MB only', () => {
    expect(RESUMABLE_MIN_BYTES).toBe(20 * MB);
    expect(usesResumableUpload(new Blob([new Uint8Array(21 * MB)], { type: 'video/mp4' }))).toBe(true);
    expect(usesResumableUpload(new Blob([new Uint8Array(19 * MB)], { type: 'video/mp4' }))).toBe(false);
    expect(usesResumableUpload(new Blob([new Uint8Array(21 * MB)], { type: 'image/jpeg' }))).toBe(false);
  });

  it('goes on from where a dropped connection left it, reporting the reconnect, and answers the item', async () => {
    const file = film(300_000);
    server.dropAfter = 120_000;
    const percents: number[] = [];
    const reconnecting = vi.fn();
    const handle = startResumableUpload(42, input(file), { onProgress: (p) => percents.push(p), onReconnecting: reconnecting, httpStack: server });

    await expect(handle.result).resolves.toEqual(item);
    expect(server.log).toEqual(['POST /api/athletes/42/media/uploads', 'PATCH /api/media/uploads/1', 'HEAD /api/media/uploads/1', 'PATCH /api/media/uploads/1']);
    expect(reconnecting).toHaveBeenCalledTimes(1);
    const stored = server.uploads.get('1');
    expect(stored?.received).toEqual(await bytesOf(file));
    expect(percents).toContain(40); // 120,000 of 300,000 bytes, kept through the drop
    expect(percents.at(-1)).toBe(100);
    const metadata = Object.fromEntries(
      (stored?.metadata ?? '').split(',').map((pair) => {
        const [key, value] = pair.split(' ');
        return [key, atob(value)];
      }),
    );
    expect(metadata).toEqual(resumableMetadata(input(file)));
  });

  it('keeps an unfinished upload in this browser: the next try of the same file and fields goes on with it', async () => {
    const file = film(80_000);
    // The first try's connection hangs after 30,000 bytes and the page is left (closed, reloaded).
    server.hangAfter = 30_000;
    void startResumableUpload(42, input(file), { onProgress: () => {}, httpStack: server }).result.catch(() => {});
    await vi.waitFor(() => expect(server.uploads.get('1')?.received.length).toBe(30_000));

    // Other fields make another upload; the same ones go on from byte 30,000.
    server.log = [];
    await expect(startResumableUpload(42, input(file, 'Another title'), { onProgress: () => {}, httpStack: server }).result).resolves.toEqual(item);
    expect(server.log[0]).toBe('POST /api/athletes/42/media/uploads');
    server.log = [];
    const percents: number[] = [];
    await expect(startResumableUpload(42, input(file), { onProgress: (p) => percents.push(p), httpStack: server }).result).resolves.toEqual(item);
    expect(server.log).toEqual(['HEAD /api/media/uploads/1', 'PATCH /api/media/uploads/1']);
    expect(server.uploads.get('1')?.received).toEqual(await bytesOf(file));
    expect(percents[0]).toBeGreaterThanOrEqual(37);

    // Done uploads are forgotten: the same file again is a new upload.
    server.log = [];
    await startResumableUpload(42, input(file), { onProgress: () => {}, httpStack: server }).result;
    expect(server.log[0]).toBe('POST /api/athletes/42/media/uploads');
  });

  // Issue 33: the next try after a dropped connection may be two minutes away; the browser says when it is back.
  it('goes on as soon as the browser is online again, not at the end of the retry delay', async () => {
    const file = film(100_000);
    server.dropAfter = 40_000;
    server.offlineAfterDrop = true;
    const reconnecting = vi.fn();
    // Tries at once, then not for an hour: only the online event can finish this within the test's time.
    const handle = startResumableUpload(42, input(file), { onProgress: () => {}, onReconnecting: reconnecting, httpStack: server, retryDelays: [0, 3_600_000] });
    await vi.waitFor(() => expect(reconnecting).toHaveBeenCalledTimes(2));

    server.offline = false;
    window.dispatchEvent(new Event('online'));
    await expect(handle.result).resolves.toEqual(item);
    expect(server.uploads.get('1')?.received).toEqual(await bytesOf(file));
    expect(server.log.slice(-2)).toEqual(['HEAD /api/media/uploads/1', 'PATCH /api/media/uploads/1']);
  });

  it('cancels for good: the server drops the upload', async () => {
    server.hangAfter = 10_000;
    const handle = startResumableUpload(42, input(film(50_000)), { onProgress: () => {}, httpStack: server });
    await vi.waitFor(() => expect(server.uploads.get('1')?.received.length).toBe(10_000));
    handle.abort();
    await expect(handle.result).rejects.toMatchObject({ kind: 'aborted' });
    await vi.waitFor(() => expect(server.log.at(-1)).toBe('DELETE /api/media/uploads/1'));
  });

  it('ends with the duplicate question (409 with existingId) without retrying; allowDuplicate keeps a copy', async () => {
    server.duplicateOf = { message: 'You uploaded this on Nov 26: keep both?', existingId: 3 };
    const reconnecting = vi.fn();
    const file = film(5000);
    const err = await startResumableUpload(42, input(file), { onProgress: () => {}, onReconnecting: reconnecting, httpStack: server }).result.catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'http', status: 409, message: 'You uploaded this on Nov 26: keep both?', body: { existingId: 3 } });
    expect(reconnecting).not.toHaveBeenCalled();
    expect(server.log).toEqual(['POST /api/athletes/42/media/uploads', 'PATCH /api/media/uploads/1']);

    server.log = [];
    const keep = { ...input(file), allowDuplicate: true };
    await expect(startResumableUpload(42, keep, { onProgress: () => {}, httpStack: server }).result).resolves.toEqual(item);
    expect(server.log[0]).toBe('POST /api/athletes/42/media/uploads');
    expect(resumableMetadata(keep).allowDuplicate).toBe('true');
  });

  it('fails with the server message for a refusal (413 in the plan’s words), without retrying', async () => {
    server.refuseCreation = response(413, {}, JSON.stringify({ message: 'File is too large (the limit is 50 MB)' }));
    const reconnecting = vi.fn();
    const handle = startResumableUpload(42, input(film(1000)), { onProgress: () => {}, onReconnecting: reconnecting, httpStack: server });
    const err = await handle.result.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({ kind: 'http', status: 413, message: 'File is too large (the limit is 50 MB)' });
    expect(reconnecting).not.toHaveBeenCalled();
    expect(server.log).toEqual(['POST /api/athletes/42/media/uploads']);
  });
});
