import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import {
  ZPatientThresholds,
  ZPutMyThresholdsRequest,
  ZPutThresholdsRequest,
  ZResetThresholdsRequest,
} from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import {
  getMyThresholds,
  getThresholds,
  putMyThresholds,
  putThresholds,
  resetThresholds,
} from '../thresholds.service.ts';

const tags = ['alerts'];
const P = '/api/account/patients/:id/thresholds';

export const getThresholdsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthView,
  summary:
    'A patient’s effective thresholds, every index (tenant defaults personalised by age/sex, or set for this patient)',
  params: ZIdParams,
  response: ZPatientThresholds,
  handler: async ({ params }, ctx) => getThresholds(ctx, params.id),
});
export const putThresholdsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: P,
  tags,
  permission: Permission.HealthThresholdManage,
  summary:
    'Set thresholds of some indexes (levels, lock, patient may edit) and the high-risk confirmation delay; audited',
  params: ZIdParams,
  body: ZPutThresholdsRequest,
  response: ZPatientThresholds,
  handler: async ({ params, body }, ctx) => putThresholds(ctx, params.id, body),
});
export const resetThresholdsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/reset`,
  tags,
  permission: Permission.HealthThresholdManage,
  summary: 'Back to the tenant defaults (the given indexes, or all and the confirmation delay); audited',
  params: ZIdParams,
  body: ZResetThresholdsRequest,
  response: ZPatientThresholds,
  handler: async ({ params, body }, ctx) => resetThresholds(ctx, params.id, body),
});
export const getMyThresholdsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/thresholds',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'My thresholds (patient app); `locked` ones are changed by the doctor only',
  response: ZPatientThresholds,
  handler: async (_in, ctx) => getMyThresholds(ctx),
});
export const putMyThresholdsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/me/thresholds',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Change my thresholds, only those my doctor let me edit (THRESHOLD_LOCKED otherwise); audited',
  body: ZPutMyThresholdsRequest,
  response: ZPatientThresholds,
  handler: async ({ body }, ctx) => putMyThresholds(ctx, body),
});
