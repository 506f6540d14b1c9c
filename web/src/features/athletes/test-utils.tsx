import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../theme';
import type { User } from '../auth/api';
import type { Event, Stat } from './api';
import type { Athlete, AthleteRole } from '../../lib/currentAthlete';

// Test helpers for the athlete and account features. fetch is the boundary we stub: everything
// between a component and the network (api.ts, lib/api.ts, TanStack Query) runs for real.

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client };
}

export interface StubbedAnswer {
  status?: number;
  body?: unknown;
}

/** Answers by "METHOD /path?query"; a function sees the parsed request body. */
export type StubRoutes = Record<string, StubbedAnswer | ((body: unknown) => StubbedAnswer)>;

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export function jsonResponse({ status = 200, body }: StubbedAnswer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch; unknown routes answer 500 so a missing stub fails loudly. */
export function stubFetch(routes: StubRoutes) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (!route) return jsonResponse({ status: 500, body: { message: `no stub for ${method} ${url}` } });
    return jsonResponse(typeof route === 'function' ? route(body) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function aUser(overrides: Partial<User> = {}): User {
  return { id: 1, firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', profileImageUrl: null, ...overrides };
}

export function anAthlete(overrides: Partial<Athlete> = {}): Athlete {
  return {
    id: 7,
    userId: 1,
    name: 'Jordan Rivera',
    sports: 'Baseball',
    position: 'Pitcher',
    graduationYear: 2028,
    gpa: 3.85,
    school: 'Lincoln High School',
    bio: '',
    profileCompletion: 71,
    createdAt: '2026-01-10T12:00:00Z',
    role: 'owner',
    permissions: { edit: true, manageCircle: true },
    ...overrides,
  };
}

/** Another family's athlete the user is in the circle of, with the permissions the server gives the role. */
export function aFamilyAthlete(role: Exclude<AthleteRole, 'owner'>, overrides: Partial<Athlete> = {}): Athlete {
  const edit = role === 'admin' || role === 'editor';
  return anAthlete({
    id: 9,
    userId: 2,
    name: 'Maya Chen',
    sports: 'Softball',
    position: 'Shortstop',
    role,
    permissions: { edit, manageCircle: role === 'admin' },
    ...overrides,
  });
}

export function aStat(id: number, category: string, value: string): Stat {
  return { id, category, value };
}

export function anEvent(id: number, title: string, startDate: string, eventType: Event['eventType'] = 'other'): Event {
  return { id, title, startDate, eventType, location: 'Central Park Field 2' };
}
