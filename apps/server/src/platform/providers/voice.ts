import type { Db } from '../db.ts';
import { newId } from '../ids.ts';
import type { ProviderAnswer } from './messaging.ts';

/** A voice call that reads `text` to the callee (escalation: high-risk "Send SOS", SOS level, SOS button). */
export type OutgoingCall = {
  tenantId: string | null;
  to: string;
  text: string;
  from?: string | null;
  idempotencyKey?: string | null;
  alertId?: string | null;
  at?: Date;
};
export interface VoiceProvider {
  readonly name: string;
  call(c: OutgoingCall): Promise<ProviderAnswer>;
}

/** Seconds a text-to-speech message lasts (about 15 characters a second, at least 5 s): the recorded call duration. */
export const spokenSeconds = (text: string) => Math.max(5, Math.ceil(text.length / 15));

export type CallRecord = {
  from: string;
  to: string;
  provider: string;
  status: number;
  durationS: number;
  startedAt: Date;
  endedAt: Date | null;
  providerRef?: string | null;
  idempotencyKey?: string | null;
  alertId?: string | null;
  message?: string | null;
  error?: string | null;
};

/** Appends one call to the call log (CDR). */
export async function recordCall(db: Db, tenantId: string | null, c: CallRecord): Promise<string> {
  const id = newId(c.startedAt.getTime());
  await db.query(
    `insert into calls (id, tenant_id, from_number, to_number, provider, status, duration_s, started_at, ended_at, provider_ref, idempotency_key, alert_id, message, error)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
    [
      id,
      tenantId,
      c.from,
      c.to,
      c.provider,
      c.status,
      c.durationS,
      c.startedAt,
      c.endedAt,
      c.providerRef ?? null,
      c.idempotencyKey ?? null,
      c.alertId ?? null,
      c.message ?? null,
      c.error ?? null,
    ],
  );
  return id;
}

/** The earlier answered call with this idempotency key, if any (a resend after a lost answer does not call twice). */
export async function placedCallWithKey(db: Db, c: OutgoingCall): Promise<string | null> {
  if (!c.idempotencyKey) return null;
  const rows = await db.query<{ id: string }>(
    'select id from calls where idempotency_key = $1 and status = 200 and tenant_id is not distinct from $2 limit 1',
    [c.idempotencyKey, c.tenantId],
  );
  return rows[0]?.id ?? null;
}

/** Default: no telephony; every call is recorded in the call log as placed (status 200), as long as its message. */
export class RecordingVoiceProvider implements VoiceProvider {
  readonly name = 'record';
  constructor(
    private readonly db: Db,
    private readonly from = 'CareWatch',
  ) {}
  async call(c: OutgoingCall): Promise<ProviderAnswer> {
    const earlier = await placedCallWithKey(this.db, c);
    if (earlier) return { status: 200, ref: earlier, detail: 'duplicate' };
    const startedAt = c.at ?? new Date();
    const durationS = spokenSeconds(c.text);
    const id = await recordCall(this.db, c.tenantId, {
      from: c.from ?? this.from,
      to: c.to,
      provider: this.name,
      status: 200,
      durationS,
      startedAt,
      endedAt: new Date(startedAt.getTime() + durationS * 1000),
      idempotencyKey: c.idempotencyKey,
      alertId: c.alertId,
      message: c.text,
    });
    return { status: 200, ref: id };
  }
}
