import { signedOutMessage } from './offlineCopies';

/** How long after `load` the worker is registered, and how long it then waits at most for an idle moment. */
const registerDelayMs = 3000;
const registerIdleTimeoutMs = 2000;

/**
 * Registers the installed app's service worker (web/sw/sw.ts, built to /sw.js), which keeps the app shell
 * and the offline pages' reads (issue 34). Production builds only: the dev server has no sw.js, and a
 * worker caching its modules would serve stale code.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.error('service worker not registered', err));
  };
  // A while after the page has loaded, once it is idle: installing fetches and stores the whole shell (149
  // files, 600 KB), and at `load` that ran beside the page's first render, which on a phone comes after
  // load: the dashboard's card showed 0.3–0.5 s later with it than without (issue 34).
  const later = () =>
    setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: registerIdleTimeoutMs });
      else register();
    }, registerDelayMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/**
 * Tells the service worker the family signed out, so the answers it saved for offline use go now (it
 * also sees the sign-out request, but not when that request never left the phone).
 */
export function forgetOfflineCopies(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: signedOutMessage });
}
