import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { AdherencePage } from './adherence-page.tsx';
import { PrescriptionDetailPage } from './prescription-detail-page.tsx';
import { PrescriptionEditPage, PrescriptionNewPage } from './prescription-form-page.tsx';
import { PrescriptionPrintPage } from './prescription-print-page.tsx';

/** Sidebar entries of the "prescriptions" domain (the prescriptions themselves live on the patient page). */
export const prescriptionsNavItems: NavItem[] = [
  { path: '/adherence', labelKey: 'prescriptions.nav.adherence', permission: Permission.HealthView, group: 'overview' },
];

/** Pages inside the app layout. */
export const prescriptionsRoutes: RouteObject[] = [
  { path: 'adherence', element: <RequirePermission permission={Permission.HealthView}><AdherencePage /></RequirePermission> },
  { path: 'patients/:id/prescriptions/new', element: <RequirePermission permission={Permission.HealthPrescriptionManage}><PrescriptionNewPage /></RequirePermission> },
  { path: 'prescriptions/:id', element: <RequirePermission permission={Permission.HealthView}><PrescriptionDetailPage /></RequirePermission> },
  { path: 'prescriptions/:id/edit', element: <RequirePermission permission={Permission.HealthPrescriptionManage}><PrescriptionEditPage /></RequirePermission> },
];

/** Print view: signed in, without the app's navigation (only the prescription on paper). */
export const prescriptionsPrintRoutes: RouteObject[] = [
  { path: '/prescriptions/:id/print', element: <RequirePermission permission={Permission.HealthView}><PrescriptionPrintPage /></RequirePermission> },
];
