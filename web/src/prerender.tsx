import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { Root } from './Root';

/**
 * The routes the build draws ahead of time (scripts/prerender.mjs): the landing page, which most visitors
 * see first, often on a phone with one bar. Its HTML then carries the page, shown as soon as the HTML
 * and the first stylesheet are in, rather than once the first script (457 KB, every page's) has
 * downloaded and run on a phone's slow CPU (issue 34); the script then takes the page over (main.tsx).
 * A prerendered page is drawn as the app's first render on a visitor's phone would draw it: no one
 * signed in yet (the session check has not answered), the light scheme, a narrow window.
 */
export const prerenderedRoutes = ['/'];

/** The app's markup at `path`, as the root element's content. */
export async function prerender(path: string): Promise<string> {
  // Each page its own cache, nothing in it: the queries stay pending (nothing is fetched while drawing),
  // as in the browser before the session check answers.
  const client = new QueryClient();
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const { prelude } = await prerenderToNodeStream(<Root client={client} router={router} />);
  let markup = '';
  for await (const chunk of prelude) markup += chunk;
  return markup;
}
