import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const AdherencePage = lazyPage(async () => (await import('./adherence-page.tsx')).AdherencePage);
const PrescriptionDetailPage = lazyPage(
  async () => (await import('./prescription-detail-page.tsx')).PrescriptionDetailPage,
);
const PrescriptionEditPage = lazyPage(async () => (await import('./prescription-form-page.tsx')).PrescriptionEditPage);
const PrescriptionNewPage = lazyPage(async () => (await import('./prescription-form-page.tsx')).PrescriptionNewPage);
const PrescriptionPrintPage = lazyPage(
  async () => (await import('./prescription-print-page.tsx')).PrescriptionPrintPage,
);

/** Sidebar entries of the "prescriptions" domain (the prescriptions themselves live on the patient page). */
export const prescriptionsNavItems: NavItem[] = [
  { path: '/adherence', labelKey: 'prescriptions.nav.adherence', permission: Permission.HealthView, group: 'overview' },
];

/** Pages inside the app layout. */
export const prescriptionsRoutes: RouteObject[] = [
  {
    path: 'adherence',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <AdherencePage />
      </RequirePermission>
    ),
  },
  {
    path: 'patients/:id/prescriptions/new',
    element: (
      <RequirePermission permission={Permission.HealthPrescriptionManage}>
        <PrescriptionNewPage />
      </RequirePermission>
    ),
  },
  {
    path: 'prescriptions/:id',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <PrescriptionDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'prescriptions/:id/edit',
    element: (
      <RequirePermission permission={Permission.HealthPrescriptionManage}>
        <PrescriptionEditPage />
      </RequirePermission>
    ),
  },
];

/** Print view: signed in, without the app's navigation (only the prescription on paper). */
export const prescriptionsPrintRoutes: RouteObject[] = [
  {
    path: '/prescriptions/:id/print',
    element: (
      <RequirePermission permission={Permission.HealthView}>
        <PrescriptionPrintPage />
      </RequirePermission>
    ),
  },
];
