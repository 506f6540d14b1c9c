import { vi } from 'vitest';

// The one fetch stub of the web tests. fetch is the boundary we stub: everything between a component and
// the network (api.ts, lib/api.ts, TanStack Query) runs for real.

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Answers by "METHOD /path?query". A function sees the parsed request body and headers and may also answer a
 * Response or a promise of one (one that never settles, or rejects, for a request in flight or a
 * network failure).
 */
export type StubRoutes = Record<
  string,
  StubbedAnswer | ((body: unknown, headers: Headers) => StubbedAnswer | Response | Promise<Response>)
>;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

/** A JSON answer (no body for 204 or an undefined body). */
export function jsonResponse({ status = 200, body, headers = {} }: StubbedAnswer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * Replaces global fetch; unknown routes answer 500 so a missing stub fails loudly. The routes object
 * is returned and read on every call, so a test can change an answer later. Undo with
 * vi.unstubAllGlobals().
 */
export function stubFetch(routes: StubRoutes) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (!route) return jsonResponse({ status: 500, body: { message: `no stub for ${method} ${url}` } });
    const answer = typeof route === 'function' ? await route(body, new Headers(init?.headers)) : route;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, routes, fetchMock };
}
