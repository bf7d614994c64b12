import type { TAuditQuery } from '@carewatch/contracts/audit';
import type { AuthedCtx } from '../../platform/context.ts';
import * as repo from './audit.repo.ts';
import { personName } from '@carewatch/contracts/names';

/** The tenant's audit trail, newest first, filtered by actor, action prefix, resource, outcome and time. */
export async function searchAudit(ctx: AuthedCtx, q: TAuditQuery) {
  const rows = await repo.search(ctx.db, ctx.auth.tenantId, {
    actor: q.actor || undefined, action: q.action || undefined, resource: q.resource || undefined, outcome: q.outcome,
    from: q.from ? new Date(q.from) : undefined, to: q.to ? new Date(q.to) : undefined, page: q.page, size: q.size,
  });
  return {
    items: rows.map((r) => ({
      id: r.id, createdAt: r.created_at.toISOString(), actorId: r.actor_id, actorName: personName({ firstName: r.actor_first, lastName: r.actor_last }, ctx.auth.language) || null, actorEmail: r.actor_email, action: r.action,
      resource: r.resource, resourceId: r.resource_id, outcome: r.outcome, ip: r.ip, requestId: r.request_id, details: r.details,
    })),
    total: rows[0]?.total ?? 0, page: q.page, size: q.size,
  };
}
