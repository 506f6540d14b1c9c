// What the app and its service worker (web/sw/sw.ts, built with the app) must agree on. The worker is
// bundled from its own entry, so it imports this module too: nothing here may touch the page (window,
// document), only names.

/** The header the service worker adds to an API answer it gives from its saved copy: when it was saved (ISO). */
export const savedAtHeader = 'X-Saved-At';

/** The message the app posts to the service worker when the family signs out: forget the saved answers. */
export const signedOutMessage = 'signed-out';

/** The cache holding the files shared to the installed app (Web Share Target), until the media page takes them. */
export const sharedFilesCache = 'shared-files';

/** Each shared file's name and date travel beside its bytes, in these headers of its cached answer. */
export const sharedFileHeaders = { name: 'X-File-Name', lastModified: 'X-Last-Modified' } as const;

/** The media page's query parameter after a share: whether the files are waiting (the worker took them). */
export const shareParam = 'share';
export const shareOutcome = { received: 'received', unavailable: 'unavailable' } as const;

/** The pages whose reads the service worker keeps for offline use (issue 34), and opens without signal. */
export const offlinePages = ['/dashboard', '/journal', '/events'];

/**
 * The saved app shell (the answer for "/", which carries the landing page drawn ahead of time, marked with
 * its path) as the page for `path`: a page drawn for another path is taken out of the root, so the landing
 * page does not show while the app starts on the page asked for.
 */
export function shellForPath(html: string, path: string): string {
  return html.replace(/<div id="root" data-prerendered="([^"]*)">[\s\S]*<\/div>(\s*<\/body>)/, (page, drawnFor: string, end: string) =>
    drawnFor === path ? page : `<div id="root"></div>${end}`,
  );
}
