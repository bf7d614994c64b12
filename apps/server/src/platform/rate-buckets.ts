import type { Deps } from './context.ts';
import { AppError } from './errors.ts';
import { hitBucket } from './rate-limit.repo.ts';

/** A limit: at most `limit` hits per `windowMs` per key. */
export type RateRule = { name: string; limit: number; windowMs: number };

/**
 * Counts a hit for `key` under `rule` and throws RATE_LIMITED (429) past the limit. The counter lives in PostgreSQL,
 * so the limit holds across server processes; windows follow the injected clock (tests move time, never sleep).
 */
export async function enforceRateLimit(deps: Pick<Deps, 'db' | 'clock'>, rule: RateRule, key: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const start = now - (now % rule.windowMs);
  const hits = await hitBucket(deps.db, `${rule.name}:${key}`, new Date(start));
  if (hits > rule.limit) {
    throw new AppError('RATE_LIMITED', {
      rule: rule.name,
      retryAfterSeconds: Math.ceil((start + rule.windowMs - now) / 1000),
    });
  }
}
