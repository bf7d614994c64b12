import type { Db } from '../../platform/db.ts';
import type { SessionAuthRow } from '../../platform/context.ts';

/** One query per authenticated call: session, user, level and the level's role permissions. */
export async function findSessionForAuth(db: Db, tenantId: string, sessionId: string): Promise<SessionAuthRow | null> {
  const rows = await db.query<SessionAuthRow>(
    `select s.id as session_id, s.revoked_at, s.revoked_reason, s.expires_at, s.permissions_version as session_pv,
            u.id as user_id, u.status as user_status, u.permissions_version as user_pv, u.language,
            t.code as tenant_code, t.active as tenant_active, ur.id as level_id, ur.scope_id as level_scope_id, ur.center_id as level_center_id, r.code as role_code,
            coalesce((select array_agg(rp.permission_id order by rp.permission_id) from role_permissions rp
                      where rp.tenant_id = s.tenant_id and rp.role_id = r.id), '{}') as permissions
       from sessions s
       join users u on u.id = s.user_id and u.tenant_id = s.tenant_id
       join tenants t on t.id = s.tenant_id
       join user_roles ur on ur.id = s.user_role_id and ur.tenant_id = s.tenant_id
       join roles r on r.id = ur.role_id and r.tenant_id = s.tenant_id
      where s.tenant_id = $1 and s.id = $2`,
    [tenantId, sessionId],
  );
  return rows[0] ?? null;
}

export async function insertSession(
  db: Db,
  tenantId: string,
  s: {
    id: string;
    userId: string;
    levelId: string;
    client: string;
    rememberMe: boolean;
    pv: number;
    expiresAt: Date;
    now: Date;
  },
) {
  await db.query(
    'insert into sessions (id, tenant_id, user_id, user_role_id, client, remember_me, permissions_version, created_at, expires_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [s.id, tenantId, s.userId, s.levelId, s.client, s.rememberMe, s.pv, s.now, s.expiresAt],
  );
}

/** Revokes the user's live sessions of one client kind except `keep`; returns how many ended. */
export async function revokeUserSessions(
  db: Db,
  tenantId: string,
  userId: string,
  reason: string,
  now: Date,
  opts: { client?: string; keep?: string } = {},
): Promise<number> {
  const rows = await db.query(
    `update sessions set revoked_at = $4, revoked_reason = $3
      where tenant_id = $1 and user_id = $2 and revoked_at is null
        and ($5::text is null or client = $5) and ($6::uuid is null or id <> $6)
      returning id`,
    [tenantId, userId, reason, now, opts.client ?? null, opts.keep ?? null],
  );
  return rows.length;
}

export async function revokeSession(db: Db, tenantId: string, sessionId: string, reason: string, now: Date) {
  await db.query(
    'update sessions set revoked_at = $4, revoked_reason = $3 where tenant_id = $1 and id = $2 and revoked_at is null',
    [tenantId, sessionId, reason, now],
  );
}

export async function findSession(db: Db, tenantId: string, sessionId: string) {
  const rows = await db.query<{
    id: string;
    user_id: string;
    user_role_id: string;
    client: string;
    remember_me: boolean;
    expires_at: Date;
    revoked_at: Date | null;
    permissions_version: number;
  }>(
    'select id, user_id, user_role_id, client, remember_me, expires_at, revoked_at, permissions_version from sessions where tenant_id = $1 and id = $2',
    [tenantId, sessionId],
  );
  return rows[0] ?? null;
}

export async function setSessionLevel(db: Db, tenantId: string, sessionId: string, levelId: string, pv: number) {
  await db.query('update sessions set user_role_id = $3, permissions_version = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    sessionId,
    levelId,
    pv,
  ]);
}

export async function insertRefreshToken(db: Db, tenantId: string, sessionId: string, tokenHash: string, now: Date) {
  await db.query('insert into refresh_tokens (token_hash, tenant_id, session_id, created_at) values ($1,$2,$3,$4)', [
    tokenHash,
    tenantId,
    sessionId,
    now,
  ]);
}

/** Marks a refresh token used, atomically; returns its row with whether it had been used before. */
export async function consumeRefreshToken(db: Db, tokenHash: string, now: Date) {
  const rows = await db.query<{ tenant_id: string; session_id: string; was_used: boolean }>(
    `with old as (select token_hash, tenant_id, session_id, used_at from refresh_tokens where token_hash = $1 for update)
     update refresh_tokens r set used_at = coalesce(r.used_at, $2) from old where r.token_hash = old.token_hash
     returning old.tenant_id, old.session_id, (old.used_at is not null) as was_used`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}
