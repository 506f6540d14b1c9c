// The installed app's service worker (issue 34), our own rather than Workbox's: it is small, and what it
// keeps is exactly this file — the built app shell, and the API answers of the pages a family reads at
// the ballpark, kept per account and forgotten on sign-out. The build (vite.config.ts, serviceWorker)
// bundles it to dist/sw.js with the shell's file list and a hash of those files, so each new build
// installs a new shell cache and deletes the old one.
//
// What it answers:
// - page loads: the network first, the saved app shell (index.html) when there is none or it is too slow,
//   so the app opens without signal;
// - the app's scripts and styles: the saved shell (their names carry a content hash, so never stale);
// - the session check, and the reads made by the dashboard, journal and events pages: the network first,
//   the copy saved for the signed-in account when there is none, marked with X-Saved-At so the app says it
//   is offline; every other API request, media and ranges pass by untouched and are never saved;
// - a share from the phone's share sheet (Web Share Target): the files are kept for the media page.
import {
  offlinePages,
  savedAtHeader,
  shareOutcome,
  shareParam,
  sharedFileHeaders,
  sharedFilesCache,
  shellForPath,
  signedOutMessage,
} from '../src/lib/offlineCopies';

declare const self: ServiceWorkerGlobalScope;
/** A hash of the shell's files (set by the build). */
declare const BUILD_HASH: string;
/** The app shell: "/", the scripts and styles, the icons and the manifest (set by the build). */
declare const SHELL_FILES: string[];

const shellCache = `shell-${BUILD_HASH}`;
/** Whose answers are saved: one entry, the account's id, written when an answer says who is signed in. */
const accountCache = 'account';
const accountKey = '/offline/account';
/** The saved API answers of one account live in a cache named after it; there is never more than one. */
const apiCachePrefix = 'api-account-';
const shellFiles = new Set(SHELL_FILES);
/** Requests that change who is signed in: the saved answers are forgotten before they go out. */
const accountChanges = new Set(['/api/login', '/api/register', '/api/logout']);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(shellCache);
      await cache.addAll(SHELL_FILES);
      // A new build replaces the old worker at once: the pages' next loads get the new shell.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('shell-') && name !== shellCache).map((name) => caches.delete(name)));
      // The page that installed the worker is served by it from now on, not only after a reload.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === signedOutMessage) event.waitUntil(forgetAccount());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method === 'POST' && url.pathname === '/share-target') {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method === 'POST' && accountChanges.has(url.pathname)) {
    event.respondWith(changeAccount(request, url.pathname));
    return;
  }
  // Ranges are media (video, audio): never saved, never delayed.
  if (request.method !== 'GET' || request.headers.has('Range')) return;

  if (url.pathname.startsWith('/api/')) {
    // Images, video and audio the page shows, and every upload: the network's, untouched.
    if (request.destination !== '' || url.pathname.startsWith('/api/uploads/')) return;
    event.respondWith(apiRead(event, url));
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(pageLoad(event));
    return;
  }
  if (shellFiles.has(url.pathname)) event.respondWith(shellFile(request));
});

/**
 * How long a page load or a kept read waits for the network before what the device saved answers: with
 * one bar and no data a request can hang for a minute before it fails. The network's answer, when it
 * comes, still refreshes the saved copy for next time.
 */
const networkPatience = 6000;

/** The network's answer, or `saved` when the network fails, is too slow, or answers from a gateway that lost the api. */
async function networkFirst(event: FetchEvent, fromNetwork: Promise<Response>, saved: Response | undefined): Promise<Response> {
  if (!saved) return fromNetwork;
  event.waitUntil(fromNetwork.catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, networkPatience);
  });
  const answer = await Promise.race([fromNetwork.catch(() => undefined), patience]);
  clearTimeout(timer);
  return answer && ![502, 503, 504].includes(answer.status) ? answer : saved;
}

async function pageLoad(event: FetchEvent): Promise<Response> {
  const saved = await caches.match('/', { cacheName: shellCache });
  const shell = saved && (await shellPage(saved, new URL(event.request.url).pathname));
  return networkFirst(event, fetch(event.request), shell);
}

/** The saved shell as the page at `path`: without the landing page drawn in it, on any other page. */
async function shellPage(saved: Response, path: string): Promise<Response> {
  const headers = new Headers(saved.headers);
  // The saved body is already decoded, and no longer the length it was sent with.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(shellForPath(await saved.text(), path), { status: saved.status, statusText: saved.statusText, headers });
}

async function shellFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: shellCache })) ?? fetch(request);
}

/**
 * An API read: the network's answer, saved when it is one the offline pages need; without a network (or
 * with a gateway that has lost the api), the saved copy of the signed-in account, if any. A 401 means no
 * one is signed in here any more: the saved answers go.
 */
async function apiRead(event: FetchEvent, url: URL): Promise<Response> {
  const { request } = event;
  const account = await currentAccount();
  const saved = await savedAnswer(request, account);
  return networkFirst(event, keptRead(event, url, account), saved);
}

/** The network's answer to a read, kept for `account` when the offline pages need it. */
async function keptRead(event: FetchEvent, url: URL, account: string | null): Promise<Response> {
  const { request } = event;
  const response = await fetch(request);
  if (response.status === 401) {
    await forgetAccount();
    return response;
  }
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('application/json')) return response;

  if (url.pathname === '/api/session') {
    const signedIn = await accountOfSession(response.clone());
    await setAccount(signedIn);
    await save(request, response.clone(), signedIn);
  } else if (await fromOfflinePage(request, event.clientId)) {
    await save(request, response.clone(), account);
  }
  return response;
}

/** Whether the page that asked is one whose reads are kept (its path, from the request's referrer). */
async function fromOfflinePage(request: Request, clientId: string): Promise<boolean> {
  let page = request.referrer;
  if (!page || page === 'about:client') page = (clientId && (await self.clients.get(clientId))?.url) || '';
  if (!page) return false;
  const path = new URL(page).pathname.replace(/\/+$/, '').toLowerCase();
  return offlinePages.includes(path);
}

/** The signed-in account's id in a session check's answer ({user: {id} | null}); null when signed out. */
async function accountOfSession(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { user?: { id?: unknown } | null };
    return typeof body.user?.id === 'number' ? String(body.user.id) : null;
  } catch {
    return null;
  }
}

async function currentAccount(): Promise<string | null> {
  const saved = await caches.match(accountKey, { cacheName: accountCache });
  return saved ? await saved.text() : null;
}

/** Records who is signed in; the answers saved for anyone else are deleted first. */
async function setAccount(account: string | null): Promise<void> {
  if (account === null) return forgetAccount();
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(apiCachePrefix) && name !== apiCachePrefix + account).map((name) => caches.delete(name)));
  const cache = await caches.open(accountCache);
  await cache.put(accountKey, new Response(account));
}

/** Signed out (or someone else is signing in): every saved API answer goes, and so does whose they were. */
async function forgetAccount(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(apiCachePrefix) || name === accountCache).map((name) => caches.delete(name)));
}

/** Login, registration and logout: what was saved is forgotten first (offline too); a login's answer names the new account. */
async function changeAccount(request: Request, path: string): Promise<Response> {
  await forgetAccount();
  const response = await fetch(request);
  if (path !== '/api/logout' && response.ok) {
    const user = (await response.clone().json().catch(() => null)) as { id?: unknown } | null;
    if (typeof user?.id === 'number') await setAccount(String(user.id));
  }
  return response;
}

/**
 * Keeps an answer for the account that was signed in when it was asked for, unless the account changed
 * meanwhile (a sign-out while it was on its way). The body is stored decoded, so the encoding headers go;
 * the copy varies by nothing but its address.
 */
async function save(request: Request, response: Response, account: string | null): Promise<void> {
  if (account === null) return;
  const body = await response.blob();
  if ((await currentAccount()) !== account) return;
  const headers = new Headers(response.headers);
  for (const name of ['Content-Encoding', 'Content-Length', 'Vary', 'Set-Cookie']) headers.delete(name);
  headers.set(savedAtHeader, new Date().toISOString());
  const cache = await caches.open(apiCachePrefix + account);
  await cache.put(request.url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/** The copy saved for the signed-in account, never another's. */
async function savedAnswer(request: Request, account: string | null): Promise<Response | undefined> {
  if (account === null) return undefined;
  return caches.match(request.url, { cacheName: apiCachePrefix + account, ignoreVary: true });
}

/**
 * A share from the phone: the files are kept (Cache Storage holds a video as well as a photo) until the
 * media page takes them into its upload dialog; 303 so the browser opens that page with a GET.
 */
async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form.getAll('media').filter((value): value is File => value instanceof File && value.size > 0);
  await caches.delete(sharedFilesCache);
  const cache = await caches.open(sharedFilesCache);
  await Promise.all(
    files.map((file, i) =>
      cache.put(
        `/shared-files/${i}`,
        new Response(file, {
          headers: {
            'Content-Type': file.type || 'application/octet-stream',
            [sharedFileHeaders.name]: encodeURIComponent(file.name),
            [sharedFileHeaders.lastModified]: String(file.lastModified),
          },
        }),
      ),
    ),
  );
  return Response.redirect(`/media?${shareParam}=${shareOutcome.received}`, 303);
}
