import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCareRequest,
  ZCareRequestList,
  ZCareRequestQuery,
  ZCreateDoctorRequest,
  ZCreatePatientRequest,
} from '@carewatch/contracts/doctors';
import { defineRoute } from '../../../platform/route.ts';
import {
  answerRequest,
  createDoctorRequest,
  createPatientRequest,
  doctorRequests,
  patientRequests,
} from '../requests.service.ts';

const tags = ['doctors'];
const D = '/api/account/doctor-requests';
const P = '/api/account/patient-requests';

export const listDoctorRequestsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: D,
  tags,
  permission: Permission.PatientView,
  summary: 'Doctor requests: sent (I asked a doctor to take a patient) and received (I am asked to take a patient)',
  query: ZCareRequestQuery,
  response: ZCareRequestList,
  handler: async ({ query }, ctx) => doctorRequests(ctx, query.status),
});
export const createDoctorRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: D,
  tags,
  permission: Permission.PatientUpdate,
  status: 201,
  summary: 'Ask a doctor to become a patient’s family doctor or specialist (a doctor refers only a patient of theirs)',
  body: ZCreateDoctorRequest,
  response: ZCareRequest,
  handler: async ({ body }, ctx) => createDoctorRequest(ctx, body),
});
export const listPatientRequestsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.PatientView,
  summary: 'Patient requests: received (a patient asked me in the app) and sent (I asked a patient to be their doctor)',
  query: ZCareRequestQuery,
  response: ZCareRequestList,
  handler: async ({ query }, ctx) => patientRequests(ctx, query.status),
});
export const createPatientRequestRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.PatientUpdate,
  status: 201,
  summary: 'A doctor asks a patient to become their family doctor or specialist (the patient answers in the app)',
  body: ZCreatePatientRequest,
  response: ZCareRequest,
  handler: async ({ body }, ctx) => createPatientRequest(ctx, body),
});

const answer = (base: string, which: 'doctor' | 'patient', action: 'accept' | 'reject' | 'cancel', summary: string) =>
  defineRoute({
    audit: { phi: 'write' },
    method: 'POST',
    url: `${base}/:id/${action}`,
    tags,
    permission: Permission.PatientUpdate,
    summary,
    params: ZIdParams,
    response: ZCareRequest,
    handler: async ({ params }, ctx) => answerRequest(ctx, which, params.id, action),
  });
export const acceptDoctorRequestRoute = answer(
  D,
  'doctor',
  'accept',
  'Accept a received doctor request (a family doctor unassigns the patient’s current doctor)',
);
export const rejectDoctorRequestRoute = answer(D, 'doctor', 'reject', 'Reject a received doctor request');
export const cancelDoctorRequestRoute = answer(D, 'doctor', 'cancel', 'Cancel a doctor request I sent');
export const acceptPatientRequestRoute = answer(
  P,
  'patient',
  'accept',
  'Accept a patient’s request (a new family doctor replaces the current one)',
);
export const rejectPatientRequestRoute = answer(P, 'patient', 'reject', 'Reject a patient’s request');
export const cancelPatientRequestRoute = answer(P, 'patient', 'cancel', 'Cancel a request I sent to a patient');
