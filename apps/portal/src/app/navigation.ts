import { Permission } from '@carewatch/contracts/permissions';
import type { NavGroup, NavItem } from './nav-item.ts';
import { orgNavItems } from '../features/org/org.module.tsx';
import { tenantsNavItems } from '../features/tenants/tenants.module.tsx';
import { staffNavItems } from '../features/staff/staff.module.tsx';
import { lifecycleNavItems } from '../features/lifecycle/lifecycle.module.tsx';
import { patientsNavItems } from '../features/patients/patients.module.tsx';
import { devicesNavItems } from '../features/devices/devices.module.tsx';
import { firmwareNavItems } from '../features/firmware/firmware.module.tsx';
import { alertsNavItems } from '../features/alerts/alerts.module.tsx';
import { ticketsNavItems } from '../features/tickets/tickets.module.tsx';
import { appointmentsNavItems } from '../features/appointments/appointments.module.tsx';
import { schedulesNavItems } from '../features/schedules/schedules.module.tsx';
import { prescriptionsNavItems } from '../features/prescriptions/prescriptions.module.tsx';
import { doctorsNavItems } from '../features/doctors/doctors.module.tsx';
import { packagesNavItems } from '../features/packages/packages.module.tsx';
import { codePackagesNavItems } from '../features/code-packages/code-packages.module.tsx';
import { transactionsNavItems } from '../features/transactions/transactions.module.tsx';
import { paymentConfigNavItems } from '../features/payment-config/payment-config.module.tsx';
import { ratingsNavItems } from '../features/ratings/ratings.module.tsx';
import { announcementsNavItems } from '../features/announcements/announcements.module.tsx';
import { feedbackNavItems } from '../features/feedback/feedback.module.tsx';
import { webhooksNavItems } from '../features/webhooks/webhooks.module.tsx';
import { worklistNavItems } from '../features/worklist/worklist.module.tsx';

/** Sidebar entries; each is shown only when its permission is in the user's list. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', labelKey: 'nav.dashboard', permission: Permission.DashboardView, group: 'overview' },
  ...worklistNavItems,
  ...patientsNavItems,
  ...devicesNavItems,
  ...firmwareNavItems,
  ...alertsNavItems,
  ...ticketsNavItems,
  ...appointmentsNavItems,
  ...prescriptionsNavItems,
  ...schedulesNavItems,
  ...doctorsNavItems,
  ...packagesNavItems,
  ...codePackagesNavItems,
  ...transactionsNavItems,
  ...paymentConfigNavItems,
  ...orgNavItems,
  ...tenantsNavItems,
  ...staffNavItems,
  ...lifecycleNavItems,
  {
    path: '/registrations',
    labelKey: 'nav.registrations',
    permission: Permission.AccountApproveRegistration,
    group: 'administration',
  },
  { path: '/roles', labelKey: 'nav.roles', permission: Permission.RoleView, group: 'administration' },
  ...webhooksNavItems,
  { path: '/messages', labelKey: 'nav.messages', permission: Permission.MessageLogView, group: 'communication' },
  ...announcementsNavItems,
  ...ratingsNavItems,
  ...feedbackNavItems,
  { path: '/account', labelKey: 'nav.account', permission: Permission.AccountProfileView, group: 'personal' },
];

export const NAV_GROUPS: readonly NavGroup[] = [
  'overview',
  'organization',
  'administration',
  'billing',
  'communication',
  'personal',
];

export function visibleNav(permissions: readonly number[]): NavItem[] {
  return NAV_ITEMS.filter((item) => permissions.includes(item.permission));
}
