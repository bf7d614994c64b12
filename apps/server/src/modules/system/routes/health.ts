import { z } from 'zod';
import { definePublicRoute } from '../../../platform/route.ts';

export const healthRoute = definePublicRoute({
  method: 'GET',
  url: '/api/health',
  tags: ['system'],
  summary: '200 while the database answers',
  response: z.object({ status: z.literal('ok'), database: z.enum(['pg', 'pglite']) }),
  handler: async (_in, ctx) => {
    await ctx.db.query('select 1');
    return { status: 'ok' as const, database: ctx.db.kind };
  },
});
