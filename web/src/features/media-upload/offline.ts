import { isOnline, whenOnline } from '../../lib/network';
import { UploadError, type UploadHandle } from './api';
import { uploadErrors } from './strings';

/**
 * An upload that waits out a lost connection (issue 33): when a try ends in a network error while the
 * browser says it is offline, it waits for the connection to come back and starts again (a resumable
 * upload goes on from where it stopped; a form upload, at most 20 MB, is sent again). A network error
 * while the browser believes it is online (our server unreachable) ends the upload as before ("Network
 * error"), and so does abort(), at any point. `onWaiting` runs when it starts to wait.
 */
export function resumeWhenOnline(start: () => UploadHandle, onWaiting: () => void): UploadHandle {
  const stop = new AbortController();
  let current: UploadHandle | null = null;
  const result = (async () => {
    for (;;) {
      current = start();
      try {
        return await current.result;
      } catch (err) {
        if (stop.signal.aborted || !(err instanceof UploadError) || err.kind !== 'network' || isOnline()) throw err;
      }
      onWaiting();
      await whenOnline(stop.signal);
    }
  })();
  return {
    result,
    abort: () => {
      stop.abort(new UploadError('aborted', uploadErrors.aborted));
      current?.abort();
    },
  };
}
