import crypto from 'node:crypto';

/**
 * VNPay's signature (payment URL 2.1.0 and IPN/return): the vnp_ parameters except vnp_SecureHash and
 * vnp_SecureHashType, sorted by name, each value URL-encoded with spaces as '+' (VNPay's Node sample `sortObject`
 * + qs.stringify without encoding), joined with '&', signed with HMAC-SHA512 under the hash secret, lower-case hex.
 */
const enc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');

export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k.startsWith('vnp_') && k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType' && params[k] !== '')
    .sort()
    .map((k) => `${enc(k)}=${enc(params[k] ?? '')}`)
    .join('&');
}

export function vnpaySign(params: Record<string, string>, hashSecret: string): string {
  return crypto
    .createHmac('sha512', hashSecret)
    .update(Buffer.from(vnpaySignData(params), 'utf8'))
    .digest('hex');
}

/** True when vnp_SecureHash is the signature of the other parameters (constant-time, case-insensitive hex). */
export function vnpayVerify(params: Record<string, string>, hashSecret: string): boolean {
  const got = (params.vnp_SecureHash ?? '').toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(got)) return false;
  const want = vnpaySign(params, hashSecret);
  return crypto.timingSafeEqual(Buffer.from(want), Buffer.from(got));
}

/** The signed payment address: the gateway URL + the sorted, encoded parameters + vnp_SecureHash. */
export function vnpayPaymentUrl(gatewayUrl: string, params: Record<string, string>, hashSecret: string): string {
  const data = vnpaySignData(params);
  const sep = gatewayUrl.includes('?') ? '&' : '?';
  return `${gatewayUrl}${sep}${data}&vnp_SecureHash=${vnpaySign(params, hashSecret)}`;
}

/** yyyyMMddHHmmss in Vietnam time (GMT+7), VNPay's date format. */
export function vnpayDate(d: Date): string {
  const t = new Date(d.getTime() + 7 * 3600_000).toISOString();
  return t.slice(0, 19).replace(/[-T:]/g, '');
}
