import type { Db } from '../../platform/db.ts';

export type LifecycleUserRow = {
  id: string;
  status: string;
  email: string | null;
  first_name: string;
  last_name: string;
  disabled_until: Date | null;
  deactivated_at: Date | null;
  avatar_path: string | null;
};
const COLS = 'id, status, email, first_name, last_name, disabled_until, deactivated_at, avatar_path';

export async function findUser(db: Db, tenantId: string, id: string): Promise<LifecycleUserRow | null> {
  const rows = await db.query<LifecycleUserRow>(
    `select ${COLS} from users where tenant_id = $1 and id = $2 and status <> 'deleted'`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}
/** Permission ids of every role the user holds at any level. */
export async function userPermissions(db: Db, tenantId: string, userId: string): Promise<number[]> {
  const rows = await db.query<{ permission_id: number }>(
    'select distinct rp.permission_id from user_roles ur join role_permissions rp on rp.tenant_id = ur.tenant_id and rp.role_id = ur.role_id where ur.tenant_id = $1 and ur.user_id = $2',
    [tenantId, userId],
  );
  return rows.map((r) => r.permission_id);
}
export async function setDisabled(
  db: Db,
  tenantId: string,
  id: string,
  until: Date | null,
  reason: string | null,
  now: Date,
) {
  await db.query(
    "update users set status = 'disabled', disabled_until = $3, disabled_reason = $4, updated_at = $5 where tenant_id = $1 and id = $2",
    [tenantId, id, until, reason, now],
  );
}
export async function setActive(db: Db, tenantId: string, id: string, now: Date) {
  await db.query(
    "update users set status = 'active', disabled_until = null, disabled_reason = null, deactivated_at = null, updated_at = $3 where tenant_id = $1 and id = $2",
    [tenantId, id, now],
  );
}
export async function setDeactivated(db: Db, tenantId: string, id: string, now: Date) {
  await db.query(
    "update users set status = 'deactivated', deactivated_at = $3, updated_at = $3 where tenant_id = $1 and id = $2",
    [tenantId, id, now],
  );
}
/** Removes personal data, keeps a tombstone until the final purge. Only if still deactivated. */
export async function anonymizeIfDeactivated(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update users set status = 'deleted', deleted_at = $3, email = null, phone = null, first_name = 'Deleted', last_name = 'account',
            password_hash = null, avatar_path = null, updated_at = $3
      where tenant_id = $1 and id = $2 and status = 'deactivated' returning id`,
    [tenantId, id, now],
  );
  if (!rows.length) return false;
  await db.query('delete from sessions where tenant_id = $1 and user_id = $2', [tenantId, id]);
  await db.query('delete from deactivation_requests where tenant_id = $1 and user_id = $2', [tenantId, id]);
  return true;
}
export async function purgeDeleted(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    "delete from users where tenant_id = $1 and id = $2 and status = 'deleted' returning id",
    [tenantId, id],
  );
  return rows.length > 0;
}

export type RequestRow = {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  reason: string | null;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
  decided_at: Date | null;
};
export async function insertRequest(
  db: Db,
  tenantId: string,
  r: { id: string; userId: string; reason: string | null; now: Date },
) {
  await db.query(
    'insert into deactivation_requests (id, tenant_id, user_id, reason, created_at) values ($1,$2,$3,$4,$5)',
    [r.id, tenantId, r.userId, r.reason, r.now],
  );
}
export async function pendingRequestOf(db: Db, tenantId: string, userId: string) {
  const rows = await db.query<{ id: string }>(
    "select id from deactivation_requests where tenant_id = $1 and user_id = $2 and status = 'pending'",
    [tenantId, userId],
  );
  return rows[0] ?? null;
}
export async function listRequests(db: Db, tenantId: string, status: string | null): Promise<RequestRow[]> {
  return db.query<RequestRow>(
    `select d.id, d.user_id, u.first_name, u.last_name, u.email, d.reason, d.status, d.created_at, d.decided_at
       from deactivation_requests d join users u on u.id = d.user_id and u.tenant_id = d.tenant_id
      where d.tenant_id = $1 and ($2::text is null or d.status = $2) order by d.created_at desc`,
    [tenantId, status],
  );
}
export async function findRequest(db: Db, tenantId: string, id: string) {
  const rows = await db.query<{ id: string; user_id: string; status: string }>(
    'select id, user_id, status from deactivation_requests where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return rows[0] ?? null;
}
export async function decideRequest(
  db: Db,
  tenantId: string,
  id: string,
  status: 'approved' | 'rejected',
  by: string,
  now: Date,
  rejectReason: string | null,
) {
  await db.query(
    'update deactivation_requests set status = $3, decided_by = $4, decided_at = $5, reject_reason = $6 where tenant_id = $1 and id = $2',
    [tenantId, id, status, by, now, rejectReason],
  );
}
