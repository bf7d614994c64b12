import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth } from './require-auth.tsx';
import { registerNavigate } from './navigate.ts';
import { WelcomePage } from '../features/access/welcome-page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteError } from './route-error.tsx';

/**
 * The signed-in shell: the layout, Home and Alerts (the SOS button), fetched together whichever is needed first, and
 * at every signed-in start (main.tsx): one round trip after the entry, and the service worker caches them with it, so
 * SOS starts offline even after a new build. Welcome, the first load, stays in the entry.
 */
export const loadSignedInShell = () =>
  Promise.all([
    import('./layout.tsx'),
    import('../features/home/home-page.tsx'),
    import('../features/alerts/alerts-page.tsx'),
  ]);
const AppLayout = lazyPage(async () => (await loadSignedInShell())[0].AppLayout);
const HomePage = lazyPage(async () => (await loadSignedInShell())[1].HomePage);
const AlertsPage = lazyPage(async () => (await loadSignedInShell())[2].AlertsPage);

/**
 * Served under /app/ (vite `base` and the server's static mount). The trailing slash keeps Home at `/app/`, inside the
 * service worker's scope (`/app` would be outside it, and would not start offline).
 */
export const router = createBrowserRouter(
  [
    { path: '/welcome', element: <WelcomePage />, errorElement: <RouteError full /> },
    {
      path: '/login',
      lazy: async () => ({ Component: (await import('../features/access/login-page.tsx')).LoginPage }),
      errorElement: <RouteError full />,
    },
    {
      path: '/register',
      lazy: async () => ({ Component: (await import('../features/access/register-page.tsx')).RegisterPage }),
      errorElement: <RouteError full />,
    },
    {
      path: '/forgot-password',
      lazy: async () => ({
        Component: (await import('../features/access/forgot-password-page.tsx')).ForgotPasswordPage,
      }),
      errorElement: <RouteError full />,
    },
    {
      path: '/terms',
      lazy: async () => ({ Component: (await import('../features/access/legal-pages.tsx')).TermsPage }),
      errorElement: <RouteError full />,
    },
    {
      path: '/privacy',
      lazy: async () => ({ Component: (await import('../features/access/legal-pages.tsx')).PrivacyPage }),
      errorElement: <RouteError full />,
    },
    {
      path: '/visitor/*',
      lazy: async () => ({ Component: (await import('../features/visitor/visitor-app.tsx')).VisitorApp }),
      errorElement: <RouteError full />,
    },
    {
      element: <RequireAuth />,
      // The shell itself failed (its chunk unreachable): a full-screen message with the emergency call.
      errorElement: <RouteError full />,
      children: [
        {
          element: <AppLayout />,
          children: [
            {
              // A screen that failed: the message takes its place inside the layout (tabs and SOS stay).
              errorElement: <RouteError />,
              children: [
                { index: true, element: <HomePage /> },
                { path: 'alerts', element: <AlertsPage /> },
                {
                  path: 'settings',
                  lazy: async () => ({
                    Component: (await import('../features/settings/settings-page.tsx')).SettingsPage,
                  }),
                },
                {
                  path: 'entry',
                  lazy: async () => ({ Component: (await import('../features/entry/entry-page.tsx')).EntryPage }),
                },
                {
                  path: 'devices/*',
                  lazy: async () => ({ Component: (await import('../features/devices/devices-page.tsx')).DevicesPage }),
                },
                {
                  path: 'health-import',
                  lazy: async () => ({
                    Component: (await import('../features/health-import/health-import-page.tsx')).HealthImportPage,
                  }),
                },
                // The other screens load when first opened (charts, QR encoder and decoder are most of their weight); the
                // service worker caches every built chunk at install and at the first start of a new build, so they open
                // offline too.
                {
                  path: 'metrics/:metric',
                  lazy: async () => ({ Component: (await import('../features/metrics/metric-page.tsx')).MetricPage }),
                },
                {
                  path: 'contacts/*',
                  lazy: async () => ({
                    Component: (await import('../features/contacts/contacts-page.tsx')).ContactsPage,
                  }),
                },
                {
                  path: 'sos-cases/:id',
                  lazy: async () => ({
                    Component: (await import('../features/followed/sos-case-page.tsx')).SosCasePage,
                  }),
                },
                {
                  path: 'visits/:id',
                  lazy: async () => ({ Component: (await import('../features/visits/visit-page.tsx')).VisitPage }),
                },
                {
                  path: 'events/*',
                  lazy: async () => ({ Component: (await import('../features/events/events-page.tsx')).EventsPage }),
                },
                {
                  path: 'records/*',
                  lazy: async () => ({ Component: (await import('../features/records/records-page.tsx')).RecordsPage }),
                },
                {
                  path: 'medication',
                  lazy: async () => ({
                    Component: (await import('../features/medication/medication-page.tsx')).MedicationPage,
                  }),
                },
                {
                  path: 'subscription/*',
                  lazy: async () => ({
                    Component: (await import('../features/subscription/subscription-page.tsx')).SubscriptionPage,
                  }),
                },
                {
                  path: 'redeem-code',
                  lazy: async () => ({
                    Component: (await import('../features/redeem-code/redeem-code-page.tsx')).RedeemCodePage,
                  }),
                },
                {
                  path: 'followed/*',
                  lazy: async () => ({
                    Component: (await import('../features/followed/followed-page.tsx')).FollowedPage,
                  }),
                },
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await import('../features/profile/profile-page.tsx')).ProfilePage }),
                },
                {
                  path: 'profile/medical',
                  lazy: async () => ({
                    Component: (await import('../features/profile/medical-profile-page.tsx')).MedicalProfilePage,
                  }),
                },
                {
                  path: 'sub-users/*',
                  lazy: async () => ({
                    Component: (await import('../features/profile/sub-users-page.tsx')).SubUsersPage,
                  }),
                },
                {
                  path: 'settings/notifications',
                  lazy: async () => ({
                    Component: (await import('../features/profile/notifications-page.tsx')).NotificationSettingsPage,
                  }),
                },
                {
                  path: 'settings/permissions',
                  lazy: async () => ({
                    Component: (await import('../features/help/permissions-page.tsx')).PermissionsPage,
                  }),
                },
                {
                  path: 'help',
                  lazy: async () => ({ Component: (await import('../features/help/help-page.tsx')).HelpPage }),
                },
                {
                  path: 'dashboards/coach',
                  lazy: async () => ({
                    Component: (await import('../features/dashboards/dashboard-pages.tsx')).CoachDashboardPage,
                  }),
                },
                {
                  path: 'dashboards/doctor',
                  lazy: async () => ({
                    Component: (await import('../features/dashboards/dashboard-pages.tsx')).DoctorDashboardPage,
                  }),
                },
                {
                  path: 'join-coach',
                  lazy: async () => ({
                    Component: (await import('../features/dashboards/join-coach-page.tsx')).JoinCoachPage,
                  }),
                },
                {
                  path: 'sport-profile',
                  lazy: async () => ({
                    Component: (await import('../features/dashboards/sport-profile-page.tsx')).SportProfilePage,
                  }),
                },
                {
                  path: 'sport/*',
                  lazy: async () => ({ Component: (await import('../features/sport/sport-page.tsx')).SportPage }),
                },
                {
                  path: 'feedback',
                  lazy: async () => ({
                    Component: (await import('../features/profile/feedback-page.tsx')).FeedbackPage,
                  }),
                },
                {
                  path: 'announcements',
                  lazy: async () => ({
                    Component: (await import('../features/announcements/announcements-page.tsx')).AnnouncementsPage,
                  }),
                },
                {
                  path: 'delete-account',
                  lazy: async () => ({
                    Component: (await import('../features/profile/delete-account-page.tsx')).DeleteAccountPage,
                  }),
                },
              ],
            },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ],
  { basename: '/app/' },
);

registerNavigate((to) => void router.navigate(to, { replace: true }));
