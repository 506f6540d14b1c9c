import { Route, Routes } from 'react-router';
import { ProtectedRoute } from './components/ProtectedRoute';
import { AppLayout } from './components/layout/AppLayout';
import { LandingPage } from './pages/LandingPage';
import { EarlyAccessPage } from './pages/EarlyAccessPage';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { TermsPage } from './pages/TermsPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { ContactPage } from './pages/ContactPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { DemoPage } from './pages/DemoPage';
import { DashboardPage } from './pages/DashboardPage';
import { ProfilePage } from './pages/ProfilePage';
import { UpcomingFeaturePage } from './pages/UpcomingFeaturePage';
import { JournalPage } from './pages/JournalPage';
import { MediaPage } from './pages/MediaPage';
import { SharePage } from './pages/SharePage';
import { FamilyPage } from './pages/FamilyPage';
import { InvitePage } from './pages/InvitePage';

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
        <Route path="/" element={<LandingPage />} />
        <Route path="/early-access" element={<EarlyAccessPage />} />
        <Route path="/coming-soon" element={<ComingSoonPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/demo" element={<DemoPage />} />
        <Route path="/share/:shareCode" element={<SharePage />} />
        <Route path="/invite/:token" element={<InvitePage />} />
        <Route path="/dashboard" element={<ProtectedRoute><DashboardPage /></ProtectedRoute>} />
        <Route path="/profile" element={<ProtectedRoute><ProfilePage /></ProtectedRoute>} />
        <Route path="/journal" element={<ProtectedRoute><JournalPage /></ProtectedRoute>} />
        <Route path="/media" element={<ProtectedRoute><MediaPage /></ProtectedRoute>} />
        <Route path="/family" element={<ProtectedRoute><FamilyPage /></ProtectedRoute>} />
        {upcoming.map(({ path, title }) => (
          <Route key={path} path={path} element={<ProtectedRoute><UpcomingFeaturePage title={title} /></ProtectedRoute>} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
