import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZPrescriptionDetail,
  ZPrescriptionListQuery,
  ZPrescriptionPage,
  ZPrescriptionRequest,
  ZPrescriptionReuseRequest,
} from '@carewatch/contracts/prescriptions';
import { defineRoute } from '../../../platform/route.ts';
import {
  createPrescription,
  deactivatePrescription,
  editPrescription,
  listPrescriptions,
  prescriptionDetail,
  reusePrescription,
} from '../prescriptions.service.ts';

const tags = ['prescriptions'];
const P = '/api/account/prescriptions';

export const listPrescriptionsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/prescriptions',
  tags,
  permission: Permission.HealthView,
  summary: "A patient's prescriptions, newest first (state: IN_USE, EXPIRED, DEACTIVATED)",
  params: ZIdParams,
  query: ZPrescriptionListQuery,
  response: ZPrescriptionPage,
  handler: async ({ params, query }, ctx) => listPrescriptions(ctx, params.id, query),
});
export const createPrescriptionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/:id/prescriptions',
  tags,
  permission: Permission.HealthPrescriptionManage,
  status: 201,
  summary:
    'Write a prescription (doctors for their patients, assistants for the patients of the doctors they follow); its doses are planned and reminded',
  params: ZIdParams,
  body: ZPrescriptionRequest,
  response: ZPrescriptionDetail,
  handler: async ({ params, body }, ctx) => createPrescription(ctx, params.id, body),
});
export const prescriptionDetailRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthView,
  summary:
    'A prescription with its medicines, usage history (the versions linked by edits and reuses) and its doses so far',
  params: ZIdParams,
  response: ZPrescriptionDetail,
  handler: async ({ params }, ctx) => prescriptionDetail(ctx, params.id),
});
export const editPrescriptionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthPrescriptionManage,
  summary:
    'Edit: deactivates this prescription (irreversible) and answers the new one linked to it; doses to come follow the new one',
  params: ZIdParams,
  body: ZPrescriptionRequest,
  response: ZPrescriptionDetail,
  handler: async ({ params, body }, ctx) => editPrescription(ctx, params.id, body),
});
export const reusePrescriptionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/reuse`,
  tags,
  permission: Permission.HealthPrescriptionManage,
  status: 201,
  summary: 'A new prescription copied from this one, with fresh dates (default: from today, the same length)',
  params: ZIdParams,
  body: ZPrescriptionReuseRequest,
  response: ZPrescriptionDetail,
  handler: async ({ params, body }, ctx) => reusePrescription(ctx, params.id, body),
});
export const deactivatePrescriptionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/deactivate`,
  tags,
  permission: Permission.HealthPrescriptionManage,
  summary: 'Deactivate (irreversible): its doses to come and their reminders are removed',
  params: ZIdParams,
  response: ZPrescriptionDetail,
  handler: async ({ params }, ctx) => deactivatePrescription(ctx, params.id),
});
