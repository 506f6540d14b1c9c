import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type User, userKey } from '../features/auth';
import { theme } from '../theme';

interface RenderOptions {
  /** The starting URL. */
  route?: string;
  /** The route pattern the element is rendered at, when it reads URL parameters ("/a/:slug"); default the route's path. */
  path?: string;
  /** Seeds the session: a user (signed in), null (signed out). Omitted: /api/session is fetched as in the app. */
  user?: User | null;
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup: unmount after each test.
afterEach(() => {
  cleanup();
  // What a page keeps for the session (the media library's view and scroll offset) starts fresh per test.
  sessionStorage.clear();
});

export const testUser: User = {
  id: 1,
  firstName: 'Ana',
  lastName: 'Rivera',
  email: 'ana@example.com',
  profileImageUrl: null,
};

/** Shows the router's current path so a test can see where a redirect went. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/**
 * Renders inside the app's providers (Mantine with the app theme and notifications, a fresh QueryClient with the
 * app's no-retry defaults, and a MemoryRouter). Routes other than the rendered element show "other route".
 */
export function renderWithProviders(ui: ReactElement, { route = '/', user, path: pattern }: RenderOptions = {}) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  if (user !== undefined) client.setQueryData(userKey, user);
  const path = pattern ?? route.split(/[?#]/)[0] ?? '/';

  const result = render(
    // env="test" turns off transitions and portals, so menus and drawers open at once.
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<div>other route</div>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, client };
}
