import { Permission } from '@carewatch/contracts/permissions';
import { ZSubjectParams } from '@carewatch/contracts/common';
import { ZPatientThresholds } from '@carewatch/contracts/alerts';
import { ZLatestVitals } from '@carewatch/contracts/vitals';
import {
  ZAppSosCaseDetail,
  ZAppSosCaseParams,
  ZAppSubjectAlertPage,
  ZAppSubjectAlertsQuery,
  ZAppSubjectList,
} from '@carewatch/contracts/app-subjects';
import type { AnyRoute } from '../../../platform/route.ts';
import { defineRoute } from '../../../platform/route.ts';
import {
  listAppSubjects,
  subjectAlerts,
  subjectLatest,
  subjectSosCase,
  subjectThresholds,
} from '../app-subjects.service.ts';

const tags = ['contacts', 'patient-app'];
const P = '/api/account/app/patients';

export const appSubjectsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Whose data I may view in the app: myself, my sub-users, and patients who accepted me as emergency or caring follower, with level, open alert and last reading',
  response: ZAppSubjectList,
  handler: async (_in, ctx) => listAppSubjects(ctx),
});
export const appSubjectLatestRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id/vitals/latest`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'A subject’s newest reading of each metric (`me` or a patient I may view)',
  params: ZSubjectParams,
  response: ZLatestVitals,
  handler: async ({ params }, ctx) => subjectLatest(ctx, params.id),
});
export const appSubjectThresholdsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id/thresholds`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'A subject’s effective thresholds (read only)',
  params: ZSubjectParams,
  response: ZPatientThresholds,
  handler: async ({ params }, ctx) => subjectThresholds(ctx, params.id),
});
export const appSubjectAlertsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id/alerts`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'A subject’s recent alerts, open first, newest first',
  params: ZSubjectParams,
  query: ZAppSubjectAlertsQuery,
  response: ZAppSubjectAlertPage,
  handler: async ({ params, query }, ctx) => subjectAlerts(ctx, params.id, query),
});
export const appSubjectSosCaseRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id/sos-cases/:caseId`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'An SOS case of a subject: reason, vital indexes at the time, SOS locations and timeline',
  params: ZAppSosCaseParams,
  response: ZAppSosCaseDetail,
  handler: async ({ params }, ctx) => subjectSosCase(ctx, params.id, params.caseId),
});

/** The patient app's "viewing as" list, follower dashboards, and a followed patient's alerts and SOS cases. */
export const APP_SUBJECT_ROUTES: AnyRoute[] = [
  appSubjectsRoute,
  appSubjectLatestRoute,
  appSubjectThresholdsRoute,
  appSubjectAlertsRoute,
  appSubjectSosCaseRoute,
];
