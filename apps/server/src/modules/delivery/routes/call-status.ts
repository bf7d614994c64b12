import { z } from 'zod';
import { definePublicRoute } from '../../../platform/route.ts';
import { recordCallStatus } from '../call-status.service.ts';

/** Every parameter the provider posts is kept: the signature covers all of them. */
const ZCallStatusForm = z.looseObject({
  CallSid: z.string('Required').min(1, 'Required').max(64, 'Max length is 64'),
  CallStatus: z.string('Required').min(1, 'Required').max(32, 'Max length is 32'),
  CallDuration: z
    .string()
    .regex(/^\d{1,6}$/, 'Invalid number')
    .optional(),
});

export const callStatusRoute = definePublicRoute({
  method: 'POST',
  url: '/api/providers/twilio/call-status',
  tags: ['delivery'],
  bodyKind: 'form',
  summary:
    'Twilio status callback for a placed call (signed with X-Twilio-Signature): records its duration and outcome in the call log',
  body: ZCallStatusForm,
  response: z.object({ updated: z.boolean() }),
  handler: async ({ body, req }, ctx) => {
    const params = Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    const q = req.url.indexOf('?');
    const sig = req.headers['x-twilio-signature'];
    return recordCallStatus(ctx, params, q >= 0 ? req.url.slice(q + 1) : '', typeof sig === 'string' ? sig : undefined);
  },
});
