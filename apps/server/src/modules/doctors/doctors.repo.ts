import type { Db, SqlValue } from '../../platform/db.ts';
import type { Reach } from '../staff/staff-reach.ts';

/** A doctor with their profile and branch (the center of their main doctor level) and its coordinates. */
export type DirectoryRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  avatar_path: string | null;
  center_id: string | null;
  center_name: string | null;
  center_address: string | null;
  lat: number | null;
  lng: number | null;
  specialties: string[] | null;
  degree: number | null;
  examination_cost: string | null;
  office_address: string | null;
  office_email: string | null;
  office_phone: string | null;
  introduction: string | null;
  place_of_education: string | null;
  years_of_experience: number | null;
  doctor_type: string | null;
};

const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Active accounts holding a doctor level (within `reach`), their branch and profile. */
function directorySql(reach: Reach, params: SqlValue[]): string {
  let reachCond = '';
  if (!reach.all) {
    params.push(reach.centerIds, reach.scopeIds);
    reachCond = `and (dr.center_id = any($${params.length - 1}::uuid[]) or (dr.center_id is null and dr.scope_id = any($${params.length}::uuid[])))`;
  }
  return `select u.id, u.first_name, u.last_name, u.email, u.phone, u.avatar_path, b.center_id, c.name as center_name, c.address as center_address,
      c.lat, c.lng, dp.specialties, dp.degree, dp.examination_cost::text as examination_cost, dp.office_address, dp.office_email, dp.office_phone,
      dp.introduction, dp.place_of_education, dp.years_of_experience, dp.doctor_type
    from users u
    left join lateral (select dr.center_id from user_roles dr join roles r on r.id = dr.role_id and r.tenant_id = dr.tenant_id
        where dr.tenant_id = u.tenant_id and dr.user_id = u.id and r.code = 'doctor' order by dr.is_main desc, dr.created_at limit 1) b on true
    left join health_centers c on c.tenant_id = u.tenant_id and c.id = b.center_id
    left join doctor_profiles dp on dp.tenant_id = u.tenant_id and dp.user_id = u.id
    where u.tenant_id = $1 and u.status = 'active'
      and exists (select 1 from user_roles dr join roles r on r.id = dr.role_id and r.tenant_id = dr.tenant_id
        where dr.tenant_id = u.tenant_id and dr.user_id = u.id and r.code = 'doctor' ${reachCond})`;
}

export type DirectoryFilter = {
  ids?: string[];
  centerId?: string;
  specialty?: string;
  name?: string;
  limit: number;
  offset: number;
};

export async function listDirectory(
  db: Db,
  tenantId: string,
  reach: Reach,
  f: DirectoryFilter,
): Promise<{ rows: DirectoryRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const base = directorySql(reach, params);
  const conds: string[] = [];
  if (f.ids) {
    params.push(f.ids);
    conds.push(`d.id = any($${params.length}::uuid[])`);
  }
  if (f.centerId) {
    params.push(f.centerId);
    conds.push(`d.center_id = $${params.length}::uuid`);
  }
  if (f.specialty) {
    params.push(f.specialty.toLowerCase());
    conds.push(
      `exists (select 1 from unnest(coalesce(d.specialties, '{}'::text[])) s where lower(s) = $${params.length})`,
    );
  }
  if (f.name) {
    params.push(like(f.name));
    conds.push(
      `(lower(d.first_name || ' ' || d.last_name) like $${params.length} or lower(d.last_name || ' ' || d.first_name) like $${params.length})`,
    );
  }
  const where = conds.length ? `where ${conds.join(' and ')}` : '';
  const total = await db.query<{ n: number }>(`select count(*)::int as n from (${base}) d ${where}`, params);
  params.push(f.limit, f.offset);
  const rows = await db.query<DirectoryRow>(
    `select * from (${base}) d ${where} order by lower(d.last_name), lower(d.first_name), d.id limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * The patient app's search, tenant-wide: `q` matches the id, e-mail, name (either order), a specialty code or one of
 * `specialtyCodes` (codes whose label matched), the office address or the branch's name or address.
 */
export async function searchDirectory(
  db: Db,
  tenantId: string,
  f: { q?: string; specialtyCodes: string[]; specialty?: string; limit: number },
): Promise<DirectoryRow[]> {
  const params: SqlValue[] = [tenantId];
  const base = directorySql({ all: true }, params);
  const conds: string[] = [];
  if (f.q) {
    params.push(like(f.q), f.q.toLowerCase(), f.specialtyCodes);
    const [p, exact, codes] = [`$${params.length - 2}`, `$${params.length - 1}`, `$${params.length}`];
    conds.push(`(d.id::text = ${exact} or lower(coalesce(d.email, '')) like ${p}
      or lower(d.first_name || ' ' || d.last_name) like ${p} or lower(d.last_name || ' ' || d.first_name) like ${p}
      or exists (select 1 from unnest(coalesce(d.specialties, '{}'::text[])) s where lower(s) like ${p} or s = any(${codes}::text[]))
      or lower(coalesce(d.office_address, '')) like ${p} or lower(coalesce(d.center_address, '')) like ${p} or lower(coalesce(d.center_name, '')) like ${p})`);
  }
  if (f.specialty) {
    params.push(f.specialty);
    conds.push(`$${params.length} = any(coalesce(d.specialties, '{}'::text[]))`);
  }
  params.push(f.limit);
  return db.query<DirectoryRow>(
    `select * from (${base}) d ${conds.length ? `where ${conds.join(' and ')}` : ''} order by lower(d.last_name), lower(d.first_name), d.id limit $${params.length}`,
    params,
  );
}
