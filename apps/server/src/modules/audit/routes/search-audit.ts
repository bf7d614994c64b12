import { ZAuditPage, ZAuditQuery } from '@carewatch/contracts/audit';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { searchAudit } from '../audit.service.ts';

export const searchAuditRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/audit-log',
  tags: ['audit'],
  permission: Permission.AuditLogView,
  summary: "My tenant's audit log (filters: actor, action, resource, outcome, from, to)",
  query: ZAuditQuery,
  response: ZAuditPage,
  handler: async ({ query }, ctx) => searchAudit(ctx, query),
});
