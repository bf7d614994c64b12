import { loadWebPush } from '../lazy.ts';
import type { SecretVault } from '../secrets.ts';

export type VapidKeys = { publicKey: string; privateKey: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** The push service's answer: 201 accepted; 404 / 410 mean the subscription is gone. */
export type PushAnswer = { statusCode: number };
export interface PushSender {
  readonly name: string;
  readonly publicKey: string;
  send(
    target: PushTarget,
    payload: string,
    opts: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushAnswer>;
}

/**
 * VAPID keys: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once with web-push and kept among the stored
 * secrets (sealed under the master key) so every server process and restart signs with the same pair.
 */
export async function getOrCreateVapidKeys(
  vault: SecretVault,
  fromEnv?: { publicKey?: string | undefined; privateKey?: string | undefined },
): Promise<VapidKeys> {
  if (fromEnv?.publicKey && fromEnv.privateKey) return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  const v = JSON.parse(
    await vault.get('vapid_keys', async () => JSON.stringify((await loadWebPush()).generateVAPIDKeys())),
  ) as VapidKeys;
  return { publicKey: v.publicKey, privateKey: v.privateKey };
}

/**
 * Web push (RFC 8291 encryption and VAPID signing by web-push, sent with fetch so any http(s) endpoint works —
 * tests use a local stub). Throws on network errors; answers the push service's status otherwise.
 */
export class WebPushSender implements PushSender {
  readonly name = 'webpush';
  readonly publicKey: string;
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject = 'mailto:no-reply@carewatch.local',
    private readonly timeoutMs = 10_000,
  ) {
    this.publicKey = keys.publicKey;
  }
  async send(
    target: PushTarget,
    payload: string,
    opts: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushAnswer> {
    const details = (await loadWebPush()).generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: opts.ttlSeconds,
        urgency: opts.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers: details.headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { statusCode: res.status };
  }
}
