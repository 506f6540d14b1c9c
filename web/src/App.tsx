import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './components/ProtectedRoute';
import { AppLayout } from './components/layout/AppLayout';

// Every page is its own chunk, loaded when its route is first visited: the landing page must not
// carry the signed-in app, the video editor or (later) billing and charts. docs/PERFORMANCE.md,
// "Web bundle", has the sizes and web/e2e/bundle.test.mjs holds the landing page to its budget.
function page<P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LandingPage = page(() => import('./pages/LandingPage'), 'LandingPage');
const EarlyAccessPage = page(() => import('./pages/EarlyAccessPage'), 'EarlyAccessPage');
const ComingSoonPage = page(() => import('./pages/ComingSoonPage'), 'ComingSoonPage');
const TermsPage = page(() => import('./pages/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const ContactPage = page(() => import('./pages/ContactPage'), 'ContactPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const DemoPage = page(() => import('./pages/DemoPage'), 'DemoPage');
const SharePage = page(() => import('./pages/SharePage'), 'SharePage');
const InvitePage = page(() => import('./pages/InvitePage'), 'InvitePage');
const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
const ProfilePage = page(() => import('./pages/ProfilePage'), 'ProfilePage');
const JournalPage = page(() => import('./pages/JournalPage'), 'JournalPage');
const MediaPage = page(() => import('./pages/MediaPage'), 'MediaPage');
const FamilyPage = page(() => import('./pages/FamilyPage'), 'FamilyPage');
const UpcomingFeaturePage = page(() => import('./pages/UpcomingFeaturePage'), 'UpcomingFeaturePage');

/** While a page's chunk arrives: a loader where the page will be, below the header that stays. */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center mih="60dvh" aria-busy="true">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

function signedIn(element: ReactNode) {
  return (
    <ProtectedRoute>
      <Loading>{element}</Loading>
    </ProtectedRoute>
  );
}

// Protected pages whose features land in later releases show an honest "on its way" state
// rather than sample data.
const upcoming: { path: string; title: string }[] = [
  { path: '/stats', title: 'Sports Statistics' },
  { path: '/recruiting', title: 'Recruiting Center' },
  { path: '/subscription', title: 'Choose Your Plan' },
  { path: '/milestones', title: 'Milestones' },
  { path: '/events', title: 'Events' },
];

export function App() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<Loading><LandingPage /></Loading>} />
        <Route path="/early-access" element={<Loading><EarlyAccessPage /></Loading>} />
        <Route path="/coming-soon" element={<Loading><ComingSoonPage /></Loading>} />
        <Route path="/terms" element={<Loading><TermsPage /></Loading>} />
        <Route path="/privacy" element={<Loading><PrivacyPage /></Loading>} />
        <Route path="/contact" element={<Loading><ContactPage /></Loading>} />
        <Route path="/demo" element={<Loading><DemoPage /></Loading>} />
        <Route path="/share/:shareCode" element={<Loading><SharePage /></Loading>} />
        <Route path="/invite/:token" element={<Loading><InvitePage /></Loading>} />
        <Route path="/dashboard" element={signedIn(<DashboardPage />)} />
        <Route path="/profile" element={signedIn(<ProfilePage />)} />
        <Route path="/journal" element={signedIn(<JournalPage />)} />
        <Route path="/media" element={signedIn(<MediaPage />)} />
        <Route path="/family" element={signedIn(<FamilyPage />)} />
        {upcoming.map(({ path, title }) => (
          <Route key={path} path={path} element={signedIn(<UpcomingFeaturePage title={title} />)} />
        ))}
        <Route path="*" element={<Loading><NotFoundPage /></Loading>} />
      </Route>
    </Routes>
  );
}
