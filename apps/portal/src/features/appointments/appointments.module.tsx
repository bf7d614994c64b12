import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const AppointmentsPage = lazyPage(async () => (await import('./appointments-page.tsx')).AppointmentsPage);
const AppointmentDetailPage = lazyPage(
  async () => (await import('./appointment-detail-page.tsx')).AppointmentDetailPage,
);
const AppointmentPrintPage = lazyPage(async () => (await import('./appointment-print-page.tsx')).AppointmentPrintPage);
const VideoVisitPage = lazyPage(async () => (await import('./video-visit-page.tsx')).VideoVisitPage);

/** Sidebar entries of the "appointments" domain. */
export const appointmentsNavItems: NavItem[] = [
  {
    path: '/appointments',
    labelKey: 'appointments.nav.appointments',
    permission: Permission.AppointmentView,
    group: 'overview',
  },
];

/** Pages inside the app layout. */
export const appointmentsRoutes: RouteObject[] = [
  {
    path: 'appointments',
    element: (
      <RequirePermission permission={Permission.AppointmentView}>
        <AppointmentsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'appointments/:id',
    element: (
      <RequirePermission permission={Permission.AppointmentView}>
        <AppointmentDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'visits/:id',
    element: (
      <RequirePermission permission={Permission.AppointmentView}>
        <VideoVisitPage />
      </RequirePermission>
    ),
  },
];

/** Print views: signed in, without the app's navigation (only the slip on paper). */
export const appointmentsPrintRoutes: RouteObject[] = [
  {
    path: '/appointments/:id/print',
    element: (
      <RequirePermission permission={Permission.AppointmentView}>
        <AppointmentPrintPage />
      </RequirePermission>
    ),
  },
];
