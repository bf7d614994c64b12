import type { TNotifyChannel } from '@carewatch/contracts/alerts';
import type { Db } from './db.ts';
import { newId } from './ids.ts';

/**
 * One notification to deliver: written in the same transaction as the alert that causes it (transactional outbox),
 * delivered at least once by the delivery worker (`modules/delivery/delivery.worker.ts`). `dedupeKey` is unique per
 * tenant — use `deliveryKey(alertId, tier, recipient, channel)` of `@carewatch/clinical/escalation` for alerts — and is
 * passed to providers as their idempotency key.
 */
export type OutboxItem = {
  dedupeKey: string;
  channel: TNotifyChannel;
  alertId: string | null;
  recipientUserId: string | null;
  recipientPhone: string | null;
  recipientEmail: string | null;
  /** Message kind, e.g. `alert.at_risk`, `alert.high_risk.sms`, `sos.call`, `notification.send`. */
  template: string;
  /** Template data; `title` / `body` (or `text`, `subject`) are used verbatim when present. */
  payload: Record<string, unknown>;
};

/** Inserts deliveries (on conflict (tenant_id, dedupe_key) do nothing) — call it inside the caller's transaction. */
export async function enqueueDeliveries(db: Db, tenantId: string, items: OutboxItem[], now: Date): Promise<number> {
  if (items.length === 0) return 0;
  const params: (string | Date | null)[] = [tenantId, now];
  const rows: string[] = [];
  for (const it of items) {
    const b = params.length;
    params.push(
      newId(now.getTime()),
      it.dedupeKey,
      it.channel,
      it.alertId,
      it.recipientUserId,
      it.recipientPhone,
      it.recipientEmail,
      it.template,
      JSON.stringify(it.payload),
    );
    rows.push(
      `($${b + 1}, $1, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8}, $${b + 9}::jsonb, $2, $2, $2)`,
    );
  }
  const inserted = await db.query<{ id: string }>(
    `insert into deliveries (id, tenant_id, dedupe_key, channel, alert_id, recipient_user_id, recipient_phone, recipient_email, template, payload, next_attempt_at, created_at, updated_at)
     values ${rows.join(', ')}
     on conflict (tenant_id, dedupe_key) do nothing
     returning id`,
    params,
  );
  return inserted.length;
}
