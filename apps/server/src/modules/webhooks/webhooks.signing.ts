import crypto from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes (base64url). The whole string is the HMAC key. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/** HMAC-SHA256 (hex) of `${timestamp}.${body}` with the secret. */
export const signPayload = (secret: string, timestamp: number, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * The `CareWatch-Signature` header: `t=<unix seconds>,v1=<hex>`, with one more `v1=` during a secret rotation's
 * overlap (the new secret's signature first, then the previous one's).
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}

/**
 * The receiver's check (the README's snippet, used as is by the tests): the header's timestamp is within
 * `toleranceSeconds` of now and one of its v1 signatures matches (compared in constant time).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex'));
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v ?? '');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}
