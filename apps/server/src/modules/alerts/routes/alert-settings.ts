import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZPatientAlertSettings, ZPutAlertSettingsRequest } from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import {
  getAlertSettings,
  getMyAlertSettings,
  putAlertSettings,
  putMyAlertSettings,
} from '../alert-settings.service.ts';

const tags = ['alerts'];
const P = '/api/account/patients/:id/alert-settings';
const ME = '/api/account/me/alert-settings';

export const getAlertSettingsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthThresholdManage,
  summary:
    'A patient’s alert settings: push, SMS, automatic call, in-app, alert valid time, high-risk confirmation delay',
  params: ZIdParams,
  response: ZPatientAlertSettings,
  handler: async ({ params }, ctx) => getAlertSettings(ctx, params.id),
});
export const putAlertSettingsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: P,
  tags,
  permission: Permission.HealthThresholdManage,
  summary:
    'Change some alert settings (merged with the stored ones; the valid time needs both ends or neither); audited',
  params: ZIdParams,
  body: ZPutAlertSettingsRequest,
  response: ZPatientAlertSettings,
  handler: async ({ params, body }, ctx) => putAlertSettings(ctx, params.id, body),
});
export const getMyAlertSettingsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: ME,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'My alert settings (patient app)',
  response: ZPatientAlertSettings,
  handler: async (_in, ctx) => getMyAlertSettings(ctx),
});
export const putMyAlertSettingsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: ME,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Change some of my alert settings (merged with the stored ones); audited',
  body: ZPutAlertSettingsRequest,
  response: ZPatientAlertSettings,
  handler: async ({ body }, ctx) => putMyAlertSettings(ctx, body),
});
