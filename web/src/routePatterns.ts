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
