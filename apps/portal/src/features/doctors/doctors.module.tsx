import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const DirectoryPage = lazyPage(async () => (await import('./directory-page.tsx')).DirectoryPage);
const DoctorProfilePage = lazyPage(async () => (await import('./profile-page.tsx')).DoctorProfilePage);
const RequestsPage = lazyPage(async () => (await import('./requests-page.tsx')).RequestsPage);

/**
 * Sidebar entries of the "doctors" domain. The directory is for everyone who books or plans doctors' time (the staff
 * module's "Doctors" stays the admins' account list); requests are for those who may change a patient's doctors.
 */
export const doctorsNavItems: NavItem[] = [
  {
    path: '/doctor-directory',
    labelKey: 'doctors.nav.directory',
    permission: Permission.AppointmentScheduleView,
    group: 'organization',
  },
  {
    path: '/doctor-requests',
    labelKey: 'doctors.nav.doctorRequests',
    permission: Permission.PatientUpdate,
    group: 'overview',
  },
  {
    path: '/patient-requests',
    labelKey: 'doctors.nav.patientRequests',
    permission: Permission.PatientUpdate,
    group: 'overview',
  },
];

/** Pages inside the app layout. */
export const doctorsRoutes: RouteObject[] = [
  {
    path: 'doctor-directory',
    element: (
      <RequirePermission permission={Permission.AppointmentScheduleView}>
        <DirectoryPage />
      </RequirePermission>
    ),
  },
  {
    path: 'doctor-directory/:id',
    element: (
      <RequirePermission permission={Permission.AppointmentScheduleView}>
        <DoctorProfilePage />
      </RequirePermission>
    ),
  },
  {
    path: 'doctor-requests',
    element: (
      <RequirePermission permission={Permission.PatientView}>
        <RequestsPage key="doctor" which="doctor" />
      </RequirePermission>
    ),
  },
  {
    path: 'patient-requests',
    element: (
      <RequirePermission permission={Permission.PatientView}>
        <RequestsPage key="patient" which="patient" />
      </RequirePermission>
    ),
  },
];
