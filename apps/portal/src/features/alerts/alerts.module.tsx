import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { SosPatientsPage } from './sos-patients-page.tsx';
import { SosCasesPage } from './sos-cases-page.tsx';
import { SosCaseDetailPage } from './sos-case-detail-page.tsx';
import { AlertsPage } from './alerts-page.tsx';
import { SmsPage } from './sms-page.tsx';
import { CallsPage } from './calls-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';
import { ThresholdDefaultsPage } from './threshold-defaults-page.tsx';

/** Sidebar entries of the "alerts" domain (each shown only with its permission). */
export const alertsNavItems: NavItem[] = [
  { path: '/sos-patients', labelKey: 'alerts.nav.sosPatients', permission: Permission.HealthView, group: 'overview' },
  { path: '/sos-cases', labelKey: 'alerts.nav.sosCases', permission: Permission.HealthView, group: 'overview' },
  { path: '/alerts', labelKey: 'alerts.nav.alerts', permission: Permission.HealthView, group: 'overview' },
  // Read by those who set thresholds (the server's GET permission); changed only with TenantSettingsManage.
  { path: '/threshold-defaults', labelKey: 'alertConfig.nav.thresholdDefaults', permission: Permission.HealthThresholdManage, group: 'overview' },
  { path: '/sms', labelKey: 'alerts.nav.sms', permission: Permission.MessageLogView, group: 'communication' },
  { path: '/calls', labelKey: 'alerts.nav.calls', permission: Permission.MessageLogView, group: 'communication' },
  { path: '/notifications', labelKey: 'alerts.nav.notifications', permission: Permission.NotificationSend, group: 'communication' },
];

/** Pages of the "alerts" domain, mounted inside the app layout. */
export const alertsRoutes: RouteObject[] = [
  { path: 'sos-patients', element: <RequirePermission permission={Permission.HealthView}><SosPatientsPage /></RequirePermission> },
  { path: 'sos-cases', element: <RequirePermission permission={Permission.HealthView}><SosCasesPage /></RequirePermission> },
  { path: 'sos-cases/:id', element: <RequirePermission permission={Permission.HealthView}><SosCaseDetailPage /></RequirePermission> },
  { path: 'alerts', element: <RequirePermission permission={Permission.HealthView}><AlertsPage /></RequirePermission> },
  { path: 'threshold-defaults', element: <RequirePermission permission={Permission.HealthThresholdManage}><ThresholdDefaultsPage /></RequirePermission> },
  { path: 'sms', element: <RequirePermission permission={Permission.MessageLogView}><SmsPage /></RequirePermission> },
  { path: 'calls', element: <RequirePermission permission={Permission.MessageLogView}><CallsPage /></RequirePermission> },
  { path: 'notifications', element: <RequirePermission permission={Permission.NotificationSend}><NotificationsPage /></RequirePermission> },
];
