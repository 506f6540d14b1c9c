import { afterEach, describe, expect, it, vi } from 'vitest';
import { goOffline, goOnline } from '../../test/network';
import { UploadError, type UploadHandle } from './api';
import { resumeWhenOnline } from './offline';

// resumeWhenOnline (issue 33): only a network error while the browser says it is offline waits for the
// connection; everything else ends the upload as before.

afterEach(() => goOnline());

/** An upload try that the test ends by hand. */
function tries() {
  const started: { resolve: (v: null) => void; reject: (e: unknown) => void; aborted: boolean }[] = [];
  const start = (): UploadHandle => {
    const t: (typeof started)[number] = { resolve: () => {}, reject: () => {}, aborted: false };
    const result = new Promise<null>((resolve, reject) => Object.assign(t, { resolve, reject }));
    started.push(t);
    const abort = () => {
      t.aborted = true;
      t.reject(new UploadError('aborted', 'Upload canceled'));
    };
    return { result, abort };
  };
  return { started, start };
}

const network = () => new UploadError('network', 'Network error');

describe('resumeWhenOnline', () => {
  it('fails at once on a network error while the browser believes it is online (the server is unreachable)', async () => {
    const { started, start } = tries();
    const handle = resumeWhenOnline(start, vi.fn());
    started[0]!.reject(network());
    await expect(handle.result).rejects.toMatchObject({ kind: 'network' });
  });

  it('fails at once on a refusal even while offline', async () => {
    const { started, start } = tries();
    const handle = resumeWhenOnline(start, vi.fn());
    goOffline();
    started[0]!.reject(new UploadError('http', 'File is too large', 413));
    await expect(handle.result).rejects.toMatchObject({ kind: 'http', status: 413 });
  });

  it('waits offline and starts again once online', async () => {
    const { started, start } = tries();
    const waiting = vi.fn();
    const handle = resumeWhenOnline(start, waiting);
    goOffline();
    started[0]!.reject(network());
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledTimes(1));
    expect(started).toHaveLength(1);
    goOnline();
    await vi.waitFor(() => expect(started).toHaveLength(2));
    started[1]!.resolve(null);
    await expect(handle.result).resolves.toBeNull();
  });

  it('stops waiting when aborted', async () => {
    const { started, start } = tries();
    const waiting = vi.fn();
    const handle = resumeWhenOnline(start, waiting);
    goOffline();
    started[0]!.reject(network());
    await vi.waitFor(() => expect(waiting).toHaveBeenCalled());
    handle.abort();
    await expect(handle.result).rejects.toMatchObject({ kind: 'aborted' });
    goOnline();
    expect(started).toHaveLength(1);
  });
});
