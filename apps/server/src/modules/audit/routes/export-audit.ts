import { z } from 'zod';
import { ZAuditExportQuery } from '@carewatch/contracts/audit';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { exportAudit } from '../audit.service.ts';

export const exportAuditRoute = defineRoute({
  // The trail names patients: exporting it is an export of patient data, itself in the trail.
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/audit-log/export',
  tags: ['audit'],
  permission: Permission.AuditLogView,
  summary: "My tenant's audit log between two instants (from, to; at most 366 days) as CSV, oldest first",
  query: ZAuditExportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['csv'],
  handler: async ({ query, reply }, ctx) => {
    const { stream, name } = exportAudit(ctx, query);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stream);
  },
});
