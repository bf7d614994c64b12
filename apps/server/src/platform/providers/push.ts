import { loadWebPush } from '../lazy.ts';
import type { Db } from '../db.ts';

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** The push service's answer: 201 accepted; 404 / 410 mean the subscription is gone. */
export type PushAnswer = { statusCode: number };
export interface PushSender {
  readonly name: string;
  readonly publicKey: string;
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number; urgency: 'normal' | 'high' }): Promise<PushAnswer>;
}

const SECRET_KEY = 'vapid_keys';

/**
 * VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once with web-push and kept in `app_secrets`
 * (the same store as `getOrCreateSecret`) so every server process and restart signs with the same pair.
 */
export async function getOrCreateVapidKeys(db: Db, fromEnv?: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  if (fromEnv?.publicKey && fromEnv.privateKey) return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  const existing = await db.query<{ value: string }>('select value from app_secrets where key = $1', [SECRET_KEY]);
  if (!existing[0]) {
    const k = (await loadWebPush()).generateVAPIDKeys();
    await db.query('insert into app_secrets (key, value) values ($1, $2) on conflict (key) do nothing', [SECRET_KEY, JSON.stringify(k)]);
  }
  const rows = existing[0] ? existing : await db.query<{ value: string }>('select value from app_secrets where key = $1', [SECRET_KEY]);
  const v = JSON.parse(rows[0]!.value) as VapidKeys;
  return { publicKey: v.publicKey, privateKey: v.privateKey };
}

/**
 * Web push (RFC 8291 encryption and VAPID signing by web-push, sent with fetch so any http(s) endpoint works —
 * tests use a local stub). Throws on network errors; answers the push service's status otherwise.
 */
export class WebPushSender implements PushSender {
  readonly name = 'webpush';
  readonly publicKey: string;
  constructor(private readonly keys: VapidKeys, private readonly subject = 'mailto:no-reply@carewatch.local', private readonly timeoutMs = 10_000) {
    this.publicKey = keys.publicKey;
  }
  async send(target: PushTarget, payload: string, opts: { ttlSeconds: number; urgency: 'normal' | 'high' }): Promise<PushAnswer> {
    const details = (await loadWebPush()).generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey }, TTL: opts.ttlSeconds, urgency: opts.urgency, contentEncoding: 'aes128gcm' },
    );
    const res = await fetch(details.endpoint, {
      method: 'POST', headers: details.headers, body: details.body ? new Uint8Array(details.body) : undefined, signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { statusCode: res.status };
  }
}
