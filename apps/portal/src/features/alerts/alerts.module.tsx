import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const SosPatientsPage = lazyPage(async () => (await import('./sos-patients-page.tsx')).SosPatientsPage);
const SosCasesPage = lazyPage(async () => (await import('./sos-cases-page.tsx')).SosCasesPage);
const SosCaseDetailPage = lazyPage(async () => (await import('./sos-case-detail-page.tsx')).SosCaseDetailPage);
const AlertsPage = lazyPage(async () => (await import('./alerts-page.tsx')).AlertsPage);
const SmsPage = lazyPage(async () => (await import('./sms-page.tsx')).SmsPage);
const CallsPage = lazyPage(async () => (await import('./calls-page.tsx')).CallsPage);
const NotificationsPage = lazyPage(async () => (await import('./notifications-page.tsx')).NotificationsPage);
const ThresholdDefaultsPage = lazyPage(
  async () => (await import('./threshold-defaults-page.tsx')).ThresholdDefaultsPage,
);

/** Sidebar entries of the "alerts" domain (each shown only with its permission). */
export const alertsNavItems: NavItem[] = [
  { path: '/sos-patients', labelKey: 'alerts.nav.sosPatients', permission: Permission.HealthView, group: 'overview' },
  { path: '/sos-cases', labelKey: 'alerts.nav.sosCases', permission: Permission.HealthView, group: 'overview' },
  { path: '/alerts', labelKey: 'alerts.nav.alerts', permission: Permission.HealthView, group: 'overview' },
  // Read by those who set thresholds (the server's GET permission); changed only with TenantSettingsManage.
  {
    path: '/threshold-defaults',
    labelKey: 'alertConfig.nav.thresholdDefaults',
    permission: Permission.HealthThresholdManage,
    group: 'overview',
  },
  { path: '/sms', labelKey: 'alerts.nav.sms', permission: Permission.MessageLogView, group: 'communication' },
  { path: '/calls', labelKey: 'alerts.nav.calls', permission: Permission.MessageLogView, group: 'communication' },
  {
    path: '/notifications',
    labelKey: 'alerts.nav.notifications',
    permission: Permission.NotificationSend,
    group: 'communication',
  },
];

/** Pages of the "alerts" domain, mounted inside the app layout. */
export const alertsRoutes: RouteObject[] = [
  {
    path: 'sos-patients',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <SosPatientsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'sos-cases',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <SosCasesPage />
      </RequirePermission>
    ),
  },
  {
    path: 'sos-cases/:id',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <SosCaseDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'alerts',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <AlertsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'threshold-defaults',
    element: (
      <RequirePermission permission={Permission.HealthThresholdManage}>
        <ThresholdDefaultsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'sms',
    element: (
      <RequirePermission permission={Permission.MessageLogView}>
        <SmsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'calls',
    element: (
      <RequirePermission permission={Permission.MessageLogView}>
        <CallsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'notifications',
    element: (
      <RequirePermission permission={Permission.NotificationSend}>
        <NotificationsPage />
      </RequirePermission>
    ),
  },
];
