import type { Db, SqlValue } from '../../platform/db.ts';

export type RatingRow = {
  id: string;
  doctor_id: string;
  user_id: string;
  appointment_id: string | null;
  stars: number;
  comment: string | null;
  reported_at: Date | null;
  reported_by: string | null;
  report_message: string | null;
  created_at: Date;
  updated_at: Date;
};
const COLS =
  'r.id, r.doctor_id, r.user_id, r.appointment_id, r.stars, r.comment, r.reported_at, r.reported_by, r.report_message, r.created_at, r.updated_at';

/** An active doctor of the tenant (holds the doctor role). */
export async function isDoctor(db: Db, tenantId: string, doctorId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from users u join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id join roles ro on ro.id = ur.role_id
      where u.tenant_id = $1 and u.id = $2 and ro.code = 'doctor' and u.status = 'active' limit 1`,
    [tenantId, doctorId],
  );
  return rows.length > 0;
}

/** The appointment of the user's own patient record, or null (someone else's, another tenant's, missing). */
export async function appointmentOfUser(
  db: Db,
  tenantId: string,
  userId: string,
  appointmentId: string,
): Promise<{ doctor_id: string; status: string } | null> {
  const rows = await db.query<{ doctor_id: string; status: string }>(
    `select a.doctor_id, a.status from appointments a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
      where a.tenant_id = $1 and a.id = $3 and p.user_id = $2`,
    [tenantId, userId, appointmentId],
  );
  return rows[0] ?? null;
}

/**
 * Whether the user has a relationship with the doctor: the doctor is assigned to the user's patient record (by staff,
 * or by an accepted family-doctor / specialist request), an accepted doctor contact of theirs, or they had a completed
 * appointment with the doctor.
 */
export async function hasRelationship(db: Db, tenantId: string, userId: string, doctorId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from patients p join patient_doctors pd on pd.tenant_id = p.tenant_id and pd.patient_id = p.id
      where p.tenant_id = $1 and p.user_id = $2 and pd.doctor_id = $3
     union all
     select 1 from contacts c where c.tenant_id = $1 and c.owner_id = $2 and c.contact_user_id = $3 and c.kind in ('family_doctor', 'specialist') and c.status = 'accepted'
     union all
     select 1 from appointments a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
      where a.tenant_id = $1 and p.user_id = $2 and a.doctor_id = $3 and a.status = 'COMPLETED'
     limit 1`,
    [tenantId, userId, doctorId],
  );
  return rows.length > 0;
}

/** Inserts or updates the user's rating of the doctor for that appointment (or the profile rating when null). */
export async function upsertRating(
  db: Db,
  tenantId: string,
  r: {
    id: string;
    doctorId: string;
    userId: string;
    appointmentId: string | null;
    stars: number;
    comment: string | null;
    now: Date;
  },
): Promise<RatingRow> {
  const rows = await db.query<RatingRow>(
    `insert into doctor_ratings as r (id, tenant_id, doctor_id, user_id, appointment_id, stars, comment, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     on conflict (tenant_id, user_id, doctor_id, coalesce(appointment_id, '00000000-0000-0000-0000-000000000000'::uuid))
     do update set stars = excluded.stars, comment = excluded.comment, updated_at = excluded.updated_at
     returning ${COLS}`,
    [r.id, tenantId, r.doctorId, r.userId, r.appointmentId, r.stars, r.comment, r.now],
  );
  return rows[0]!;
}

export async function myRatings(
  db: Db,
  tenantId: string,
  userId: string,
  doctorId: string | null,
): Promise<RatingRow[]> {
  return db.query<RatingRow>(
    `select ${COLS} from doctor_ratings r where r.tenant_id = $1 and r.user_id = $2 and ($3::uuid is null or r.doctor_id = $3::uuid)
      order by r.created_at desc, r.id desc limit 500`,
    [tenantId, userId, doctorId],
  );
}

/** Average and count over the ratings that are not reported, per doctor. */
export async function summaries(
  db: Db,
  tenantId: string,
  doctorIds: string[],
): Promise<{ doctor_id: string; average: number | null; count: number }[]> {
  if (doctorIds.length === 0) return [];
  return db.query<{ doctor_id: string; average: number | null; count: number }>(
    `select r.doctor_id, round(avg(r.stars)::numeric, 2)::float8 as average, count(*)::int as count
       from doctor_ratings r where r.tenant_id = $1 and r.doctor_id = any($2::uuid[]) and r.reported_at is null
      group by r.doctor_id`,
    [tenantId, doctorIds],
  );
}

export type PublicReviewRow = {
  id: string;
  stars: number;
  comment: string | null;
  first_name: string | null;
  created_at: Date;
};
export async function publicReviews(
  db: Db,
  tenantId: string,
  doctorId: string,
  limit: number,
): Promise<PublicReviewRow[]> {
  return db.query<PublicReviewRow>(
    `select r.id, r.stars, r.comment, u.first_name, r.created_at from doctor_ratings r left join users u on u.tenant_id = r.tenant_id and u.id = r.user_id
      where r.tenant_id = $1 and r.doctor_id = $2 and r.reported_at is null order by r.created_at desc, r.id desc limit $3`,
    [tenantId, doctorId, limit],
  );
}

export type RatingListRow = RatingRow & {
  doctor_first: string | null;
  doctor_last: string | null;
  author_first: string | null;
  author_last: string | null;
  reporter_first: string | null;
  reporter_last: string | null;
  total: number;
};
export async function listRatings(
  db: Db,
  tenantId: string,
  f: {
    id?: string;
    doctorId?: string;
    stars?: number;
    reported?: boolean;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
  },
): Promise<RatingListRow[]> {
  const params: SqlValue[] = [tenantId];
  let w = '';
  if (f.id) {
    params.push(f.id);
    w += ` and r.id = $${params.length}`;
  }
  if (f.doctorId) {
    params.push(f.doctorId);
    w += ` and r.doctor_id = $${params.length}`;
  }
  if (f.stars !== undefined) {
    params.push(f.stars);
    w += ` and r.stars = $${params.length}`;
  }
  if (f.reported !== undefined) w += f.reported ? ' and r.reported_at is not null' : ' and r.reported_at is null';
  if (f.from) {
    params.push(f.from);
    w += ` and r.created_at >= $${params.length}`;
  }
  if (f.to) {
    params.push(f.to);
    w += ` and r.created_at < $${params.length}`;
  }
  params.push(f.limit, f.offset);
  return db.query<RatingListRow>(
    `select ${COLS}, d.first_name as doctor_first, d.last_name as doctor_last, a.first_name as author_first, a.last_name as author_last,
            rb.first_name as reporter_first, rb.last_name as reporter_last, count(*) over ()::int as total
       from doctor_ratings r
       left join users d on d.tenant_id = r.tenant_id and d.id = r.doctor_id
       left join users a on a.tenant_id = r.tenant_id and a.id = r.user_id
       left join users rb on rb.tenant_id = r.tenant_id and rb.id = r.reported_by
      where r.tenant_id = $1${w}
      order by r.created_at desc, r.id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

export async function findRating(db: Db, tenantId: string, id: string): Promise<RatingRow | null> {
  const rows = await db.query<RatingRow>(`select ${COLS} from doctor_ratings r where r.tenant_id = $1 and r.id = $2`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

/** Reports (hides) a review, or restores it with null. `updated_at` stays the author's. */
export async function setReport(
  db: Db,
  tenantId: string,
  id: string,
  report: { by: string; message: string; now: Date } | null,
): Promise<boolean> {
  const rows = await db.query(
    `update doctor_ratings set reported_at = $3, reported_by = $4, report_message = $5 where tenant_id = $1 and id = $2 returning id`,
    [tenantId, id, report?.now ?? null, report?.by ?? null, report?.message ?? null],
  );
  return rows.length > 0;
}
