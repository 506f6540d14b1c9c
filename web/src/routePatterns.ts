// The api answers 404 for a path the app has no page for (issue 33: a mistyped address answered 200),
// so it must know the app's routes. They are read from App.tsx's <Route path="…"> elements by the
// build, which writes them to dist/routes.json beside the app the api embeds: one list, the one the
// router uses. routePatterns.test.tsx holds this reading to the routes React Router sees in App.

/** The file the build writes the route patterns to, in dist/. */
export const routesFile = 'routes.json';

/** The path patterns of App.tsx's routes ("/share/:shareCode"), without the catch-all "*". */
export function routePatterns(appSource: string): string[] {
  return [...appSource.matchAll(/<Route\s+path="([^"]+)"/g)].map((match) => match[1]!).filter((path) => path !== '*');
}

/** The file the build writes each route's scripts and styles to, in dist/, for the api to preload. */
export const preloadsFile = 'preloads.json';

/** A route whose page is a lazy chunk: its pattern, the page's module without its extension (src/pages/X), and whether it is signed in. */
export interface RoutePage {
  path: string;
  module: string;
  signedIn: boolean;
}

/**
 * The routes of App.tsx whose page is loaded lazily (`const X = page(() => import('./pages/X'), 'X')`),
 * with the page's module as Vite's manifest names it. A signed-in route is one inside <Protected>.
 */
export function routePages(appSource: string): RoutePage[] {
  const modules = new Map<string, string>();
  for (const [, name, from] of appSource.matchAll(/const (\w+) = page\(\(\) => import\('\.\/([^']+)'\)/g)) modules.set(name!, `src/${from}`);
  const pages: RoutePage[] = [];
  for (const [, path, wrapper, component] of appSource.matchAll(/<Route\s+path="([^"]+)"\s+element=\{<(\w+)[^>]*>\s*<(\w+)/g)) {
    const module = modules.get(component!);
    if (path !== '*' && module) pages.push({ path: path!, module, signedIn: wrapper === 'Protected' });
  }
  return pages;
}
