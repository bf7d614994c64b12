import type { Db } from '../../platform/db.ts';

export type AnnouncementRow = {
  id: string;
  tenant_id: string;
  title: string;
  message: string;
  status: 'pending' | 'sending' | 'sent';
  cursor_user_id: string | null;
  recipients: number;
  created_by: string | null;
  created_at: Date;
  sent_at: Date | null;
};
const COLS =
  'a.id, a.tenant_id, a.title, a.message, a.status, a.cursor_user_id, a.recipients, a.created_by, a.created_at, a.sent_at';

export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  return (await db.query('select 1 from tenants where id = $1', [tenantId])).length > 0;
}

export async function insertAnnouncement(
  db: Db,
  tenantId: string,
  a: { id: string; title: string; message: string; createdBy: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into announcements (id, tenant_id, title, message, status, created_by, created_at) values ($1, $2, $3, $4, 'pending', $5, $6)`,
    [a.id, tenantId, a.title, a.message, a.createdBy, a.now],
  );
}

/** The announcement, locked for this fan-out batch; null when it is done or another worker holds it (SKIP LOCKED). */
export async function claimForFanout(db: Db, tenantId: string, id: string): Promise<AnnouncementRow | null> {
  const rows = await db.query<AnnouncementRow>(
    `select ${COLS} from announcements a where a.tenant_id = $1 and a.id = $2 and a.status <> 'sent' for update skip locked`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** The next active patient-app users of the tenant (holders of the patient role), by id after `after`. */
export async function nextAppUsers(
  db: Db,
  tenantId: string,
  after: string | null,
  limit: number,
): Promise<{ id: string }[]> {
  return db.query<{ id: string }>(
    `select u.id from users u
      where u.tenant_id = $1 and u.status = 'active' and ($2::uuid is null or u.id > $2::uuid)
        and exists (select 1 from user_roles ur join roles ro on ro.id = ur.role_id where ur.tenant_id = u.tenant_id and ur.user_id = u.id and ro.code = 'patient')
      order by u.id limit $3`,
    [tenantId, after, limit],
  );
}

export async function advance(
  db: Db,
  tenantId: string,
  id: string,
  p: { cursor: string | null; added: number; done: boolean; now: Date },
): Promise<void> {
  await db.query(
    `update announcements set cursor_user_id = coalesce($3, cursor_user_id), recipients = recipients + $4,
            status = case when $5::boolean then 'sent' else 'sending' end, sent_at = case when $5::boolean then $6 else sent_at end
      where tenant_id = $1 and id = $2`,
    [tenantId, id, p.cursor, p.added, p.done, p.now],
  );
}

export type SentRow = AnnouncementRow & { first_name: string | null; last_name: string | null; total: number };
export async function listSent(db: Db, tenantId: string, limit: number, offset: number): Promise<SentRow[]> {
  return db.query<SentRow>(
    `select ${COLS}, u.first_name, u.last_name, count(*) over ()::int as total
       from announcements a left join users u on u.id = a.created_by
      where a.tenant_id = $1 order by a.created_at desc, a.id desc limit $2 offset $3`,
    [tenantId, limit, offset],
  );
}

/** Outbox rows of these announcements by channel and status. */
export async function deliveryCounts(
  db: Db,
  tenantId: string,
  ids: string[],
): Promise<{ announcement_id: string; channel: string; status: string; n: number }[]> {
  if (ids.length === 0) return [];
  return db.query<{ announcement_id: string; channel: string; status: string; n: number }>(
    `select d.payload->>'announcementId' as announcement_id, d.channel, d.status, count(*)::int as n
       from deliveries d where d.tenant_id = $1 and d.template = 'announcement' and (d.payload->>'announcementId') = any($2::text[])
      group by 1, 2, 3`,
    [tenantId, ids],
  );
}

export async function listForApp(
  db: Db,
  tenantId: string,
  limit: number,
  offset: number,
): Promise<(AnnouncementRow & { total: number })[]> {
  return db.query<AnnouncementRow & { total: number }>(
    `select ${COLS}, count(*) over ()::int as total from announcements a where a.tenant_id = $1 order by a.created_at desc, a.id desc limit $2 offset $3`,
    [tenantId, limit, offset],
  );
}
