import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Routes } from 'react-router';
import { AthleteFromLink } from './components/AthleteFromLink';
import { ProtectedRoute } from './components/ProtectedRoute';
import { AppLayout } from './components/layout/AppLayout';
import { activityText } from './features/activity';
import { useDocumentTitle } from './lib/documentTitle';
import { LandingPage } from './pages/LandingPage';

// Code splitting (docs/PERFORMANCE.md, "Web bundle"): the first script holds React, the router, Mantine's
// core, the shell (header, footer) and the landing page, which most visitors see first and which must
// not wait for a second request. Every other page is its own chunk, fetched when its route is first
// visited: the public pages, the signed-in app, and the media page (the video editor comes with it).
// bench/bundle-size.mjs and web/e2e/bundle-size.test.mjs hold the landing page to 150 kB of gzip JS.
// The stats page's charts and the subscription page's Stripe.js stay in those pages' own chunks.

/**
 * A route's page, loaded on first visit: `page(() => import('./pages/X'), 'X')`. A page whose code came in
 * before its first render (`preload`, startPages) is drawn at once, without the Suspense fallback's render
 * and commit first: on a phone's slowed CPU each render of the shell costs a few hundred ms (issue 34).
 */
function page<P extends object>(load: () => Promise<Record<string, ComponentType<P>>>, name: string) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => (loaded = (await load())[name]!);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    // Chosen once per mount: turning from Lazy to the loaded component on a later render would remount the page.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload });
}

const EarlyAccessPage = page(() => import('./pages/EarlyAccessPage'), 'EarlyAccessPage');
const ComingSoonPage = page(() => import('./pages/ComingSoonPage'), 'ComingSoonPage');
const TermsPage = page(() => import('./pages/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const ContactPage = page(() => import('./pages/ContactPage'), 'ContactPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const DemoPage = page(() => import('./pages/DemoPage'), 'DemoPage');
const SharePage = page(() => import('./pages/SharePage'), 'SharePage');
const CoachLinkPage = page(() => import('./pages/CoachLinkPage'), 'CoachLinkPage');
const InvitePage = page(() => import('./pages/InvitePage'), 'InvitePage');
const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage');
// The signed-in app.
const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
const ProfilePage = page(() => import('./pages/ProfilePage'), 'ProfilePage');
const JournalPage = page(() => import('./pages/JournalPage'), 'JournalPage');
const MediaPage = page(() => import('./pages/MediaPage'), 'MediaPage');
const FamilyPage = page(() => import('./pages/FamilyPage'), 'FamilyPage');
const OpsPage = page(() => import('./pages/OpsPage'), 'OpsPage');
const MilestonesPage = page(() => import('./pages/MilestonesPage'), 'MilestonesPage');
const ActivityPage = page(() => import('./pages/ActivityPage'), 'ActivityPage');
const RecruitingPage = page(() => import('./pages/RecruitingPage'), 'RecruitingPage');
const EventsPage = page(() => import('./pages/EventsPage'), 'EventsPage');
// The stats page brings @mantine/charts (and recharts) with it, kept out of every other page's scripts.
const StatsPage = page(() => import('./pages/StatsPage'), 'StatsPage');
const ShowcasePage = page(() => import('./pages/ShowcasePage'), 'ShowcasePage');
// Stripe.js is fetched by this page only, and only when a publishable key is configured.
const SubscriptionPage = page(() => import('./pages/SubscriptionPage'), 'SubscriptionPage');
const PublicShowcasePage = page(() => import('./pages/PublicShowcasePage'), 'PublicShowcasePage');
const PublicAchievementPage = page(() => import('./pages/PublicShowcasePage'), 'PublicAchievementPage');

/**
 * The pages whose code main.tsx fetches beside the session check when the app starts on their route, the
 * first render waiting for both: the dashboard, the installed app's start page (issue 34: its loader was
 * drawn first, then the header again with the family, then the page, each a render at a phone's speed).
 */
export const startPages: Record<string, () => Promise<unknown>> = { '/dashboard': DashboardPage.preload };

/**
 * While a page's chunk loads: a centred loader in the page's place, the header and footer staying put
 * (the same 60vh box ProtectedRoute shows while the session loads, so one does not jump to the other).
 */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** A route's page with its document title ("Journal · Legacy Locker"), set before its chunk arrives. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

function Lazy({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Titled title={title}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </Titled>
  );
}

function Protected({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Titled title={title}>
      <ProtectedRoute>
        <AthleteFromLink>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </AthleteFromLink>
      </ProtectedRoute>
    </Titled>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<Titled title="Home"><LandingPage /></Titled>} />
        <Route path="/early-access" element={<Lazy title="Early Access"><EarlyAccessPage /></Lazy>} />
        <Route path="/coming-soon" element={<Lazy title="Coming Soon"><ComingSoonPage /></Lazy>} />
        <Route path="/terms" element={<Lazy title="Terms of Service"><TermsPage /></Lazy>} />
        <Route path="/privacy" element={<Lazy title="Privacy Policy"><PrivacyPage /></Lazy>} />
        <Route path="/contact" element={<Lazy title="Contact Us"><ContactPage /></Lazy>} />
        <Route path="/demo" element={<Lazy title="Demo Athlete"><DemoPage /></Lazy>} />
        <Route path="/share/:shareCode" element={<Lazy title="Shared Media"><SharePage /></Lazy>} />
        <Route path="/r/:code" element={<Lazy title="Athlete"><CoachLinkPage /></Lazy>} />
        <Route path="/invite/:token" element={<Lazy title="Invitation"><InvitePage /></Lazy>} />
        <Route path="/reset-password/:token" element={<Lazy title="Choose a new password"><ResetPasswordPage /></Lazy>} />
        <Route path="/verify-email/:token" element={<Lazy title="Confirm your e-mail address"><VerifyEmailPage /></Lazy>} />
        <Route path="/dashboard" element={<Protected title="Dashboard"><DashboardPage /></Protected>} />
        <Route path="/profile" element={<Protected title="Profile"><ProfilePage /></Protected>} />
        <Route path="/journal" element={<Protected title="Journal"><JournalPage /></Protected>} />
        <Route path="/media" element={<Protected title="Media Library"><MediaPage /></Protected>} />
        <Route path="/family" element={<Protected title="In the Loop"><FamilyPage /></Protected>} />
        <Route path="/milestones" element={<Protected title="Milestones"><MilestonesPage /></Protected>} />
        <Route path="/activity" element={<Protected title={activityText.pageTitle}><ActivityPage /></Protected>} />
        <Route path="/recruiting" element={<Protected title="Recruiting Center"><RecruitingPage /></Protected>} />
        <Route path="/events" element={<Protected title="Events"><EventsPage /></Protected>} />
        <Route path="/ops" element={<Protected title="Operations"><OpsPage /></Protected>} />
        <Route path="/stats" element={<Protected title="Sports Statistics"><StatsPage /></Protected>} />
        <Route path="/showcase" element={<Protected title="Showcase"><ShowcasePage /></Protected>} />
        <Route path="/subscription" element={<Protected title="Choose Your Plan"><SubscriptionPage /></Protected>} />
        <Route path="/a/:slug" element={<Lazy title="Athlete"><PublicShowcasePage /></Lazy>} />
        <Route path="/a/:slug/achievements/:achievementId" element={<Lazy title="Achievement"><PublicAchievementPage /></Lazy>} />
        <Route path="*" element={<Lazy title="Page Not Found"><NotFoundPage /></Lazy>} />
      </Route>
    </Routes>
  );
}
