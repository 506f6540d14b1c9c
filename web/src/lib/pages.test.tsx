import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch';
import { ApiError } from './api';
import { fetchPage, pageUrl, useInfiniteList, walkPages } from './pages';

afterEach(() => {
  vi.unstubAllGlobals();
});

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A list of `total` rows served `size` at a time, as the server pages it: cursor "c{n}" starts at row n. */
function pagedRoutes(url: string, total: number, size: number, sizeParam?: number) {
  const routes: Record<string, { body: number[]; headers: Record<string, string> }> = {};
  for (let start = 0; start < total; start += size) {
    const end = Math.min(total, start + size);
    const params = new URLSearchParams();
    if (sizeParam !== undefined) params.set('limit', String(sizeParam));
    if (start > 0) params.set('cursor', `c${start}`);
    const query = params.toString();
    routes[`GET ${url}${query ? `${url.includes('?') ? '&' : '?'}${query}` : ''}`] = {
      body: Array.from({ length: end - start }, (_, i) => start + i),
      headers: end < total ? { 'X-Next-Cursor': `c${end}` } : {},
    };
  }
  return routes;
}

describe('pageUrl', () => {
  it('adds the limit and the cursor after whatever query the list already has', () => {
    expect(pageUrl('/api/athletes/1/milestones', { cursor: null })).toBe('/api/athletes/1/milestones');
    expect(pageUrl('/api/athletes/1/media', { cursor: 'abc', limit: 200 })).toBe('/api/athletes/1/media?limit=200&cursor=abc');
    expect(pageUrl('/api/athletes/1/events?upcoming=true', { cursor: 'x/y+z' })).toBe('/api/athletes/1/events?upcoming=true&cursor=x%2Fy%2Bz');
  });
});

describe('fetchPage', () => {
  it('answers the rows and the next cursor, and null on the last page', async () => {
    stubFetch(pagedRoutes('/list', 3, 2));
    expect(await fetchPage<number>('/list')).toEqual({ items: [0, 1], next: 'c2' });
    expect(await fetchPage<number>('/list', { cursor: 'c2' })).toEqual({ items: [2], next: null });
  });

  it("throws the api's error, with its message", async () => {
    stubFetch({ 'GET /list?cursor=bad': { status: 400, body: { message: 'cursor is not valid for this list' } } });
    const err = await fetchPage('/list', { cursor: 'bad' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverMessage).toBe('cursor is not valid for this list');
  });
});

describe('walkPages', () => {
  it('visits every page in order until the last', async () => {
    const { calls } = stubFetch(pagedRoutes('/list?type=video', 7, 3, 3));
    const seen: number[][] = [];
    await walkPages<number>('/list?type=video', (rows) => void seen.push(rows), 3);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(calls.map((c) => c.url)).toEqual(['/list?type=video&limit=3', '/list?type=video&limit=3&cursor=c3', '/list?type=video&limit=3&cursor=c6']);
  });

  it('stops when the visitor has seen enough', async () => {
    const { calls } = stubFetch(pagedRoutes('/list', 10, 2));
    await walkPages<number>('/list', (rows) => rows[0]! < 2);
    expect(calls).toHaveLength(2);
  });
});

describe('useInfiniteList', () => {
  it('reaches every row of a list of many pages, the first page small and the later ones large', async () => {
    // A page of 2, then pages of 5: rows 0 to 11.
    const routes: Record<string, { body: number[]; headers: Record<string, string> }> = {};
    routes['GET /big?limit=2'] = { body: [0, 1], headers: { 'X-Next-Cursor': 'c2' } };
    routes['GET /big?limit=5&cursor=c2'] = { body: [2, 3, 4, 5, 6], headers: { 'X-Next-Cursor': 'c7' } };
    routes['GET /big?limit=5&cursor=c7'] = { body: [7, 8, 9, 10, 11], headers: {} };
    stubFetch(routes);
    const { result } = renderHook(() => useInfiniteList<number>({ queryKey: ['/big', 'pages'], url: '/big', firstLimit: 2, nextLimit: 5 }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.items).toEqual([0, 1]));
    expect(result.current.hasNextPage).toBe(true);
    while (result.current.hasNextPage) {
      await act(() => result.current.fetchNextPage());
    }
    expect(result.current.items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('refetches every page loaded so far, each after the fresh one before it', async () => {
    const { routes, calls } = stubFetch(pagedRoutes('/rows', 4, 2));
    const { result } = renderHook(() => useInfiniteList<number>({ queryKey: ['/rows', 'pages'], url: '/rows' }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    // The first page settled (its cursor read) before the next is asked for: on a loaded machine the
    // hook can still be finishing the first fetch when the items show.
    await waitFor(() => expect(result.current.hasNextPage && !result.current.isFetching).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.items).toEqual([0, 1, 2, 3]));
    // A row was deleted from the first page: the second page now starts one row earlier.
    routes['GET /rows'] = { body: [0, 2], headers: { 'X-Next-Cursor': 'c2b' } };
    routes['GET /rows?cursor=c2b'] = { body: [3], headers: {} };
    calls.length = 0;
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.items).toEqual([0, 2, 3]));
    expect(calls.map((c) => c.url)).toEqual(['/rows', '/rows?cursor=c2b']);
    expect(result.current.hasNextPage).toBe(false);
  });
});
