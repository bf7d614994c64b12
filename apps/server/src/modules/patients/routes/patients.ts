import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAssignDoctorsRequest,
  ZChangeStatusRequest,
  ZCreatePatientRequest,
  ZPatient,
  ZPatientListQuery,
  ZPatientPage,
  ZStatusHistory,
  ZTargetsRequest,
  ZUpdatePatientRequest,
} from '@carewatch/contracts/patients';
import { defineRoute } from '../../../platform/route.ts';
import {
  assignDoctors,
  changeStatus,
  followAsDoctor,
  createPatient,
  getPatient,
  listPatients,
  statusHistory,
  updatePatient,
  updateTargets,
} from '../patients.service.ts';

export const listPatientsRoute = defineRoute({
  audit: {
    phi: 'read',
    patients: ({ result }) => (result as { items?: Array<{ id: string }> } | undefined)?.items?.map((p) => p.id) ?? [],
  },
  method: 'GET',
  url: '/api/account/patients',
  tags: ['patients'],
  permission: Permission.PatientView,
  summary:
    'Patients visible to me: search, status, mhscId (center), sort; page (offset) or cursor (keyset, nextCursor); columns from PATIENT_LIST_COLUMNS',
  query: ZPatientListQuery,
  response: ZPatientPage,
  handler: async ({ query }, ctx) => listPatients(ctx, query),
});
export const createPatientRoute = defineRoute({
  audit: { phi: 'write', patients: ({ result }) => [(result as { id?: string } | undefined)?.id] },
  method: 'POST',
  url: '/api/account/patients',
  tags: ['patients'],
  permission: Permission.PatientCreate,
  status: 201,
  summary:
    'Create a patient (at least one of patient id, phone, email; unique id/phone/contract id; optional app account and doctors)',
  body: ZCreatePatientRequest,
  response: ZPatient,
  handler: async ({ body }, ctx) => createPatient(ctx, body),
});
export const getPatientRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id',
  tags: ['patients'],
  permission: Permission.PatientView,
  summary: 'A patient record with relatives, attachments and doctors (404 when not visible)',
  params: ZIdParams,
  response: ZPatient,
  handler: async ({ params }, ctx) => getPatient(ctx, params.id),
});
export const updatePatientRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/patients/:id',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: 'Edit a patient (the contract id cannot change once set; relatives replaced by the list sent)',
  params: ZIdParams,
  body: ZUpdatePatientRequest,
  response: ZPatient,
  handler: async ({ params, body }, ctx) => updatePatient(ctx, params.id, body),
});
export const changeStatusRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/patients/:id/status',
  tags: ['patients'],
  permission: Permission.PatientStatusChange,
  summary: "Change a patient's status after confirmation (kept as from → to history)",
  params: ZIdParams,
  body: ZChangeStatusRequest,
  response: ZPatient,
  handler: async ({ params, body }, ctx) => changeStatus(ctx, params.id, body),
});
export const statusHistoryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/status-history',
  tags: ['patients'],
  permission: Permission.PatientView,
  summary: "A patient's status changes, newest first",
  params: ZIdParams,
  response: ZStatusHistory,
  handler: async ({ params }, ctx) => statusHistory(ctx, params.id),
});
export const assignDoctorsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/patients/:id/doctors',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: 'Set the doctors following a patient (unassigned ↔ assigned follows)',
  params: ZIdParams,
  body: ZAssignDoctorsRequest,
  response: ZPatient,
  handler: async ({ params, body }, ctx) => assignDoctors(ctx, params.id, body),
});
export const followAsDoctorRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/:id/doctors/me',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: 'The calling doctor starts following the patient (the other doctors stay)',
  params: ZIdParams,
  response: ZPatient,
  handler: async ({ params }, ctx) => followAsDoctor(ctx, params.id),
});
export const updateTargetsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/patients/:id/targets',
  tags: ['patients'],
  permission: Permission.HealthThresholdManage,
  summary: "A patient's sleep and steps targets",
  params: ZIdParams,
  body: ZTargetsRequest,
  response: ZPatient,
  handler: async ({ params, body }, ctx) => updateTargets(ctx, params.id, body),
});
