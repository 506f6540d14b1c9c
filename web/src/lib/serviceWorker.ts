import { signedOutMessage } from './offlineCopies';

/**
 * Registers the installed app's service worker (web/sw/sw.ts, built to /sw.js), which keeps the app shell
 * and the offline pages' reads (issue 34). Production builds only: the dev server has no sw.js, and a
 * worker caching its modules would serve stale code.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // After the page has loaded: the worker's download of the whole shell must not compete with the page's own.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.error('service worker not registered', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Tells the service worker the family signed out, so the answers it saved for offline use go now (it
 * also sees the sign-out request, but not when that request never left the phone).
 */
export function forgetOfflineCopies(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: signedOutMessage });
}
