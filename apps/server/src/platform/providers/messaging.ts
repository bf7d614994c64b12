import nodemailer from 'nodemailer';
import type { Db } from '../db.ts';
import { newId } from '../ids.ts';

export type OutgoingMail = { tenantId: string | null; to: string; subject: string; text: string };
export type OutgoingSms = { tenantId: string | null; to: string; text: string };
export interface MailProvider { readonly name: string; send(m: OutgoingMail): Promise<void> }
export interface SmsProvider { readonly name: string; send(m: OutgoingSms): Promise<void> }

async function record(db: Db, channel: 'email' | 'sms', m: { tenantId: string | null; to: string; subject?: string; text: string }, provider: string, status: number, error?: string) {
  await db.query(
    'insert into messages (id, tenant_id, channel, recipient, subject, body, provider, status, error) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [newId(), m.tenantId, channel, m.to, m.subject ?? null, m.text, provider, status, error ?? null],
  );
}

/** Default: every message is recorded in the database, readable by a super admin in the portal. */
export class RecordingMailProvider implements MailProvider {
  readonly name = 'record';
  constructor(private readonly db: Db) {}
  async send(m: OutgoingMail) { await record(this.db, 'email', { ...m }, this.name, 200); }
}
export class RecordingSmsProvider implements SmsProvider {
  readonly name = 'record';
  constructor(private readonly db: Db) {}
  async send(m: OutgoingSms) { await record(this.db, 'sms', m, this.name, 200); }
}

/** SMTP via nodemailer when SMTP_URL is set; the message is still logged (status 200 or 500). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: nodemailer.Transporter;
  constructor(private readonly db: Db, url: string, private readonly from: string) {
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
