import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { registerNavigate } from './navigate.ts';
import { WelcomePage } from '../features/access/welcome-page.tsx';
import { LoginPage } from '../features/access/login-page.tsx';
import { RegisterPage } from '../features/access/register-page.tsx';
import { ForgotPasswordPage } from '../features/access/forgot-password-page.tsx';
import { PrivacyPage, TermsPage } from '../features/access/legal-pages.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { AlertsPage } from '../features/alerts/alerts-page.tsx';
import { EntryPage } from '../features/entry/entry-page.tsx';
import { DevicesPage } from '../features/devices/devices-page.tsx';
import { SosCasePage } from '../features/followed/sos-case-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { MedicalProfilePage } from '../features/profile/medical-profile-page.tsx';
import { SubUsersPage } from '../features/profile/sub-users-page.tsx';
import { NotificationSettingsPage } from '../features/profile/notifications-page.tsx';
import { FeedbackPage } from '../features/profile/feedback-page.tsx';
import { DeleteAccountPage } from '../features/profile/delete-account-page.tsx';
import { VisitorApp } from '../features/visitor/visitor-app.tsx';
import { FollowedPage } from '../features/followed/followed-page.tsx';

/**
 * Served under /app/ (vite `base` and the server's static mount). The trailing slash keeps Home at `/app/`, inside the
 * service worker's scope (`/app` would be outside it, and would not start offline).
 */
export const router = createBrowserRouter([
  { path: '/welcome', element: <WelcomePage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/visitor/*', element: <VisitorApp /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'alerts', element: <AlertsPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'entry', element: <EntryPage /> },
          { path: 'devices/*', element: <DevicesPage /> },
          // Loaded when first opened (charts, QR encoder and decoder are most of their weight); the service worker
          // caches every built chunk at install, so they open offline too.
          { path: 'metrics/:metric', lazy: async () => ({ Component: (await import('../features/metrics/metric-page.tsx')).MetricPage }) },
          { path: 'contacts/*', lazy: async () => ({ Component: (await import('../features/contacts/contacts-page.tsx')).ContactsPage }) },
          { path: 'sos-cases/:id', element: <SosCasePage /> },
          { path: 'visits/:id', lazy: async () => ({ Component: (await import('../features/visits/visit-page.tsx')).VisitPage }) },
          { path: 'events/*', lazy: async () => ({ Component: (await import('../features/events/events-page.tsx')).EventsPage }) },
          { path: 'records/*', lazy: async () => ({ Component: (await import('../features/records/records-page.tsx')).RecordsPage }) },
          { path: 'medication', lazy: async () => ({ Component: (await import('../features/medication/medication-page.tsx')).MedicationPage }) },
          { path: 'subscription/*', lazy: async () => ({ Component: (await import('../features/subscription/subscription-page.tsx')).SubscriptionPage }) },
          { path: 'redeem-code', lazy: async () => ({ Component: (await import('../features/redeem-code/redeem-code-page.tsx')).RedeemCodePage }) },
          { path: 'followed/*', element: <FollowedPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/medical', element: <MedicalProfilePage /> },
          { path: 'sub-users/*', element: <SubUsersPage /> },
          { path: 'settings/notifications', element: <NotificationSettingsPage /> },
          { path: 'feedback', element: <FeedbackPage /> },
          { path: 'announcements', lazy: async () => ({ Component: (await import('../features/announcements/announcements-page.tsx')).AnnouncementsPage }) },
          { path: 'delete-account', element: <DeleteAccountPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
], { basename: '/app/' });

registerNavigate((to) => void router.navigate(to, { replace: true }));
