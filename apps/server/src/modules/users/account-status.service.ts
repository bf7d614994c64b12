import type { Deps } from '../../platform/context.ts';
import * as repo from './users.repo.ts';

/**
 * Re-enables a disabled account whose disable period is over (only if still disabled: a job may run late or twice).
 * Used by the job at the period's end (lifecycle) and by sign-in (auth), which treats an ended period as over even
 * before its job has run.
 */
export function reenableIfDue(deps: Pick<Deps, 'db' | 'clock'>, tenantId: string, userId: string): Promise<boolean> {
  return repo.reenableIfDue(deps.db, tenantId, userId, deps.clock.now());
}
