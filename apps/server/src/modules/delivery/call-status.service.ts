import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { validTwilioSignature } from '../../platform/providers/twilio.ts';
import * as repo from './logs.repo.ts';

const ANSWERED = new Set(['completed']);
const FINAL = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Twilio's status callback for a call placed by `TwilioVoiceProvider`: checks the request signature against the
 * configured callback address, then writes the call's duration, end time and outcome (completed = 200, busy / failed /
 * no-answer / canceled = 500) into the call log. Intermediate statuses are acknowledged and ignored.
 */
export async function recordCallStatus(
  ctx: Ctx,
  params: Record<string, string>,
  rawQuery: string,
  signature: string | undefined,
): Promise<{ updated: boolean }> {
  const cfg = ctx.config.twilio;
  if (!cfg?.statusCallbackUrl) throw new AppError('NOT_FOUND');
  const url = cfg.statusCallbackUrl + (rawQuery ? `?${rawQuery}` : '');
  if (!validTwilioSignature(cfg.authToken, url, params, signature)) throw new AppError('PERMISSION_DENIED');
  const tenantId = new URLSearchParams(rawQuery).get('tenant') ?? '';
  const sid = params.CallSid ?? '';
  const status = (params.CallStatus ?? '').toLowerCase();
  if (!UUID.test(tenantId) || !sid || !FINAL.has(status)) return { updated: false };
  const duration = Number.parseInt(params.CallDuration ?? '0', 10);
  const durationS = Number.isFinite(duration) && duration > 0 ? Math.min(duration, 86_400) : 0;
  const updated = await repo.completeCall(ctx.db, tenantId, sid, {
    status: ANSWERED.has(status) ? 200 : 500,
    durationS,
    endedAt: ctx.clock.now(),
    error: ANSWERED.has(status) ? null : `call ${status}`,
  });
  return { updated };
}
