import type { Db, SqlValue } from '../../platform/db.ts';
import type { Reach } from './staff-reach.ts';

export type StaffRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  status: string;
  disabled_until: string | null;
  avatar_path: string | null;
  created_at: Date;
};
const STAFF_COLS = `u.id, u.first_name, u.last_name, u.email, u.phone, u.status, to_jsonb(u)->>'disabled_until' as disabled_until, u.avatar_path, u.created_at`;

/** Staff = accounts holding at least one non-patient role. */
const IS_STAFF = `exists (select 1 from user_roles sr join roles r on r.id = sr.role_id and r.tenant_id = sr.tenant_id
  where sr.tenant_id = u.tenant_id and sr.user_id = u.id and r.code <> 'patient')`;

/** Appends the reach condition; returns the SQL fragment (params pushed into `params`). */
function reachSql(reach: Reach, params: SqlValue[]): string {
  if (reach.all) return 'true';
  params.push(reach.centerIds, reach.scopeIds);
  const c = params.length - 1;
  const s = params.length;
  return `exists (select 1 from user_roles v where v.tenant_id = u.tenant_id and v.user_id = u.id
    and (v.center_id = any($${c}::uuid[]) or (v.center_id is null and v.scope_id = any($${s}::uuid[]))))`;
}

export type StaffSortColumn = 'name' | 'email' | 'createdAt' | 'status';
export type StaffFilter = {
  reach: Reach;
  search?: string | undefined;
  role?: string | undefined;
  centerId?: string | undefined;
  status?: string | undefined;
  specialty?: string | undefined;
  sort: StaffSortColumn;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export async function listStaff(
  db: Db,
  tenantId: string,
  f: StaffFilter,
): Promise<{ rows: StaffRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const where = ['u.tenant_id = $1', IS_STAFF, reachSql(f.reach, params)];
  if (f.search) {
    params.push(`%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const p = `$${params.length}`;
    where.push(
      `(lower(u.first_name || ' ' || u.last_name) like ${p} or lower(u.last_name || ' ' || u.first_name) like ${p} or lower(coalesce(u.email, '')) like ${p} or coalesce(u.phone, '') like ${p})`,
    );
  }
  if (f.role) {
    params.push(f.role);
    where.push(
      `exists (select 1 from user_roles fr join roles r on r.id = fr.role_id and r.tenant_id = fr.tenant_id where fr.tenant_id = u.tenant_id and fr.user_id = u.id and r.code = $${params.length})`,
    );
  }
  if (f.centerId) {
    params.push(f.centerId);
    where.push(
      `exists (select 1 from user_roles fc where fc.tenant_id = u.tenant_id and fc.user_id = u.id and fc.center_id = $${params.length})`,
    );
  }
  if (f.status) {
    params.push(f.status);
    where.push(`u.status = $${params.length}`);
  } else {
    where.push(`u.status <> 'deleted'`);
  }
  if (f.specialty) {
    params.push(f.specialty);
    where.push(
      `exists (select 1 from doctor_profiles dp where dp.tenant_id = u.tenant_id and dp.user_id = u.id and $${params.length} = any(dp.specialties))`,
    );
  }
  const dir = f.order === 'desc' ? 'desc' : 'asc';
  const orderBy =
    f.sort === 'email'
      ? `lower(coalesce(u.email, '')) ${dir}, u.id`
      : f.sort === 'createdAt'
        ? `u.created_at ${dir}, u.id`
        : f.sort === 'status'
          ? `u.status ${dir}, lower(u.first_name || ' ' || u.last_name) ${dir}, u.id`
          : `lower(u.first_name || ' ' || u.last_name) ${dir}, u.id`;
  const whereSql = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from users u where ${whereSql}`, params);
  params.push(f.limit, f.offset);
  const rows = await db.query<StaffRow>(
    `select ${STAFF_COLS} from users u where ${whereSql} order by ${orderBy} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total: count[0]?.n ?? 0 };
}

/** One staff account within the caller's reach, or null (missing, another tenant's, out of reach, not staff). */
export async function findStaff(db: Db, tenantId: string, id: string, reach: Reach): Promise<StaffRow | null> {
  const params: SqlValue[] = [tenantId, id];
  const rows = await db.query<StaffRow>(
    `select ${STAFF_COLS} from users u where u.tenant_id = $1 and u.id = $2 and ${IS_STAFF} and ${reachSql(reach, params)}`,
    params,
  );
  return rows[0] ?? null;
}

export async function findStaffByUsername(
  db: Db,
  tenantId: string,
  username: string,
  reach: Reach,
): Promise<StaffRow | null> {
  const params: SqlValue[] = [tenantId, username.toLowerCase(), username];
  const rows = await db.query<StaffRow>(
    `select ${STAFF_COLS} from users u where u.tenant_id = $1 and (u.email = $2 or u.phone = $3) and ${IS_STAFF} and ${reachSql(reach, params)}`,
    params,
  );
  return rows[0] ?? null;
}

export type StaffLevelRow = {
  id: string;
  user_id: string;
  role_id: string;
  role_code: string;
  role_name: string;
  scope_id: string | null;
  scope_name: string | null;
  center_id: string | null;
  center_name: string | null;
  is_main: boolean;
};
export async function levelsOf(db: Db, tenantId: string, userIds: string[]): Promise<StaffLevelRow[]> {
  if (!userIds.length) return [];
  return db.query<StaffLevelRow>(
    `select ur.id, ur.user_id, r.id as role_id, r.code as role_code, r.name as role_name, ur.scope_id, s.name as scope_name,
            ur.center_id, c.name as center_name, ur.is_main
       from user_roles ur join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
       left join scopes s on s.id = ur.scope_id and s.tenant_id = ur.tenant_id
       left join health_centers c on c.id = ur.center_id and c.tenant_id = ur.tenant_id
      where ur.tenant_id = $1 and ur.user_id = any($2::uuid[]) order by ur.created_at, ur.id`,
    [tenantId, userIds],
  );
}
export async function deleteLevel(db: Db, tenantId: string, levelId: string) {
  await db.query('delete from user_roles where tenant_id = $1 and id = $2', [tenantId, levelId]);
}
export async function setLevelMain(db: Db, tenantId: string, levelId: string, isMain: boolean) {
  await db.query('update user_roles set is_main = $3 where tenant_id = $1 and id = $2', [tenantId, levelId, isMain]);
}
export async function bumpPermissionsVersion(db: Db, tenantId: string, userId: string) {
  await db.query('update users set permissions_version = permissions_version + 1 where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
  ]);
}
/** Another account already main admin with this role at this center (or scope, when no center). */
export async function mainAdminTaken(
  db: Db,
  tenantId: string,
  roleId: string,
  centerId: string | null,
  scopeId: string | null,
  exceptUserId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from user_roles where tenant_id = $1 and role_id = $2 and is_main
       and ${centerId ? 'center_id = $3' : 'center_id is null and scope_id = $3'} and ($4::uuid is null or user_id <> $4) limit 1`,
    [tenantId, roleId, centerId ?? scopeId, exceptUserId],
  );
  return rows.length > 0;
}

// ---------- org (read-only) ----------
export type CenterRow = { id: string; name: string; scope_id: string | null };
export type ScopeRow = { id: string; name: string; level: number; parent_id: string | null };
export async function listCenters(db: Db, tenantId: string): Promise<CenterRow[]> {
  return db.query<CenterRow>('select id, name, scope_id from health_centers where tenant_id = $1 order by name, id', [
    tenantId,
  ]);
}
export async function listScopes(db: Db, tenantId: string): Promise<ScopeRow[]> {
  return db.query<ScopeRow>(
    'select id, name, level, parent_id from scopes where tenant_id = $1 order by level, name, id',
    [tenantId],
  );
}
export async function findCenter(db: Db, tenantId: string, id: string): Promise<CenterRow | null> {
  const rows = await db.query<CenterRow>(
    'select id, name, scope_id from health_centers where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return rows[0] ?? null;
}
/** The scope and all its descendants (ids). */
export async function scopeSubtree(db: Db, tenantId: string, scopeId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `with recursive t(id) as (
       select id from scopes where tenant_id = $1 and id = $2
       union select s.id from scopes s join t on s.parent_id = t.id where s.tenant_id = $1
     ) select id from t`,
    [tenantId, scopeId],
  );
  return rows.map((r) => r.id);
}
export async function centersInScopes(db: Db, tenantId: string, scopeIds: string[]): Promise<string[]> {
  if (!scopeIds.length) return [];
  const rows = await db.query<{ id: string }>(
    'select id from health_centers where tenant_id = $1 and scope_id = any($2::uuid[])',
    [tenantId, scopeIds],
  );
  return rows.map((r) => r.id);
}

// ---------- doctor profiles ----------
export type DoctorProfileRow = {
  user_id: string;
  specialties: string[];
  degree: number | null;
  examination_cost: string | number | null;
  office_address: string | null;
  office_email: string | null;
  office_phone: string | null;
  introduction: string | null;
  place_of_education: string | null;
  years_of_experience: number | null;
  doctor_type: string;
};
export async function profilesOf(db: Db, tenantId: string, userIds: string[]): Promise<DoctorProfileRow[]> {
  if (!userIds.length) return [];
  return db.query<DoctorProfileRow>(
    `select user_id, specialties, degree, examination_cost, office_address, office_email, office_phone, introduction,
            place_of_education, years_of_experience, doctor_type
       from doctor_profiles where tenant_id = $1 and user_id = any($2::uuid[])`,
    [tenantId, userIds],
  );
}
export type DoctorProfileData = {
  specialties: string[];
  degree: number | null;
  examinationCost: number | null;
  officeAddress: string | null;
  officeEmail: string | null;
  officePhone: string | null;
  introduction: string | null;
  placeOfEducation: string | null;
  yearsOfExperience: number | null;
  doctorType: string;
};
export async function upsertProfile(db: Db, tenantId: string, userId: string, p: DoctorProfileData, now: Date) {
  await db.query(
    `insert into doctor_profiles (tenant_id, user_id, specialties, degree, examination_cost, office_address, office_email, office_phone,
       introduction, place_of_education, years_of_experience, doctor_type, created_at, updated_at)
     values ($1,$2,$3::text[],$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13)
     on conflict (tenant_id, user_id) do update set specialties = excluded.specialties, degree = excluded.degree,
       examination_cost = excluded.examination_cost, office_address = excluded.office_address, office_email = excluded.office_email,
       office_phone = excluded.office_phone, introduction = excluded.introduction, place_of_education = excluded.place_of_education,
       years_of_experience = excluded.years_of_experience, doctor_type = excluded.doctor_type, updated_at = excluded.updated_at`,
    [
      tenantId,
      userId,
      p.specialties,
      p.degree,
      p.examinationCost,
      p.officeAddress,
      p.officeEmail,
      p.officePhone,
      p.introduction,
      p.placeOfEducation,
      p.yearsOfExperience,
      p.doctorType,
      now,
    ],
  );
}

// ---------- medical licenses ----------
export type LicenseRow = {
  id: string;
  name: string;
  number: string | null;
  expiry_date: string;
  image_path: string | null;
  created_at: Date;
  updated_at: Date;
};
const LICENSE_COLS = `id, name, number, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date, image_path, created_at, updated_at`;
export async function listLicenses(db: Db, tenantId: string, userId: string): Promise<LicenseRow[]> {
  return db.query<LicenseRow>(
    `select ${LICENSE_COLS} from medical_licenses where tenant_id = $1 and user_id = $2 order by expiry_date, seq`,
    [tenantId, userId],
  );
}
export async function findLicense(db: Db, tenantId: string, userId: string, id: string): Promise<LicenseRow | null> {
  const rows = await db.query<LicenseRow>(
    `select ${LICENSE_COLS} from medical_licenses where tenant_id = $1 and user_id = $2 and id = $3`,
    [tenantId, userId, id],
  );
  return rows[0] ?? null;
}
export async function insertLicense(
  db: Db,
  tenantId: string,
  l: {
    id: string;
    userId: string;
    name: string;
    number: string | null;
    expiryDate: string;
    imagePath: string | null;
    now: Date;
  },
) {
  await db.query(
    'insert into medical_licenses (id, tenant_id, user_id, name, number, expiry_date, image_path, created_at, updated_at) values ($1,$2,$3,$4,$5,$6::date,$7,$8,$8)',
    [l.id, tenantId, l.userId, l.name, l.number, l.expiryDate, l.imagePath, l.now],
  );
}
export async function updateLicense(
  db: Db,
  tenantId: string,
  l: {
    id: string;
    userId: string;
    name: string;
    number: string | null;
    expiryDate: string;
    imagePath: string | null;
    now: Date;
  },
) {
  await db.query(
    'update medical_licenses set name = $4, number = $5, expiry_date = $6::date, image_path = $7, updated_at = $8 where tenant_id = $1 and user_id = $2 and id = $3',
    [tenantId, l.userId, l.id, l.name, l.number, l.expiryDate, l.imagePath, l.now],
  );
}

// ---------- assistants following doctors ----------
export type PersonRow = { id: string; first_name: string; last_name: string; email: string | null };
export async function doctorsOf(db: Db, tenantId: string, assistantId: string): Promise<PersonRow[]> {
  return db.query<PersonRow>(
    `select u.id, u.first_name, u.last_name, u.email from assistant_doctors ad join users u on u.id = ad.doctor_id and u.tenant_id = ad.tenant_id
      where ad.tenant_id = $1 and ad.assistant_id = $2 order by ad.created_at, u.id`,
    [tenantId, assistantId],
  );
}
export async function assistantsOf(db: Db, tenantId: string, doctorId: string): Promise<PersonRow[]> {
  return db.query<PersonRow>(
    `select u.id, u.first_name, u.last_name, u.email from assistant_doctors ad join users u on u.id = ad.assistant_id and u.tenant_id = ad.tenant_id
      where ad.tenant_id = $1 and ad.doctor_id = $2 order by ad.created_at, u.id`,
    [tenantId, doctorId],
  );
}
export async function follow(
  db: Db,
  tenantId: string,
  assistantId: string,
  doctorId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    'insert into assistant_doctors (tenant_id, assistant_id, doctor_id, created_at) values ($1,$2,$3,$4) on conflict do nothing returning 1',
    [tenantId, assistantId, doctorId, now],
  );
  return rows.length > 0;
}
export async function unfollow(db: Db, tenantId: string, assistantId: string, doctorId: string): Promise<boolean> {
  const rows = await db.query(
    'delete from assistant_doctors where tenant_id = $1 and assistant_id = $2 and doctor_id = $3 returning 1',
    [tenantId, assistantId, doctorId],
  );
  return rows.length > 0;
}
/** Locks the assistant's follow rows (real PostgreSQL) so two concurrent unfollows cannot both pass the last-doctor check. */
export async function lockFollows(db: Db, tenantId: string, assistantId: string): Promise<number> {
  const rows = await db.query<{ doctor_id: string }>(
    'select doctor_id from assistant_doctors where tenant_id = $1 and assistant_id = $2 for update',
    [tenantId, assistantId],
  );
  return rows.length;
}
