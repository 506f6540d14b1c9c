import { StrictMode, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorNotice } from './components/ErrorNotice';
import { Toasts } from './Toasts';

/**
 * The whole app under its providers, given its router: the browser's in main.tsx, a fixed location where
 * the build draws the landing page ahead of time (prerender.tsx). One tree for both, so the page the
 * build wrote is the page the app's first render hydrates.
 */
export function Root({ client, router: Router }: { client: QueryClient; router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
        <ErrorBoundary fallback={() => null}>
          <Toasts />
        </ErrorBoundary>
        <QueryClientProvider client={client}>
          <Router>
            {/* The last resort, should the shell itself fail: a page's own failure is caught in AppLayout. */}
            <ErrorBoundary fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="page" />}>
              <App />
            </ErrorBoundary>
          </Router>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
