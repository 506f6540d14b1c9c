import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { App } from './App';
import { routePatterns } from './routePatterns';

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
