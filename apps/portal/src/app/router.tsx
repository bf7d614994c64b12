import { createBrowserRouter } from 'react-router';
import { RouteError } from './route-error.tsx';
import { Permission } from '@carewatch/contracts/permissions';
import { RequireAuth, RequirePermission } from './require-auth.tsx';
import { registerNavigate } from './navigate.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { orgRoutes } from '../features/org/org.module.tsx';
import { tenantsRoutes } from '../features/tenants/tenants.module.tsx';
import { staffRoutes } from '../features/staff/staff.module.tsx';
import { lifecycleRoutes } from '../features/lifecycle/lifecycle.module.tsx';
import { patientsRoutes } from '../features/patients/patients.module.tsx';
import { devicesRoutes } from '../features/devices/devices.module.tsx';
import { firmwareRoutes } from '../features/firmware/firmware.module.tsx';
import { alertsRoutes } from '../features/alerts/alerts.module.tsx';
import { ticketsRoutes } from '../features/tickets/tickets.module.tsx';
import { appointmentsPrintRoutes, appointmentsRoutes } from '../features/appointments/appointments.module.tsx';
import { schedulesRoutes } from '../features/schedules/schedules.module.tsx';
import { prescriptionsPrintRoutes, prescriptionsRoutes } from '../features/prescriptions/prescriptions.module.tsx';
import { doctorsRoutes } from '../features/doctors/doctors.module.tsx';
import { ratingsRoutes } from '../features/ratings/ratings.module.tsx';
import { announcementsRoutes } from '../features/announcements/announcements.module.tsx';
import { feedbackRoutes } from '../features/feedback/feedback.module.tsx';
import { packagesRoutes } from '../features/packages/packages.module.tsx';
import { codePackagesRoutes } from '../features/code-packages/code-packages.module.tsx';
import { webhooksRoutes } from '../features/webhooks/webhooks.module.tsx';
import { transactionsRoutes } from '../features/transactions/transactions.module.tsx';
import { paymentConfigRoutes } from '../features/payment-config/payment-config.module.tsx';
import { HomeRoute, worklistRoutes } from '../features/worklist/worklist.module.tsx';
import { lazyPage } from './lazy-page.tsx';

// The sign-in page is the first load; everything behind it (the layout, every page) loads on first use.
const AppLayout = lazyPage(async () => (await import('./layout.tsx')).AppLayout);
const RegisterPage = lazyPage(async () => (await import('../features/auth/register-page.tsx')).RegisterPage);
const ForgotPasswordPage = lazyPage(
  async () => (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
);
const LevelChooserPage = lazyPage(
  async () => (await import('../features/auth/level-chooser-page.tsx')).LevelChooserPage,
);
const PrivacyPage = lazyPage(async () => (await import('../features/auth/privacy-page.tsx')).PrivacyPage);
const DashboardPage = lazyPage(async () => (await import('../features/dashboard/dashboard-page.tsx')).DashboardPage);
const RegistrationsPage = lazyPage(
  async () => (await import('../features/registrations/registrations-page.tsx')).RegistrationsPage,
);
const RolesPage = lazyPage(async () => (await import('../features/roles/roles-page.tsx')).RolesPage);
const MessagesPage = lazyPage(async () => (await import('../features/messages/messages-page.tsx')).MessagesPage);
const AccountPage = lazyPage(async () => (await import('../features/account/account-page.tsx')).AccountPage);
const TrialRequestPage = lazyPage(
  async () => (await import('../features/tenants/trial-request-page.tsx')).TrialRequestPage,
);

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  { path: '/register', element: <RegisterPage />, errorElement: <RouteError /> },
  { path: '/forgot-password', element: <ForgotPasswordPage />, errorElement: <RouteError /> },
  { path: '/privacy', element: <PrivacyPage />, errorElement: <RouteError /> },
  { path: '/trial', element: <TrialRequestPage />, errorElement: <RouteError /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/choose-level', element: <LevelChooserPage /> },
      ...appointmentsPrintRoutes,
      ...prescriptionsPrintRoutes,
      {
        element: <AppLayout />,
        children: [
          {
            // A page that failed to load: the message takes its place, the menu stays.
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                element: (
                  <HomeRoute
                    dashboard={
                      <RequirePermission permission={Permission.DashboardView}>
                        <DashboardPage />
                      </RequirePermission>
                    }
                  />
                ),
              },
              {
                path: 'registrations',
                element: (
                  <RequirePermission permission={Permission.AccountApproveRegistration}>
                    <RegistrationsPage />
                  </RequirePermission>
                ),
              },
              {
                path: 'roles',
                element: (
                  <RequirePermission permission={Permission.RoleView}>
                    <RolesPage />
                  </RequirePermission>
                ),
              },
              {
                path: 'messages',
                element: (
                  <RequirePermission permission={Permission.MessageLogView}>
                    <MessagesPage />
                  </RequirePermission>
                ),
              },
              {
                path: 'account',
                element: (
                  <RequirePermission permission={Permission.AccountProfileView}>
                    <AccountPage />
                  </RequirePermission>
                ),
              },
              ...orgRoutes,
              ...tenantsRoutes,
              ...staffRoutes,
              ...lifecycleRoutes,
              ...patientsRoutes,
              ...devicesRoutes,
              ...firmwareRoutes,
              ...alertsRoutes,
              ...ticketsRoutes,
              ...appointmentsRoutes,
              ...schedulesRoutes,
              ...prescriptionsRoutes,
              ...doctorsRoutes,
              ...ratingsRoutes,
              ...announcementsRoutes,
              ...feedbackRoutes,
              ...packagesRoutes,
              ...codePackagesRoutes,
              ...webhooksRoutes,
              ...transactionsRoutes,
              ...paymentConfigRoutes,
              ...worklistRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
    errorElement: <RouteError />,
  },
]);

registerNavigate((to) => void router.navigate(to, { replace: true }));
