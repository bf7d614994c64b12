import { ZIdParams, ZSubjectParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAppMedication,
  ZIntake,
  ZIntakeConfirmRequest,
  ZIntakeSnoozeRequest,
} from '@carewatch/contracts/prescriptions';
import { defineRoute } from '../../../platform/route.ts';
import { appMedication, confirmIntake, snoozeIntake } from '../app-medication.service.ts';

const tags = ['prescriptions', 'patient-app'];
const P = '/api/account/app/medication';

export const appMedicationRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  summary: "My Medication tab: prescriptions in use, today's doses, reminders, the week's adherence",
  response: ZAppMedication,
  handler: async (_in, ctx) => appMedication(ctx, 'me'),
});
export const appSubjectMedicationRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/app/patients/:id/medication',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    "A subject's Medication tab: mine, a sub-user's I manage, or a followed patient's (read-only: canConfirm false)",
  params: ZSubjectParams,
  response: ZAppMedication,
  handler: async ({ params }, ctx) => appMedication(ctx, params.id),
});
export const confirmIntakeRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/intakes/:id`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Answer a dose: taken (at a time, default now) or skipped — the patient (or the manager of a sub-user) only',
  params: ZIdParams,
  body: ZIntakeConfirmRequest,
  response: ZIntake,
  handler: async ({ params, body }, ctx) => confirmIntake(ctx, params.id, body),
});
export const snoozeIntakeRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/intakes/:id/snooze`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Remind me again in 5, 10 or 15 minutes',
  params: ZIdParams,
  body: ZIntakeSnoozeRequest,
  response: ZIntake,
  handler: async ({ params, body }, ctx) => snoozeIntake(ctx, params.id, body),
});
