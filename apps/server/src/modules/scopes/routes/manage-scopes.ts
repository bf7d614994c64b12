import crypto from 'node:crypto';
import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { ZScopeAll } from '@carewatch/contracts/scopes';
import { defineRoute } from '../../../platform/route.ts';
import { allScopes } from '../scopes.service.ts';

/** Every scope of the caller's level, cacheable: a short private max-age and an ETag (304 when unchanged). */
export const manageScopeAllRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/manage/scope/all',
  tags: ['scopes'],
  permission: Permission.AccountProfileView,
  summary: 'All scopes of the caller’s level (cached: Cache-Control and ETag)',
  response: z.unknown(),
  raw: true,
  produces: ['json'],
  handler: async ({ req, reply }, ctx) => {
    const body = JSON.stringify(ZScopeAll.parse(await allScopes(ctx)));
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'private, max-age=60').header('etag', etag).header('vary', 'Authorization');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.status(200).type('application/json; charset=utf-8').send(body);
  },
});
