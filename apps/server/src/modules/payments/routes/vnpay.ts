import { z } from 'zod';
import { definePublicRoute } from '../../../platform/route.ts';
import { vnpayIpn, vnpayReturn } from '../providers/vnpay.ts';

const tags = ['payments'];
/** VNPay sends every vnp_ parameter as a string; unknown ones are kept (they are signed too). */
const ZVnpQuery = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v])));

export const vnpayIpnRoute = definePublicRoute({
  method: 'GET',
  url: '/api/payments/vnpay/ipn',
  tags,
  summary:
    'VNPay IPN (server to server): verified with HMAC-SHA512; answers {RspCode, Message}: 97 bad signature, 01 order not found, 04 amount mismatch, 02 already confirmed, 00 confirmed',
  query: ZVnpQuery,
  response: z.object({ RspCode: z.string(), Message: z.string() }),
  handler: async ({ query }, ctx) => vnpayIpn(ctx, query),
});
export const vnpayReturnRoute = definePublicRoute({
  method: 'GET',
  url: '/api/payments/vnpay/return',
  tags,
  raw: true,
  produces: ['redirect'],
  summary:
    'VNPay return URL: verifies the signature and sends the browser to /app/subscription/result?order=<code>. Never marks an order paid',
  query: ZVnpQuery,
  response: z.unknown(),
  handler: async ({ query, reply }, ctx) => {
    const r = await vnpayReturn(ctx, query);
    await reply.redirect(r.location, 303);
  },
});
