import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch';
import { resumableMetadata } from './resumable';
import { forgetUpload, isSameFile, resumeInput, unfinishedUploads } from './unfinished';

// The list of unfinished uploads, read from localStorage as tus-js-client's browser build writes it
// ("tus::{fingerprint}::{n}" → {size, metadata, creationTime, uploadUrl}; the fingerprint is
// tus-br-{name}-{type}-{size}-{lastModified}-{endpoint}), with the server's HEAD stubbed at fetch.

const ORIGIN = 'http://127.0.0.1:8080';
const endpoint = (athleteId: number) => `${ORIGIN}/api/athletes/${athleteId}/media/uploads`;
const film = new File([new Uint8Array(10)], 'game-film east.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const fields = {
  file: film,
  fileName: film.name,
  title: 'Game film vs East',
  description: 'Second half',
  date: '2026-05-01',
  isPrivate: true,
  tags: ['game', 'east'],
};

function storeUpload(id: number, file: File, metadata: Record<string, string>, athleteId = 4) {
  const fingerprint = ['tus-br', file.name, file.type, file.size, file.lastModified, endpoint(athleteId)].join('-');
  localStorage.setItem(
    `tus::${fingerprint}::${id}`,
    JSON.stringify({ size: 1000, metadata, creationTime: new Date().toString(), uploadUrl: `${ORIGIN}/api/media/uploads/${id}` }),
  );
}

const head = (status: number, offset?: number, length = 1000) => () =>
  new Response(null, { status, headers: offset === undefined ? {} : { 'Upload-Offset': String(offset), 'Upload-Length': String(length) } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('unfinished uploads', () => {
  it('lists the uploads the server holds for the caller with the percent sent, and forgets only expired and finished ones', async () => {
    const metadata = resumableMetadata(fields);
    storeUpload(1, film, metadata);
    storeUpload(2, film, { ...metadata, title: 'Someone else’s' });
    storeUpload(3, film, { ...metadata, title: 'Expired' });
    storeUpload(4, film, { ...metadata, title: 'Done' });
    localStorage.setItem('tus::not-ours', 'x');
    localStorage.setItem('theme', 'dark');
    stubFetch({
      [`HEAD ${ORIGIN}/api/media/uploads/1`]: head(200, 620),
      [`HEAD ${ORIGIN}/api/media/uploads/2`]: head(404),
      [`HEAD ${ORIGIN}/api/media/uploads/3`]: head(410),
      [`HEAD ${ORIGIN}/api/media/uploads/4`]: head(200, 1000),
    });

    const list = await unfinishedUploads();
    expect(list.map((u) => [u.title, u.percent, u.athleteId])).toEqual([['Game film vs East', 62, 4]]);
    const left = Object.keys(localStorage).filter((k) => k.startsWith('tus::')).sort();
    expect(left).toHaveLength(3);
    expect(left.some((k) => k.endsWith('::1')) && left.some((k) => k.endsWith('::2'))).toBe(true);
  });

  it('knows the same file again and rebuilds the fields it was sent with, so the upload resumes rather than starts over', async () => {
    const metadata = resumableMetadata(fields);
    storeUpload(1, film, metadata);
    stubFetch({ [`HEAD ${ORIGIN}/api/media/uploads/1`]: head(200, 100) });
    const [upload] = await unfinishedUploads();

    expect(isSameFile(upload, film)).toBe(true);
    const edited = new File([new Uint8Array(10)], film.name, { type: film.type, lastModified: film.lastModified + 1 });
    expect(isSameFile(upload, edited)).toBe(false);
    const other = new File([new Uint8Array(11)], film.name, { type: film.type, lastModified: film.lastModified });
    expect(isSameFile(upload, other)).toBe(false);

    expect(resumableMetadata(resumeInput(upload, film))).toEqual(metadata);
    const copy = resumableMetadata({ ...fields, allowDuplicate: true });
    expect(resumableMetadata(resumeInput({ ...upload, metadata: copy }, film))).toEqual(copy);
  });

  it('forgetting tells the server to drop the bytes, then forgets the address; a failure keeps it', async () => {
    storeUpload(1, film, resumableMetadata(fields));
    const server = stubFetch({
      [`HEAD ${ORIGIN}/api/media/uploads/1`]: head(200, 100),
      [`DELETE ${ORIGIN}/api/media/uploads/1`]: { status: 503, body: { message: 'Storage is down' } },
    });
    const [upload] = await unfinishedUploads();

    await expect(forgetUpload(upload)).rejects.toThrow('Storage is down');
    expect(localStorage.getItem(upload.storageKey)).not.toBeNull();

    server.routes[`DELETE ${ORIGIN}/api/media/uploads/1`] = { status: 204 };
    await forgetUpload(upload);
    expect(localStorage.getItem(upload.storageKey)).toBeNull();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });
});
