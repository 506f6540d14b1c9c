// What every page needs of Mantine's styles (mantineStyles.ts's GLOBAL_STYLES): each component's own
// stylesheet comes with the code that uses it, added by the build (mantineStyles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './lib/queryClient';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { App, startPages } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorNotice } from './components/ErrorNotice';
import { Toasts } from './Toasts';
import { registerServiceWorker } from './lib/serviceWorker';
import { prefetchUser } from './features/auth';
import { fetchMyAthletes, myAthletesKey } from './lib/currentAthlete';

if (import.meta.env.PROD) registerServiceWorker();

// On the dashboard, the app's first render drew a loader while the session check went out, then the shell
// again with the family, then the page once its code was imported: three renders of the shell on a
// phone's slowed CPU before the athlete's card (issue 34). The page's HTML preloads the session check,
// the athletes and the page's code, so they are usually in when this runs: the first render waits for
// them (at most startWaitMs, so a slow network still gets the shell and its loader) and draws the page.
const startWaitMs = 1000;
async function startSignedIn(loadPage: () => Promise<unknown>) {
  const family = async () => {
    if (await prefetchUser(queryClient)) await queryClient.prefetchQuery({ queryKey: myAthletesKey, queryFn: fetchMyAthletes });
  };
  await Promise.all([family(), loadPage().catch(() => undefined)]);
}

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver}>
        <ErrorBoundary fallback={() => null}>
          <Toasts />
        </ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            {/* The last resort, should the shell itself fail: a page's own failure is caught in AppLayout. */}
            <ErrorBoundary fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="page" />}>
              <App />
            </ErrorBoundary>
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

const startPage = startPages[window.location.pathname];
if (startPage) void Promise.race([startSignedIn(startPage), new Promise((resolve) => setTimeout(resolve, startWaitMs))]).then(render);
else render();
