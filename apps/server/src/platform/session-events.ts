import type { AuthInfo, SessionAuthRow } from './context.ts';

/**
 * The PostgreSQL NOTIFY channel of "who may be signed in changed": database triggers (migration 026) publish
 * `{t: tenantId, u?: userId}` whenever a session is revoked or changes level, a user's status or permission version
 * changes, a user's level is changed or removed, a role's permissions change or a tenant is (de)activated — whichever
 * code path did it, in the same transaction. Every server process's realtime hub re-checks the matching sockets at
 * once (platform/ws.ts).
 */
export const SESSION_CHANNEL = 'carewatch_sessions';

export type SessionChange = { tenantId: string; userId: string | null };

export function parseSessionChange(payload: string): SessionChange | null {
  try {
    const v = JSON.parse(payload) as { t?: unknown; u?: unknown };
    if (typeof v.t !== 'string') return null;
    return { tenantId: v.t, userId: typeof v.u === 'string' ? v.u : null };
  } catch {
    return null;
  }
}

/**
 * Whether a socket opened with `auth` may stay open: its session still lives (not revoked, not expired, user active,
 * tenant active, permissions not changed since) and still means what it meant at connect time (same level, role and
 * permissions). Anything else closes the socket; the client signs in again or refreshes and reconnects.
 */
export function socketStillValid(row: SessionAuthRow | null, auth: AuthInfo, now: number): boolean {
  if (!row || row.revoked_at || row.expires_at.getTime() <= now) return false;
  if (row.user_status !== 'active' || !row.tenant_active || row.user_pv !== row.session_pv) return false;
  if (row.user_id !== auth.userId || row.level_id !== auth.levelId || row.role_code !== auth.roleCode) return false;
  if (row.level_scope_id !== auth.scopeId || row.level_center_id !== auth.centerId) return false;
  return row.permissions.length === auth.permissions.size && row.permissions.every((p) => auth.permissions.has(p));
}
