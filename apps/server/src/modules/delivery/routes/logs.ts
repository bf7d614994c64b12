import { z } from 'zod';
import { ZIdParams, page } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCallLogItem,
  ZCallLogQuery,
  ZCdrExportQuery,
  ZCdrFileList,
  ZSmsLogItem,
  ZSmsLogQuery,
} from '@carewatch/contracts/notifications';
import { defineRoute } from '../../../platform/route.ts';
import { exportCdr, listCallLog, listCdrFiles, listSmsLog, openCdrFile } from '../logs.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['messages'];

export const smsLogRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/sms',
  tags,
  permission: Permission.MessageLogView,
  summary:
    'SMS log of my tenant (from, to, provider, send date, status 200/500); filters from, to, provider, status, start, end (UTC days)',
  query: ZSmsLogQuery,
  response: page(ZSmsLogItem),
  handler: async ({ query }, ctx) => listSmsLog(ctx, query),
});
export const callLogRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/calls',
  tags,
  permission: Permission.MessageLogView,
  summary: 'Call log (CDR) of my tenant; same filters as the SMS log',
  query: ZCallLogQuery,
  response: page(ZCallLogItem),
  handler: async ({ query }, ctx) => listCallLog(ctx, query),
});
export const cdrExportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/calls/export',
  tags,
  permission: Permission.MessageLogView,
  summary: 'CDR of the UTC days from..to (inclusive) as .xlsx',
  query: ZCdrExportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ query, reply }, ctx) => {
    const f = await exportCdr(ctx, query);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(f.stream);
  },
});
export const cdrFilesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/calls/cdr-files',
  tags,
  permission: Permission.MessageLogView,
  summary: 'Daily CDR files (written at 00:00 UTC for the previous UTC day), newest first',
  response: ZCdrFileList,
  handler: async (_in, ctx) => listCdrFiles(ctx),
});
export const cdrFileRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/calls/cdr-files/:id',
  tags,
  permission: Permission.MessageLogView,
  summary: 'Download one daily CDR file (.xlsx)',
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ params, reply }, ctx) => {
    const f = await openCdrFile(ctx, params.id);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', f.size)
      .send(f.stream);
  },
});
