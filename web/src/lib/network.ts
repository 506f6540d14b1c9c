import { useSyncExternalStore } from 'react';
import { savedAtHeader } from './offlineCopies';

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

// The installed app's service worker answers the offline pages' reads from a copy it saved (issue 34) when
// the server cannot be reached, even where the browser still believes it is online (bars, no data). Each
// API answer says which it was, so the shell can say the page is offline and how old what it shows is.
let savedCopyAt: string | null = null;
const savedCopyListeners = new Set<() => void>();

/** Called with every API answer: a saved copy (the service worker's X-Saved-At) or a fresh one from the server. */
export function noteAnswerSource(res: Response): void {
  const savedAt = res.headers.get(savedAtHeader);
  if (savedAt === savedCopyAt) return;
  savedCopyAt = savedAt;
  savedCopyListeners.forEach((listener) => listener());
}

function subscribeSavedCopy(onChange: () => void): () => void {
  savedCopyListeners.add(onChange);
  return () => savedCopyListeners.delete(onChange);
}

/** When the copy the page shows was saved (ISO), while the last API answer came from the device, not the server; else null. */
export function useSavedCopyAt(): string | null {
  return useSyncExternalStore(
    subscribeSavedCopy,
    () => savedCopyAt,
    () => null,
  );
}
