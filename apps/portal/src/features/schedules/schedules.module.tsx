import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const MyCalendarPage = lazyPage(async () => (await import('./calendar-page.tsx')).MyCalendarPage);
const WorkCalendarPage = lazyPage(async () => (await import('./calendar-page.tsx')).WorkCalendarPage);
const ScheduleApprovalsPage = lazyPage(async () => (await import('./approvals-page.tsx')).ScheduleApprovalsPage);
const ScheduleReportPage = lazyPage(async () => (await import('./report-page.tsx')).ScheduleReportPage);

/** Sidebar entries of the "schedules" domain (doctor schedules, spec §2). */
export const schedulesNavItems: NavItem[] = [
  {
    path: '/schedules/mine',
    labelKey: 'schedules.nav.myCalendar',
    permission: Permission.AppointmentScheduleRequest,
    group: 'overview',
  },
  {
    path: '/schedules',
    labelKey: 'schedules.nav.workCalendar',
    permission: Permission.AppointmentScheduleView,
    group: 'overview',
  },
  {
    path: '/schedules/approvals',
    labelKey: 'schedules.nav.approvals',
    permission: Permission.StaffScheduleApprove,
    group: 'overview',
  },
  {
    path: '/schedules/report',
    labelKey: 'schedules.nav.report',
    permission: Permission.AppointmentScheduleView,
    group: 'overview',
  },
];

export const schedulesRoutes: RouteObject[] = [
  {
    path: 'schedules',
    element: (
      <RequirePermission permission={Permission.AppointmentScheduleView}>
        <WorkCalendarPage />
      </RequirePermission>
    ),
  },
  {
    path: 'schedules/mine',
    element: (
      <RequirePermission permission={Permission.AppointmentScheduleRequest}>
        <MyCalendarPage />
      </RequirePermission>
    ),
  },
  {
    path: 'schedules/approvals',
    element: (
      <RequirePermission permission={Permission.StaffScheduleApprove}>
        <ScheduleApprovalsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'schedules/report',
    element: (
      <RequirePermission permission={Permission.AppointmentScheduleView}>
        <ScheduleReportPage />
      </RequirePermission>
    ),
  },
];
