import { useSyncExternalStore } from 'react';

// Whether the browser says it has a connection (navigator.onLine), for the shell's offline notice and
// the uploads that wait for the connection to come back (issue 33). The browser can only be sure when
// it is offline: "online" means a network is there, not that our server answers.

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** True while the browser has a connection; re-renders when it drops or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Resolves when the browser has a connection again (at once if it has one now). `signal` stops the wait:
 * the promise then rejects with the signal's reason.
 */
export function whenOnline(signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', online);
      signal?.removeEventListener('abort', aborted);
    };
    const online = () => {
      done();
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal?.reason);
    };
    window.addEventListener('online', online);
    signal?.addEventListener('abort', aborted);
  });
}
