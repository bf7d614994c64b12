import crypto from 'node:crypto';

/**
 * What "verify" checks, with no network (the spec names no partner service). Documented in the report and README.
 *
 * Partner (step 1): partnerId is 4–40 characters of A–Z, 0–9, `_`, `-`; the API key is `cwpk_` + 32 hex characters
 * + `_` + an 8-hex check: the first 8 hex characters of HMAC-SHA256(key = partnerId, message = `cwpk_<32 hex>`).
 * A key issued for one partner id therefore fails for any other id ("wrong tenant id or api key").
 *
 * Payment method (step 2), by method:
 * - stripe: accessKey a publishable key `pk_test_…`/`pk_live_…`, secretKey `sk_test_…`/`sk_live_…` of the same mode,
 *   shareKey the webhook signing secret `whsec_…` (the webhook is verified with it).
 * - vnpay: accessKey the TmnCode (8 letters/digits), secretKey the hash secret (32 letters/digits), shareKey the
 *   VNPay payment URL (https, e.g. https://sandbox.vnpayment.vn/paymentv2/vpcpay.html).
 * - sandbox: secretKey a signing key of 16+ characters, accessKey and shareKey free text.
 * callbackUrl: an http(s) address whose origin is this server's public address (the providers' return, IPN and
 * webhook addresses are built on it).
 */
export const PARTNER_ID_RE = /^[A-Z0-9][A-Z0-9_-]{3,39}$/;
const API_KEY_RE = /^(cwpk_[0-9a-f]{32})_([0-9a-f]{8})$/;

const checkOf = (partnerId: string, body: string) =>
  crypto.createHmac('sha256', partnerId).update(body).digest('hex').slice(0, 8);

/** Issues a partner API key (for demos and tests: `node -e` with this function, or the value in the README). */
export function issuePartnerApiKey(partnerId: string, random: string = crypto.randomBytes(16).toString('hex')): string {
  const body = `cwpk_${random}`;
  return `${body}_${checkOf(partnerId, body)}`;
}

export function partnerKeyValid(partnerId: string, apiKey: string): boolean {
  if (!PARTNER_ID_RE.test(partnerId)) return false;
  const m = API_KEY_RE.exec(apiKey);
  if (!m?.[1] || !m[2]) return false;
  const want = Buffer.from(checkOf(partnerId, m[1]));
  const got = Buffer.from(m[2]);
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

export type MethodKeys = {
  method: 'stripe' | 'vnpay' | 'sandbox';
  accessKey: string;
  shareKey: string;
  secretKey: string;
  callbackUrl: string;
};

/** The field whose key is wrong, or null when the method's keys have the right form. */
export function methodKeyProblem(k: MethodKeys): 'accessKey' | 'shareKey' | 'secretKey' | 'callbackUrl' | null {
  let url: URL;
  try {
    url = new URL(k.callbackUrl);
  } catch {
    return 'callbackUrl';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'callbackUrl';
  if (k.method === 'stripe') {
    const pk = /^pk_(test|live)_[A-Za-z0-9]{10,}$/.exec(k.accessKey);
    const sk = /^sk_(test|live)_[A-Za-z0-9]{10,}$/.exec(k.secretKey);
    if (!pk) return 'accessKey';
    if (!sk || sk[1] !== pk[1]) return 'secretKey';
    if (!/^whsec_[A-Za-z0-9+/=]{16,}$/.test(k.shareKey)) return 'shareKey';
    return null;
  }
  if (k.method === 'vnpay') {
    if (!/^[A-Z0-9]{8}$/.test(k.accessKey)) return 'accessKey';
    if (!/^[A-Za-z0-9]{32}$/.test(k.secretKey)) return 'secretKey';
    try {
      if (new URL(k.shareKey).protocol !== 'https:') return 'shareKey';
    } catch {
      return 'shareKey';
    }
    return null;
  }
  if (k.secretKey.length < 16) return 'secretKey';
  return null;
}

/** `••••` + the last 4 characters (only `••••` for short values): enough to recognise a key, never to use it. */
export function mask(value: string): string {
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}
