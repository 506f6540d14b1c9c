import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { App } from './App';
import { routePages, routePatterns } from './routePatterns';

/** Every path the router matches, with its parents' paths joined on. */
function paths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path !== undefined && !route.children ? [path] : [];
    return [...own, ...paths(route.children ?? [], path)];
  });
}

describe('route patterns for the api (dist/routes.json)', () => {
  const written = routePatterns(readFileSync(`${import.meta.dirname}/App.tsx`, 'utf8'));

  it('are exactly the routes React Router has in App, besides the catch-all', () => {
    const routed = paths(createRoutesFromChildren(App().props.children)).filter((path) => path !== '/*' && path !== '*');
    expect([...written].sort()).toEqual([...routed].sort());
    expect(written.length).toBeGreaterThan(20);
  });

  it('use only what the api matches: fixed segments and :parameters', () => {
    for (const path of written) expect(path, path).toMatch(/^\/([a-z0-9-]+|:[A-Za-z]+)?(\/([a-z0-9-]+|:[A-Za-z]+))*$/);
  });
});

describe('route pages for the preloads (dist/preloads.json)', () => {
  const app = readFileSync(`${import.meta.dirname}/App.tsx`, 'utf8');
  const pages = routePages(app);

  it('name a page module that exists for every route but the landing page, which is in the first script', () => {
    expect(pages.map((p) => p.path).sort()).toEqual(routePatterns(app).filter((path) => path !== '/').sort());
    for (const page of pages) expect([".ts", ".tsx"].some((ext) => existsSync(`${import.meta.dirname}/../${page.module}${ext}`)), page.module).toBe(true);
  });

  it('tell the signed-in routes from the public ones', () => {
    const signedIn = (path: string) => pages.find((p) => p.path === path)?.signedIn;
    expect(signedIn('/dashboard')).toBe(true);
    expect(signedIn('/media')).toBe(true);
    expect(signedIn('/share/:shareCode')).toBe(false);
    expect(signedIn('/a/:slug')).toBe(false);
  });
});
