import type { Ctx } from './context.ts';
import { newId } from './ids.ts';

export type AuditEntry = {
  action: string;
  tenantId?: string | null;
  actorId?: string | null;
  resource?: string;
  resourceId?: string | null;
  outcome?: 'ok' | 'denied' | 'failed';
  details?: Record<string, string | number | boolean | null>;
};

/** Appends to audit_log. Details never hold secrets, tokens or health values. */
export async function audit(ctx: Ctx, e: AuditEntry): Promise<void> {
  await ctx.db.query(
    'insert into audit_log (id, tenant_id, actor_id, action, resource, resource_id, outcome, ip, request_id, details, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)',
    [
      newId(),
      e.tenantId ?? ctx.auth?.tenantId ?? null,
      e.actorId ?? ctx.auth?.userId ?? null,
      e.action,
      e.resource ?? null,
      e.resourceId ?? null,
      e.outcome ?? 'ok',
      ctx.ip,
      ctx.requestId,
      e.details ? JSON.stringify(e.details) : null,
      ctx.clock.now(),
    ],
  );
}
