import type { TAlertTrailEntry, TNotifyChannel } from '@carewatch/contracts/alerts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';

export type DeliveryRow = {
  id: string;
  tenant_id: string;
  dedupe_key: string;
  channel: TNotifyChannel;
  alert_id: string | null;
  recipient_user_id: string | null;
  recipient_phone: string | null;
  recipient_email: string | null;
  template: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  recipient_language: string | null;
  created_at: Date;
};

/** Claims due deliveries (and those of a worker that died: lock expired), FOR UPDATE SKIP LOCKED. */
export async function claimDue(db: Db, now: Date, lockUntil: Date, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `with claimed as (
       update deliveries set status = 'sending', attempts = attempts + 1, locked_until = $2, updated_at = $1
        where id in (select id from deliveries
                      where (status = 'pending' and next_attempt_at <= $1) or (status = 'sending' and locked_until < $1)
                      order by next_attempt_at limit $3 for update skip locked)
        returning *)
     select c.id, c.tenant_id, c.dedupe_key, c.channel, c.alert_id, c.recipient_user_id, c.recipient_phone, c.recipient_email,
            c.template, c.payload, c.status, c.attempts, u.language as recipient_language, c.created_at
       from claimed c left join users u on u.id = c.recipient_user_id and u.tenant_id = c.tenant_id
      order by c.next_attempt_at, c.created_at, c.id`,
    [now, lockUntil, limit],
  );
}

/** Extends a claim still held by the same attempt (the attempt count fences a claim another worker took over). */
export async function renewClaim(db: Db, id: string, attempts: number, lockUntil: Date) {
  await db.query("update deliveries set locked_until = $3 where id = $1 and attempts = $2 and status = 'sending'", [
    id,
    attempts,
    lockUntil,
  ]);
}

export async function markSent(db: Db, id: string, now: Date, answer: string) {
  await db.query(
    "update deliveries set status = 'sent', sent_at = $2, updated_at = $2, locked_until = null, provider_answer = $3, last_error = null where id = $1",
    [id, now, answer],
  );
}
export async function markRetry(db: Db, id: string, now: Date, next: Date, error: string, failed: boolean) {
  await db.query(
    'update deliveries set status = $5, next_attempt_at = $3, updated_at = $2, locked_until = null, last_error = $4, provider_answer = $4 where id = $1',
    [id, now, next, error, failed ? 'failed' : 'pending'],
  );
}

export type PushSubRow = { id: string; endpoint: string; p256dh: string; auth: string };
export async function pushSubscriptionsOf(db: Db, tenantId: string, userId: string): Promise<PushSubRow[]> {
  return db.query<PushSubRow>(
    'select id, endpoint, p256dh, auth from push_subscriptions where tenant_id = $1 and user_id = $2 order by created_at',
    [tenantId, userId],
  );
}
export async function deletePushSubscription(db: Db, tenantId: string, id: string) {
  await db.query('delete from push_subscriptions where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** The in-app notification of a delivery, once (delivery_id is unique); null when it was already written. */
export async function insertNotification(
  db: Db,
  tenantId: string,
  n: {
    userId: string;
    type: string;
    title: string;
    body: string;
    alertId: string | null;
    patientId: string | null;
    senderId: string | null;
    deliveryId: string | null;
    now: Date;
  },
): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `insert into notifications (id, tenant_id, user_id, type, title, body, alert_id, patient_id, sender_id, delivery_id, created_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) on conflict (delivery_id) do nothing returning id`,
    [
      newId(n.now.getTime()),
      tenantId,
      n.userId,
      n.type,
      n.title,
      n.body,
      n.alertId,
      n.patientId,
      n.senderId,
      n.deliveryId,
      n.now,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Appends one entry to an alert's trail (`alert_trail` of 011_alerts.sql; next `seq` of that alert). Does nothing when
 * the alert is gone. Exported for the alerts module.
 */
export async function appendAlertTrail(
  db: Db,
  tenantId: string,
  alertId: string,
  entry: TAlertTrailEntry,
): Promise<void> {
  await db.query(
    `insert into alert_trail (id, tenant_id, alert_id, seq, at, kind, entry)
     select $1, $2, $3, coalesce((select max(seq) from alert_trail where alert_id = $3), 0) + 1, $4, $5, $6::jsonb
      where exists (select 1 from alerts where id = $3 and tenant_id = $2)`,
    [newId(), tenantId, alertId, new Date(entry.at), entry.kind, JSON.stringify(entry)],
  );
}
