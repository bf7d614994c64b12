import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import {
  ZCloseSosCaseRequest,
  ZSosCase,
  ZSosCaseDetail,
  ZSosCaseListQuery,
  ZSosCasePage,
} from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { closeSosCase, getSosCase, listSosCases } from '../alerts.service.ts';

const tags = ['alerts'];
const S = '/api/account/sos-cases';

export const listSosCasesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: S,
  tags,
  permission: Permission.HealthView,
  summary: 'SOS cases of the patients I may see (open first), filtered by status and patient',
  query: ZSosCaseListQuery,
  response: ZSosCasePage,
  handler: async ({ query }, ctx) => listSosCases(ctx, query),
});
export const getSosCaseRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${S}/:id`,
  tags,
  permission: Permission.HealthView,
  summary: 'One SOS case: message, location, ticket, its alert and the alert’s trail',
  params: ZIdParams,
  response: ZSosCaseDetail,
  handler: async ({ params }, ctx) => getSosCase(ctx, params.id),
});
export const closeSosCaseRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${S}/:id/close`,
  tags,
  permission: Permission.HealthSosHandle,
  summary: 'Close an SOS case and its alert (customer care); audited',
  params: ZIdParams,
  body: ZCloseSosCaseRequest,
  response: ZSosCase,
  handler: async ({ params, body }, ctx) => closeSosCase(ctx, params.id, body),
});
