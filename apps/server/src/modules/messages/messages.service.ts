import type { TMessageQuery, TRevealedMessage } from '@carewatch/contracts/account';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { codesRevealable } from '../tenants/tenants.service.ts';
import * as repo from './messages.repo.ts';

/**
 * Only the super admin of a tenant that allows it (the demo) may reveal a recorded code: anyone else with access
 * to Messages (customer care, system admins, root) sees every one-time code and temporary password masked.
 */
async function mayReveal(ctx: AuthedCtx): Promise<boolean> {
  return ctx.auth.roleCode === 'super_admin' && (await codesRevealable(ctx.db, ctx.auth.tenantId));
}

/** The recorded outgoing e-mails and SMS of the caller's tenant, codes and temporary passwords masked. */
export async function listMessages(ctx: AuthedCtx, q: TMessageQuery) {
  const rows = await repo.list(ctx.db, ctx.auth.tenantId, {
    channel: q.channel,
    search: q.search?.trim() || undefined,
    page: q.page,
    size: q.size,
  });
  const reveal = await mayReveal(ctx);
  await audit(ctx, { action: 'messages.read', resource: 'messages' });
  return {
    items: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      provider: r.provider,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      masked: r.masked,
      revealable: reveal && r.kept,
    })),
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** One message with its code shown (the README's demo walk-through). Every reveal, allowed or not, is audited. */
export async function revealMessage(ctx: AuthedCtx, id: string): Promise<TRevealedMessage> {
  if (!(await mayReveal(ctx))) {
    await audit(ctx, { action: 'messages.reveal', resource: 'message', resourceId: id, outcome: 'denied' });
    throw new AppError('PERMISSION_DENIED', { rule: 'reveal' });
  }
  const m = await repo.findUnmasked(ctx.db, ctx.auth.tenantId, id);
  if (!m) throw new AppError('NOT_FOUND');
  await audit(ctx, {
    action: 'messages.reveal',
    resource: 'message',
    resourceId: m.id,
    details: { channel: m.channel },
  });
  return { id: m.id, subject: m.subject, body: m.body };
}
