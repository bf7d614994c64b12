import type { Db } from '../../platform/db.ts';
import * as repo from './sessions.repo.ts';

/**
 * Ends a user's live sessions (of one client kind, except `keep`) for another module's reason (disable, deactivation,
 * deletion); answers how many ended. Their tokens stop working and their sockets close (session-events).
 */
export function revokeUserSessions(
  db: Db,
  tenantId: string,
  userId: string,
  reason: string,
  now: Date,
  opts: { client?: string; keep?: string } = {},
): Promise<number> {
  return repo.revokeUserSessions(db, tenantId, userId, reason, now, opts);
}
