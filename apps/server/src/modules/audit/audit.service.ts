import { Readable } from 'node:stream';
import type { TAuditExportQuery, TAuditQuery } from '@carewatch/contracts/audit';
import type { AuthedCtx } from '../../platform/context.ts';
import * as repo from './audit.repo.ts';
import { personName } from '@carewatch/contracts/names';

/** The tenant's audit trail, newest first, filtered by actor, action prefix, resource, outcome and time. */
export async function searchAudit(ctx: AuthedCtx, q: TAuditQuery) {
  const rows = await repo.search(ctx.db, ctx.auth.tenantId, {
    actor: q.actor || undefined,
    action: q.action || undefined,
    resource: q.resource || undefined,
    outcome: q.outcome,
    patientId: q.patientId,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    page: q.page,
    size: q.size,
    sort: q.sort,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      actorId: r.actor_id,
      actorName: personName({ firstName: r.actor_first, lastName: r.actor_last }, ctx.auth.language) || null,
      actorEmail: r.actor_email,
      action: r.action,
      resource: r.resource,
      resourceId: r.resource_id,
      outcome: r.outcome,
      ip: r.ip,
      requestId: r.request_id,
      details: r.details,
      role: r.role,
      route: r.route,
      patientIds: r.patient_ids,
    })),
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
  };
}

const EXPORT_COLUMNS = [
  'time',
  'actor_id',
  'actor_email',
  'role',
  'action',
  'route',
  'resource',
  'resource_id',
  'patient_ids',
  'outcome',
  'ip',
  'request_id',
  'details',
] as const;

/** One CSV cell: quoted, and never read as a formula by a spreadsheet (a leading = + - @ gets a quote mark). */
export function csvCell(v: string | null | undefined): string {
  const s = v ?? '';
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The trail between two instants as CSV (UTC ISO times), streamed chunk by chunk; the export is itself audited. */
export function exportAudit(ctx: AuthedCtx, q: TAuditExportQuery): { stream: Readable; name: string } {
  const from = new Date(q.from);
  const to = new Date(q.to);
  async function* lines(): AsyncGenerator<string> {
    yield `${EXPORT_COLUMNS.join(',')}\r\n`;
    for await (const chunk of repo.exportRows(ctx.db, ctx.auth.tenantId, from, to)) {
      yield (
        chunk
          .map((r) =>
            [
              r.created_at.toISOString(),
              r.actor_id,
              r.actor_email,
              r.role,
              r.action,
              r.route,
              r.resource,
              r.resource_id,
              (r.patient_ids ?? []).join(' '),
              r.outcome,
              r.ip,
              r.request_id,
              r.details ? JSON.stringify(r.details) : '',
            ]
              .map(csvCell)
              .join(','),
          )
          .join('\r\n') + '\r\n'
      );
    }
  }
  return { stream: Readable.from(lines()), name: `audit-${q.from.slice(0, 10)}-${q.to.slice(0, 10)}.csv` };
}
