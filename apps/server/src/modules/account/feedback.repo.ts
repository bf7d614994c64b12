import type { Db } from '../../platform/db.ts';

export type FeedbackWrite = {
  id: string;
  userId: string;
  kind: string;
  category: string;
  description: string;
  suggestion: string | null;
  imagePath: string | null;
  now: Date;
};

export async function insertFeedback(db: Db, tenantId: string, f: FeedbackWrite) {
  await db.query(
    `insert into app_feedback (id, tenant_id, user_id, kind, category, description, suggestion, image_path, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [f.id, tenantId, f.userId, f.kind, f.category, f.description, f.suggestion, f.imagePath, f.now],
  );
}

// ---------------------------------------------------------------- feedback management (portal, issue 17)

export type FeedbackRow = {
  id: string;
  user_id: string | null;
  kind: 'ERROR' | 'IMPROVE';
  category: 'SOFTWARE' | 'HARDWARE' | 'SERVICE';
  description: string;
  suggestion: string | null;
  image_path: string | null;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  handler_first: string | null;
  handler_last: string | null;
  total: number;
};

/** The tenant's feedback, newest first, by kind, category and handled or not (or one by id). */
export async function listFeedback(
  db: Db,
  tenantId: string,
  f: { id?: string; kind?: string; category?: string; handled?: boolean; limit: number; offset: number },
): Promise<FeedbackRow[]> {
  return db.query<FeedbackRow>(
    `select f.id, f.user_id, f.kind, f.category, f.description, f.suggestion, f.image_path, f.created_at, f.handled_at, f.handled_by,
            u.first_name, u.last_name, u.email, u.phone, h.first_name as handler_first, h.last_name as handler_last, count(*) over ()::int as total
       from app_feedback f
       left join users u on u.tenant_id = f.tenant_id and u.id = f.user_id
       left join users h on h.tenant_id = f.tenant_id and h.id = f.handled_by
      where f.tenant_id = $1 and ($2::uuid is null or f.id = $2::uuid) and ($3::text is null or f.kind = $3::text) and ($4::text is null or f.category = $4::text)
        and ($5::boolean is null or (f.handled_at is not null) = $5::boolean)
      order by f.created_at desc, f.id desc limit $6 offset $7`,
    [tenantId, f.id ?? null, f.kind ?? null, f.category ?? null, f.handled ?? null, f.limit, f.offset],
  );
}

/** Marks it handled (the first time only); answers whether the feedback exists in the tenant. */
export async function markHandled(db: Db, tenantId: string, id: string, by: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update app_feedback set handled_at = coalesce(handled_at, $3), handled_by = coalesce(handled_by, $4) where tenant_id = $1 and id = $2 returning id',
    [tenantId, id, now, by],
  );
  return rows.length > 0;
}
