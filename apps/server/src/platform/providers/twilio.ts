import crypto from 'node:crypto';
import type { Db } from '../db.ts';
import { recordSms, sentSmsWithKey, type OutgoingSms, type ProviderAnswer, type SmsProvider } from './messaging.ts';
import { placedCallWithKey, recordCall, type OutgoingCall, type VoiceProvider } from './voice.ts';

/** TWILIO_URL (default https://api.twilio.com), TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM. */
export type TwilioConfig = {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
  statusCallbackUrl?: string | undefined;
};

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed by the auth token, of the full callback URL
 * followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}
export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const want = Buffer.from(twilioSignature(authToken, url, params));
  const got = Buffer.from(signature);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * A Twilio-compatible REST client (Messages.json and Calls.json, form-encoded, HTTP Basic auth). The outbox dedupe key
 * goes as `I-Twilio-Idempotency-Token`; every attempt is written to the SMS / call log with status 200 or 500.
 */
export class TwilioClient {
  readonly name = 'twilio';
  constructor(private readonly cfg: TwilioConfig) {}

  async post(
    resource: 'Messages' | 'Calls',
    form: Record<string, string>,
    idempotencyKey: string | null | undefined,
  ): Promise<{ sid: string | null; status: string | null }> {
    const base = this.cfg.url.replace(/\/+$/, '');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(this.cfg.accountSid)}/${resource}.json`;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${this.cfg.accountSid}:${this.cfg.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (idempotencyKey) headers['i-twilio-idempotency-token'] = idempotencyKey;
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(this.cfg.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    if (!res.ok)
      throw new Error(
        `twilio ${resource} ${res.status}: ${typeof body.message === 'string' ? body.message : text.slice(0, 120)}`,
      );
    return {
      sid: typeof body.sid === 'string' ? body.sid : null,
      status: typeof body.status === 'string' ? body.status : null,
    };
  }
}

export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly client: TwilioClient;
  constructor(
    private readonly db: Db,
    private readonly cfg: TwilioConfig,
  ) {
    this.client = new TwilioClient(cfg);
  }
  async send(m: OutgoingSms): Promise<ProviderAnswer> {
    const earlier = await sentSmsWithKey(this.db, m);
    if (earlier) return { status: 200, ref: earlier, detail: 'duplicate' };
    const from = m.from ?? this.cfg.from;
    try {
      const r = await this.client.post('Messages', { To: m.to, From: from, Body: m.text }, m.idempotencyKey);
      await recordSms(this.db, { ...m, from }, this.name, 200);
      return { status: 200, ref: r.sid, detail: r.status };
    } catch (e) {
      await recordSms(this.db, { ...m, from }, this.name, 500, (e as Error).message.slice(0, 200));
      throw e;
    }
  }
}

export class TwilioVoiceProvider implements VoiceProvider {
  readonly name = 'twilio';
  private readonly client: TwilioClient;
  constructor(
    private readonly db: Db,
    private readonly cfg: TwilioConfig,
  ) {
    this.client = new TwilioClient(cfg);
  }
  async call(c: OutgoingCall): Promise<ProviderAnswer> {
    const earlier = await placedCallWithKey(this.db, c);
    if (earlier) return { status: 200, ref: earlier, detail: 'duplicate' };
    const from = c.from ?? this.cfg.from;
    const startedAt = c.at ?? new Date();
    const base = {
      from,
      to: c.to,
      provider: this.name,
      startedAt,
      idempotencyKey: c.idempotencyKey,
      alertId: c.alertId,
      message: c.text,
    };
    try {
      const form: Record<string, string> = {
        To: c.to,
        From: from,
        Twiml: `<Response><Say>${xmlEscape(c.text)}</Say></Response>`,
      };
      if (this.cfg.statusCallbackUrl) {
        // The tenant rides in the callback's query (signed with the rest): the callback finds the call within its tenant.
        const cb = `${this.cfg.statusCallbackUrl}?tenant=${encodeURIComponent(c.tenantId ?? '')}`;
        Object.assign(form, { StatusCallback: cb, StatusCallbackMethod: 'POST' });
      }
      const r = await this.client.post('Calls', form, c.idempotencyKey);
      // The call's real duration and outcome arrive by status callback (POST /api/providers/twilio/call-status).
      await recordCall(this.db, c.tenantId, { ...base, status: 200, durationS: 0, endedAt: null, providerRef: r.sid });
      return { status: 200, ref: r.sid, detail: r.status };
    } catch (e) {
      await recordCall(this.db, c.tenantId, {
        ...base,
        status: 500,
        durationS: 0,
        endedAt: startedAt,
        error: (e as Error).message.slice(0, 200),
      });
      throw e;
    }
  }
}
