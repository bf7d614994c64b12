import type { TMessageQuery } from '@carewatch/contracts/account';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './messages.repo.ts';

/** The recorded outgoing e-mails and SMS of the caller's tenant (how a local user reads their OTP). */
export async function listMessages(ctx: AuthedCtx, q: TMessageQuery) {
  const rows = await repo.list(ctx.db, ctx.auth.tenantId, { channel: q.channel, search: q.search?.trim() || undefined, page: q.page, size: q.size });
  await audit(ctx, { action: 'messages.read', resource: 'messages' });
  return {
    items: rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, provider: r.provider, status: r.status, createdAt: r.created_at.toISOString() })),
    total: rows[0]?.total ?? 0, page: q.page, size: q.size,
  };
}
