import { Permission } from '@carewatch/contracts/permissions';
import { ZCenterCountQuery, ZCountQuery, ZPatientCounts } from '@carewatch/contracts/patients';
import { defineRoute } from '../../../platform/route.ts';
import { patientCounts } from '../patients.service.ts';

// Dashboard counts of spec §7 (getCountPatientStatus): the patients visible to the caller, by status.
export const doctorCountsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctor/getCountPatientStatus',
  tags: ['patients'],
  permission: Permission.DashboardPatientCount,
  summary: 'Patient counts by status (doctor: patients followed or of the branch)',
  response: ZPatientCounts,
  handler: async (_in, ctx) => patientCounts(ctx, undefined),
});
export const operatorCountsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/operator/getCountPatientStatus',
  tags: ['patients'],
  permission: Permission.DashboardPatientCount,
  summary: 'Patient counts by status (operator; optional mhscId)',
  query: ZCountQuery,
  response: ZPatientCounts,
  handler: async ({ query }, ctx) => patientCounts(ctx, query.mhscId),
});
export const assistantCountsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctor-assistant/get-count-patient-status',
  tags: ['patients'],
  permission: Permission.DashboardPatientCount,
  summary: 'Patient counts by status (assistant: patients of the doctors followed or of the branch)',
  response: ZPatientCounts,
  handler: async (_in, ctx) => patientCounts(ctx, undefined),
});
export const centerCountsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/mhsc/getCountPatientStatus',
  tags: ['patients'],
  permission: Permission.DashboardPatientCount,
  summary: 'Patient counts by status of one health center (mhscId required and visible)',
  query: ZCenterCountQuery,
  response: ZPatientCounts,
  handler: async ({ query }, ctx) => patientCounts(ctx, query.mhscId, true),
});
