import { z } from 'zod';
import { definePublicRoute } from '../../../platform/route.ts';
import { payPage, sandboxCallback, resultPath } from '../providers/sandbox.ts';
import { pageLang, renderNotFound, renderPayPage, renderSettled } from '../providers/sandbox-page.ts';

const tags = ['payments'];

export const sandboxPayPageRoute = definePublicRoute({
  method: 'GET',
  url: '/api/payments/sandbox/pay/:code',
  tags,
  summary:
    'The sandbox pay page (HTML, en/vi by ?lang or Accept-Language): Pay and Decline post signed callbacks; "Payment not found" for a link not issued by a checkout or an order no longer pending',
  params: z.object({ code: z.string().trim().min(1).max(40) }),
  query: z.object({
    tenant: z.string().max(64).default(''),
    sig: z.string().max(128).default(''),
    lang: z.string().max(10).optional(),
  }),
  response: z.string(),
  handler: async ({ params, query, req, reply }, ctx) => {
    const lang = pageLang(query.lang, req.headers['accept-language']);
    const page = await payPage(ctx, params.code, query.tenant, query.sig);
    reply.type('text/html; charset=utf-8');
    // Not an address a checkout issued, or the order is no longer pending: a page saying so, without buttons
    // (the route answers 200 either way: the status of a non-raw route is fixed).
    if (!page) return renderNotFound(lang);
    if ('settled' in page) return renderSettled(lang, resultPath(page.settled));
    return renderPayPage(lang, page.order, page.pay, page.decline);
  },
});

export const sandboxCallbackRoute = definePublicRoute({
  method: 'POST',
  url: '/api/payments/sandbox/callback',
  tags,
  bodyKind: 'form',
  raw: true,
  produces: ['redirect'],
  summary:
    "The sandbox provider's signed callback (HMAC-SHA256): a bad or stale signature changes nothing (400); a replay changes nothing. Then to /app/subscription/result?order=<code>",
  body: z.object({
    tenant: z.string().max(64),
    order: z.string().max(40),
    amount: z.string().regex(/^\d{1,16}$/),
    currency: z.string().max(3),
    result: z.enum(['PAID', 'DECLINED']),
    txn: z.string().min(1).max(64),
    ts: z.string().regex(/^\d{1,16}$/),
    sig: z.string().max(128),
  }),
  response: z.unknown(),
  handler: async ({ body, reply }, ctx) => {
    const r = await sandboxCallback(ctx, body);
    await reply.redirect(resultPath(r.orderCode), 303);
  },
});
