import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const PatientListPage = lazyPage(async () => (await import('./patient-list-page.tsx')).PatientListPage);
const PatientCreatePage = lazyPage(async () => (await import('./patient-create-page.tsx')).PatientCreatePage);
const PatientDetailPage = lazyPage(async () => (await import('./patient-detail-page.tsx')).PatientDetailPage);

/** Sidebar entries of the "patients" domain (each shown only with its permission). */
export const patientsNavItems: NavItem[] = [
  { path: '/patients', labelKey: 'patients.nav.patients', permission: Permission.PatientView, group: 'overview' },
];

/** Pages of the "patients" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const patientsRoutes: RouteObject[] = [
  {
    path: 'patients',
    element: (
      <RequirePermission permission={Permission.PatientView}>
        <PatientListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'patients/new',
    element: (
      <RequirePermission permission={Permission.PatientCreate}>
        <PatientCreatePage />
      </RequirePermission>
    ),
  },
  {
    path: 'patients/:id',
    element: (
      <RequirePermission permission={Permission.PatientView}>
        <PatientDetailPage />
      </RequirePermission>
    ),
  },
];
