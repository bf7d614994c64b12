import type { Db } from '../../platform/db.ts';

export type SavedViewRow = {
  id: string;
  list_key: string;
  name: string;
  query: string;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
};

const COLS = 'id, list_key, name, query, is_default, created_at, updated_at';

/** A user's views of one list, by name. */
export async function viewsOf(db: Db, tenantId: string, userId: string, listKey: string): Promise<SavedViewRow[]> {
  return db.query<SavedViewRow>(
    `select ${COLS} from saved_views where tenant_id = $1 and user_id = $2 and list_key = $3 order by lower(name), id`,
    [tenantId, userId, listKey],
  );
}

/** One of the user's own views (another user's or tenant's reads as none). */
export async function findOwnView(db: Db, tenantId: string, userId: string, id: string): Promise<SavedViewRow | null> {
  return (
    (
      await db.query<SavedViewRow>(
        `select ${COLS} from saved_views where tenant_id = $1 and user_id = $2 and id = $3`,
        [tenantId, userId, id],
      )
    )[0] ?? null
  );
}

export async function countViews(db: Db, tenantId: string, userId: string, listKey: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    'select count(*)::int as n from saved_views where tenant_id = $1 and user_id = $2 and list_key = $3',
    [tenantId, userId, listKey],
  );
  return r?.n ?? 0;
}

/** Whether the user has another view of the list with this name, whatever the case. */
export async function nameTaken(
  db: Db,
  tenantId: string,
  userId: string,
  listKey: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from saved_views where tenant_id = $1 and user_id = $2 and list_key = $3 and lower(name) = lower($4) and id is distinct from $5::uuid',
    [tenantId, userId, listKey, name, exceptId],
  );
  return rows.length > 0;
}

/** Serializes one user's changes to their views (the per-list limit and the single default are read, then written). */
export async function lockUser(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.query('select id from users where tenant_id = $1 and id = $2 for update', [tenantId, userId]);
}

export async function insertView(
  db: Db,
  tenantId: string,
  v: { id: string; userId: string; listKey: string; name: string; query: string; isDefault: boolean; at: Date },
): Promise<void> {
  await db.query(
    `insert into saved_views (id, tenant_id, user_id, list_key, name, query, is_default, created_at, updated_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [v.id, tenantId, v.userId, v.listKey, v.name, v.query, v.isDefault, v.at],
  );
}

/** The list's default stops being one (before another becomes it). */
export async function clearDefault(db: Db, tenantId: string, userId: string, listKey: string, at: Date): Promise<void> {
  await db.query(
    'update saved_views set is_default = false, updated_at = $4 where tenant_id = $1 and user_id = $2 and list_key = $3 and is_default',
    [tenantId, userId, listKey, at],
  );
}

export async function updateView(
  db: Db,
  tenantId: string,
  userId: string,
  id: string,
  p: { name?: string; isDefault?: boolean; at: Date },
): Promise<void> {
  await db.query(
    `update saved_views set name = coalesce($4, name), is_default = coalesce($5, is_default), updated_at = $6
    where tenant_id = $1 and user_id = $2 and id = $3`,
    [tenantId, userId, id, p.name ?? null, p.isDefault ?? null, p.at],
  );
}

export async function deleteView(db: Db, tenantId: string, userId: string, id: string): Promise<boolean> {
  return (
    (
      await db.query('delete from saved_views where tenant_id = $1 and user_id = $2 and id = $3 returning id', [
        tenantId,
        userId,
        id,
      ])
    ).length > 0
  );
}
