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
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ErrorNotice } from './components/ErrorNotice';
import { Toasts } from './Toasts';
import { registerServiceWorker } from './lib/serviceWorker';

if (import.meta.env.PROD) registerServiceWorker();

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
