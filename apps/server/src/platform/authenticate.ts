import type { FastifyRequest } from 'fastify';
import type { AuthInfo, Deps } from './context.ts';
import { AppError } from './errors.ts';
import { isUuid } from './ids.ts';

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim() || null;
  return null;
}

/** Resolves an access token into who is calling, or throws the spec's 401/403 answers. */
export async function authenticate(deps: Deps, token: string | null): Promise<AuthInfo> {
  if (!token) throw new AppError('UNAUTHORIZED');
  const now = deps.clock.now();
  const claims = await deps.signer.verify(token, now);
  if (claims === 'expired') throw new AppError('SESSION_EXPIRED');
  if (!claims || !isUuid(claims.tid) || !isUuid(claims.sid)) throw new AppError('UNAUTHORIZED');
  const row = await deps.ports.findSessionForAuth(deps.db, claims.tid, claims.sid);
  if (!row || row.user_id !== claims.uid) throw new AppError('UNAUTHORIZED');
  if (row.revoked_at) {
    if (row.revoked_reason === 'replaced') throw new AppError('LOGGED_IN_ELSEWHERE');
    if (row.revoked_reason === 'permissions') throw new AppError('PERMISSIONS_CHANGED');
    throw new AppError('UNAUTHORIZED');
  }
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError('SESSION_EXPIRED');
  if (row.user_status !== 'active' || !row.tenant_active) throw new AppError('ACCOUNT_DISABLED');
  if (row.user_pv !== row.session_pv) throw new AppError('PERMISSIONS_CHANGED');
  return {
    userId: row.user_id,
    tenantId: claims.tid,
    tenantCode: row.tenant_code,
    sessionId: row.session_id,
    levelId: row.level_id,
    scopeId: row.level_scope_id,
    centerId: row.level_center_id,
    roleCode: row.role_code,
    permissions: new Set(row.permissions),
    language: row.language ?? 'en',
  };
}
