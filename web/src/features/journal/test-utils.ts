import { vi } from 'vitest';
import type { JournalEntry, JournalPrompt, JournalStats } from './api';

// Test helpers for the journal. fetch is the boundary we stub: everything between a component and the
// network (api.ts, lib/api.ts, TanStack Query) runs for real.

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers by "METHOD /path?query"; a function sees the parsed request body. */
export type StubRoutes = Record<string, StubbedAnswer | ((body: unknown) => StubbedAnswer)>;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

function respond({ status = 200, body, headers = {} }: StubbedAnswer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Replaces global fetch; unknown routes answer 500 so a missing stub fails loudly. Routes can be changed later. */
export function stubFetch(routes: StubRoutes) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (!route) return respond({ status: 500, body: { message: `no stub for ${method} ${url}` } });
    return respond(typeof route === 'function' ? route(body) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, routes, fetchMock };
}

export function anEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 1,
    athleteId: 7,
    title: 'Game vs Central',
    content: 'Threw 80 pitches and kept my composure in the sixth.',
    date: '2025-04-12',
    tags: ['Game Reflection'],
    isPrivate: true,
    isFavorite: false,
    aiEnhanced: false,
    aiStatus: 'none',
    aiStatusReason: null,
    enhancedContent: null,
    aiSummary: null,
    aiSuggestedTags: [],
    aiProvider: null,
    aiModel: null,
    createdAt: '2025-04-12T20:00:00Z',
    updatedAt: '2025-04-12T20:00:00Z',
    ...overrides,
  };
}

/** An entry whose enhancement finished. */
export function anEnhancedEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return anEntry({
    aiEnhanced: true,
    aiStatus: 'ready',
    enhancedContent: 'I threw 80 pitches and stayed composed through a tense sixth inning.',
    aiSummary: 'A composed start against Central.',
    aiSuggestedTags: ['Pitching', 'game reflection'],
    aiProvider: 'model',
    aiModel: 'claude-haiku',
    ...overrides,
  });
}

export function someStats(overrides: Partial<JournalStats> = {}): JournalStats {
  return {
    totalEntries: 12,
    aiEnhanced: 5,
    thisMonth: 3,
    categories: [
      { tag: 'Game Reflection', count: 6 },
      { tag: 'Training', count: 4 },
    ],
    ...overrides,
  };
}

export function aPrompt(overrides: Partial<JournalPrompt> = {}): JournalPrompt {
  return {
    id: null,
    title: 'Game Reflection',
    prompt: 'What went well in your last game, and what will you change next time?',
    category: 'game reflection',
    source: 'builtin',
    ...overrides,
  };
}
