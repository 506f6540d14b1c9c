import { lazy, Suspense, useEffect } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { useUser, VerifyEmailBanner } from '../../features/auth';
import { ErrorBoundary } from '../ErrorBoundary';
import { PageErrorBoundary } from '../ErrorNotice';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import classes from './layout.module.css';

const JournalOutboxSender = lazy(() => import('../../features/journal').then((m) => ({ default: m.JournalOutboxSender })));

/**
 * The shell around every route: header, the page, footer. A page that fails (its code did not download,
 * or it threw) shows a notice with Reload in its place, the header and footer staying (issue 33).
 */
export function AppLayout() {
  const { pathname, hash } = useLocation();
  const { isAuthenticated } = useUser();

  // A new page starts at the top (BrowserRouter keeps the old scroll position), unless a link targets an anchor.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppHeader />
      <Box component="main" id="main-content" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <VerifyEmailBanner />
        <PageErrorBoundary resetKey={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </Box>
      <AppFooter />
      {/* Journal entries written without signal go out from whichever page is open (issue 34); its code
          is the journal's, fetched once someone is signed in. Not fetched (offline): nothing to send anyway. */}
      {isAuthenticated && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <JournalOutboxSender />
          </Suspense>
        </ErrorBoundary>
      )}
    </Box>
  );
}
