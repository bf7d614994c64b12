import type { Db, SqlValue } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';

export type NotificationRow = {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  alert_id: string | null;
  patient_id: string | null;
  sender_id: string | null;
  read_at: Date | null;
  created_at: Date;
  total: number;
  username?: string;
  first_name?: string;
  last_name?: string;
};
const COLS = 'n.id, n.user_id, n.type, n.title, n.body, n.alert_id, n.patient_id, n.sender_id, n.read_at, n.created_at';

export async function inbox(
  db: Db,
  tenantId: string,
  userId: string,
  q: { unread?: boolean; page: number; size: number },
): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `select ${COLS}, count(*) over () as total from notifications n
      where n.tenant_id = $1 and n.user_id = $2 and ($3::boolean is not true or n.read_at is null)
      order by n.created_at desc, n.id desc limit $4 offset $5`,
    [tenantId, userId, q.unread ?? null, q.size, q.page * q.size],
  );
}

export async function unreadCount(db: Db, tenantId: string, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from notifications where tenant_id = $1 and user_id = $2 and read_at is null',
    [tenantId, userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the user's notifications read; answers whether it is theirs (read before or now). */
export async function markRead(
  db: Db,
  tenantId: string,
  userId: string,
  id: string,
  now: Date,
): Promise<{ found: boolean; updated: number }> {
  const upd = await db.query(
    'update notifications set read_at = $4 where tenant_id = $1 and user_id = $2 and id = $3 and read_at is null returning id',
    [tenantId, userId, id, now],
  );
  if (upd.length > 0) return { found: true, updated: 1 };
  const exists = await db.query('select 1 from notifications where tenant_id = $1 and user_id = $2 and id = $3', [
    tenantId,
    userId,
    id,
  ]);
  return { found: exists.length > 0, updated: 0 };
}

export async function markAllRead(db: Db, tenantId: string, userId: string, now: Date): Promise<number> {
  return (
    await db.query(
      'update notifications set read_at = $3 where tenant_id = $1 and user_id = $2 and read_at is null returning id',
      [tenantId, userId, now],
    )
  ).length;
}

export async function adminList(
  db: Db,
  tenantId: string,
  q: { username?: string; type?: string; asc: boolean; page: number; size: number },
): Promise<NotificationRow[]> {
  const params: SqlValue[] = [tenantId];
  let w = '';
  if (q.username) {
    params.push(`%${q.username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    w += ` and (u.email ilike $${params.length} or u.phone ilike $${params.length} or (u.first_name || ' ' || u.last_name) ilike $${params.length})`;
  }
  if (q.type) {
    params.push(q.type);
    w += ` and n.type = $${params.length}`;
  }
  params.push(q.size, q.page * q.size);
  return db.query<NotificationRow>(
    `select ${COLS}, coalesce(u.email, u.phone, '') as username, u.first_name, u.last_name, count(*) over () as total
       from notifications n join users u on u.id = n.user_id and u.tenant_id = n.tenant_id
      where n.tenant_id = $1${w}
      order by n.created_at ${q.asc ? 'asc' : 'desc'}, n.id ${q.asc ? 'asc' : 'desc'}
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

/** Active users of the tenant addressed by a send: one by id, one by e-mail/phone, or every holder of a role. */
export async function recipients(
  db: Db,
  tenantId: string,
  t: { userId?: string; username?: string; role?: string },
): Promise<{ id: string }[]> {
  if (t.userId)
    return db.query<{ id: string }>("select id from users where tenant_id = $1 and id = $2 and status = 'active'", [
      tenantId,
      t.userId,
    ]);
  if (t.username)
    return db.query<{ id: string }>(
      "select id from users where tenant_id = $1 and (lower(email) = lower($2) or phone = $2) and status = 'active'",
      [tenantId, t.username],
    );
  return db.query<{ id: string }>(
    `select distinct u.id from users u join user_roles ur on ur.user_id = u.id and ur.tenant_id = u.tenant_id join roles r on r.id = ur.role_id
      where u.tenant_id = $1 and r.code = $2 and u.status = 'active' order by u.id`,
    [tenantId, t.role ?? ''],
  );
}

export async function upsertPushSubscription(
  db: Db,
  tenantId: string,
  s: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null; now: Date },
) {
  await db.query(
    `insert into push_subscriptions (id, tenant_id, user_id, endpoint, p256dh, auth, user_agent, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8)
     on conflict (tenant_id, endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent`,
    [newId(s.now.getTime()), tenantId, s.userId, s.endpoint, s.p256dh, s.auth, s.userAgent, s.now],
  );
}
export async function deletePushSubscription(
  db: Db,
  tenantId: string,
  userId: string,
  endpoint: string,
): Promise<number> {
  return (
    await db.query(
      'delete from push_subscriptions where tenant_id = $1 and user_id = $2 and endpoint = $3 returning id',
      [tenantId, userId, endpoint],
    )
  ).length;
}
