import nodemailer from 'nodemailer';
import type { Db } from '../db.ts';
import { newId } from '../ids.ts';

/**
 * `secrets`: what in the text only its recipient may read (a one-time code, a temporary password). The message is
 * sent as is, but recorded with each secret masked; the unmasked text is kept only for a tenant that lets its
 * super admin reveal codes (the demo).
 */
export type OutgoingMail = { tenantId: string | null; to: string; subject: string; text: string; secrets?: string[] };
/**
 * An SMS. Delivery (issue 5) also gives the sender number, the outbox dedupe key as idempotency key (a provider sends
 * a key it already sent once only once), the alert it belongs to and the time (injected clock).
 */
export type OutgoingSms = {
  tenantId: string | null;
  to: string;
  text: string;
  from?: string | null;
  idempotencyKey?: string | null;
  alertId?: string | null;
  at?: Date;
  secrets?: string[];
};
/** What a provider answered: HTTP-like status (200 sent, 500 failed) and its message / call reference. */
export type ProviderAnswer = { status: number; ref: string | null; detail?: string | null };
export interface MailProvider {
  readonly name: string;
  send(m: OutgoingMail): Promise<void>;
}
export interface SmsProvider {
  readonly name: string;
  send(m: OutgoingSms): Promise<ProviderAnswer | void>;
}

/** What every log view shows in place of a secret (same length for all: the mask tells nothing about it). */
export const SECRET_MASK = '••••••';
export function maskSecrets(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const s of secrets ?? []) if (s) out = out.split(s).join(SECRET_MASK);
  return out;
}

async function record(
  db: Db,
  channel: 'email' | 'sms',
  m: {
    tenantId: string | null;
    to: string;
    subject?: string;
    text: string;
    from?: string | null;
    idempotencyKey?: string | null;
    alertId?: string | null;
    at?: Date;
    secrets?: string[];
  },
  provider: string,
  status: number,
  error?: string,
): Promise<string> {
  const id = newId();
  const masked = (m.secrets ?? []).some((x) => x && (m.text.includes(x) || (m.subject ?? '').includes(x)));
  await db.query(
    `insert into messages (id, tenant_id, channel, recipient, subject, body, provider, status, error, sender, idempotency_key, alert_id, created_at, masked, secret_subject, secret_body)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,coalesce($13, now()),$14,
       case when $14 and (select reveal_codes from tenants where id = $2) then $15 end,
       case when $14 and (select reveal_codes from tenants where id = $2) then $16 end)`,
    [
      id,
      m.tenantId,
      channel,
      m.to,
      m.subject === undefined ? null : maskSecrets(m.subject, m.secrets),
      maskSecrets(m.text, m.secrets),
      provider,
      status,
      error ?? null,
      m.from ?? null,
      m.idempotencyKey ?? null,
      m.alertId ?? null,
      m.at ?? null,
      masked,
      m.subject ?? null,
      m.text,
    ],
  );
  return id;
}
/** Records an SMS in the log (used by other SMS providers, e.g. the Twilio-compatible one). */
export const recordSms = (db: Db, m: OutgoingSms, provider: string, status: number, error?: string) =>
  record(db, 'sms', m, provider, status, error);
/** The earlier successful SMS with this idempotency key, if any (a resend after a lost answer is not sent twice). */
export async function sentSmsWithKey(db: Db, m: OutgoingSms): Promise<string | null> {
  if (!m.idempotencyKey) return null;
  const rows = await db.query<{ id: string }>(
    "select id from messages where channel = 'sms' and idempotency_key = $1 and status = 200 and tenant_id is not distinct from $2 limit 1",
    [m.idempotencyKey, m.tenantId],
  );
  return rows[0]?.id ?? null;
}

/** Default: every message is recorded in the database, readable by a super admin in the portal. */
export class RecordingMailProvider implements MailProvider {
  readonly name = 'record';
  constructor(private readonly db: Db) {}
  async send(m: OutgoingMail) {
    await record(this.db, 'email', { ...m }, this.name, 200);
  }
}
export class RecordingSmsProvider implements SmsProvider {
  readonly name = 'record';
  constructor(
    private readonly db: Db,
    private readonly from: string | null = null,
  ) {}
  async send(m: OutgoingSms): Promise<ProviderAnswer> {
    const earlier = await sentSmsWithKey(this.db, m);
    if (earlier) return { status: 200, ref: earlier, detail: 'duplicate' };
    return { status: 200, ref: await record(this.db, 'sms', { ...m, from: m.from ?? this.from }, this.name, 200) };
  }
}

/** SMTP via nodemailer when SMTP_URL is set; the message is still logged (status 200 or 500). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter;
  constructor(
    private readonly db: Db,
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(m: OutgoingMail) {
    try {
      await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
      await record(this.db, 'email', m, this.name, 200);
    } catch (e) {
      await record(this.db, 'email', m, this.name, 500, (e as Error).message.slice(0, 200));
      throw e;
    }
  }
}
