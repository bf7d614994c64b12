import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAdherence,
  ZAdherenceRankPage,
  ZAdherenceRankQuery,
  ZIntakeList,
  ZIntakeQuery,
  ZMedicationSettings,
  ZReminderList,
} from '@carewatch/contracts/prescriptions';
import { defineRoute } from '../../../platform/route.ts';
import {
  adherenceRanking,
  getMedicationSettings,
  patientAdherence,
  patientIntakes,
  patientReminders,
  putMedicationSettings,
} from '../prescriptions.service.ts';

const tags = ['prescriptions'];
const PAT = '/api/account/patients/:id';

export const patientRemindersRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${PAT}/reminders`,
  tags,
  permission: Permission.HealthView,
  summary: 'The reminders of the in-use scheduled medicines (rule, times, next dose) and the patient’s time zone',
  params: ZIdParams,
  response: ZReminderList,
  handler: async ({ params }, ctx) => patientReminders(ctx, params.id),
});
export const patientIntakesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${PAT}/intakes`,
  tags,
  permission: Permission.HealthView,
  summary:
    'Planned doses with their state (to take, taken, taken early/late, skipped, unconfirmed) between from and to (≤ 62 days)',
  params: ZIdParams,
  query: ZIntakeQuery,
  response: ZIntakeList,
  handler: async ({ params, query }, ctx) => patientIntakes(ctx, params.id, query),
});
export const patientAdherenceRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${PAT}/adherence`,
  tags,
  permission: Permission.HealthView,
  summary:
    'Percent of due doses taken on time, overall and per medicine, over 7 and 30 days (`percent` is the 7-day figure)',
  params: ZIdParams,
  response: ZAdherence,
  handler: async ({ params }, ctx) => patientAdherence(ctx, params.id),
});
export const adherenceRankingRoute = defineRoute({
  audit: {
    phi: 'read',
    patients: ({ result }) =>
      (result as { items?: Array<{ patientId: string }> } | null)?.items?.map((i) => i.patientId) ?? [],
  },
  method: 'GET',
  url: '/api/account/adherence',
  tags,
  permission: Permission.HealthView,
  summary: 'Patients I may see with doses due in 30 days, lowest 7-day adherence first',
  query: ZAdherenceRankQuery,
  response: ZAdherenceRankPage,
  handler: async ({ query }, ctx) => adherenceRanking(ctx, query),
});
export const getMedicationSettingsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${PAT}/medication-settings`,
  tags,
  permission: Permission.HealthView,
  summary:
    'Consecutive missed doses of one medicine after which the emergency and caring contacts are told (default 2)',
  params: ZIdParams,
  response: ZMedicationSettings,
  handler: async ({ params }, ctx) => getMedicationSettings(ctx, params.id),
});
export const putMedicationSettingsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${PAT}/medication-settings`,
  tags,
  permission: Permission.HealthPrescriptionManage,
  summary: 'Set the missed-dose threshold (1–10)',
  params: ZIdParams,
  body: ZMedicationSettings,
  response: ZMedicationSettings,
  handler: async ({ params, body }, ctx) => putMedicationSettings(ctx, params.id, body),
});
