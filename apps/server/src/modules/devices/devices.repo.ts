import type { TDeviceListQuery } from '@carewatch/contracts/devices';
import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';

export type DeviceRow = {
  id: string;
  tenant_id: string;
  model: string;
  name: string | null;
  mac: string | null;
  imei: string | null;
  serial: string;
  account: string | null;
  user_id: string | null;
  patient_id: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
  os_version: string | null;
  firmware_version: string | null;
  connection_status: number;
  app_status: string | null;
  latest_sync: Date | null;
  first_connect: Date | null;
  last_connect: Date | null;
  activated_at: Date | null;
  has_credentials: boolean;
  import_date: Date;
};

const COLS = `d.id, d.tenant_id, d.model, d.name, d.mac, d.imei, d.serial, d.account, d.user_id, d.patient_id,
  p.first_name as patient_first_name, p.last_name as patient_last_name, d.os_version, d.firmware_version, d.connection_status,
  d.app_status, d.latest_sync, d.first_connect, d.last_connect, d.activated_at, (d.credential_hash is not null) as has_credentials, d.import_date`;
const FROM = 'devices d left join patients p on p.tenant_id = d.tenant_id and p.id = d.patient_id';

/**
 * Which devices the caller may see (alias `d`): tenant- and scope-level staff every device of the tenant; everyone else
 * the unassigned devices and those assigned to patients they may see. `params[0]` must be the tenant id.
 */
export function deviceVisibility(v: PatientVisibility, params: SqlValue[]): string {
  if (v.kind === 'tenant' || v.kind === 'scope') return 'true';
  const cond = visibilityCondition(v, 'vp', params);
  return `(d.patient_id is null or exists (select 1 from patients vp where vp.tenant_id = $1 and vp.id = d.patient_id and ${cond}))`;
}

/**
 * Which users the caller may see (alias `u`) in the history and log calls: tenant- and scope-level staff every user of the
 * tenant; everyone else the users linked to a patient they may see.
 */
export function userVisibility(v: PatientVisibility, params: SqlValue[], alias = 'u'): string {
  if (v.kind === 'tenant' || v.kind === 'scope') return 'true';
  const cond = visibilityCondition(v, 'vp', params);
  return `exists (select 1 from patients vp where vp.tenant_id = $1 and vp.user_id = ${alias}.id and ${cond})`;
}

export async function findVisible(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  id: string,
): Promise<DeviceRow | null> {
  const params: SqlValue[] = [tenantId, id];
  const rows = await db.query<DeviceRow>(
    `select ${COLS} from ${FROM} where d.tenant_id = $1 and d.id = $2::uuid and ${deviceVisibility(v, params)}`,
    params,
  );
  return rows[0] ?? null;
}

export async function findById(db: Db, tenantId: string, id: string): Promise<DeviceRow | null> {
  const rows = await db.query<DeviceRow>(`select ${COLS} from ${FROM} where d.tenant_id = $1 and d.id = $2::uuid`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function findByMac(db: Db, tenantId: string, mac: string): Promise<DeviceRow | null> {
  const rows = await db.query<DeviceRow>(`select ${COLS} from ${FROM} where d.tenant_id = $1 and d.mac = $2`, [
    tenantId,
    mac,
  ]);
  return rows[0] ?? null;
}

export type ListFilter = {
  category?: string[];
  model?: string;
  status?: number;
  search?: string;
  page: number;
  size: number;
  sort?: TDeviceListQuery['sort'];
};

/** Sort columns of the device list (issue 20); empty values last in both directions, ties by id. */
const SORT_EXPR: Record<string, string> = {
  createdAt: 'd.created_at',
  name: "lower(coalesce(d.name, ''))",
  model: 'd.model',
  serial: 'lower(d.serial)',
  status: 'd.connection_status',
  latestSync: 'd.latest_sync',
  lastConnect: 'd.last_connect',
  patientName: "lower(p.last_name || ' ' || p.first_name)",
};
/** ORDER BY of a sort: default (`-createdAt`) the newest first, as always. */
export function deviceOrder(sort: TDeviceListQuery['sort'] = '-createdAt'): string {
  const desc = sort.startsWith('-');
  const expr = SORT_EXPR[desc ? sort.slice(1) : sort] ?? SORT_EXPR.createdAt!;
  const dir = desc ? 'desc' : 'asc';
  return `${expr} ${dir} nulls last, d.id ${dir}`;
}

export async function list(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: ListFilter,
): Promise<{ rows: DeviceRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['d.tenant_id = $1', deviceVisibility(v, params)];
  if (f.category) where.push(`d.model = any(${p(f.category)}::text[])`);
  if (f.model) where.push(`d.model = ${p(f.model)}`);
  if (f.status !== undefined) where.push(`d.connection_status = ${p(f.status)}`);
  if (f.search) {
    const s = p(`%${escapeLike(f.search.toLowerCase())}%`);
    where.push(
      `(lower(coalesce(d.mac, '')) like ${s} or coalesce(d.imei, '') like ${s} or lower(d.serial) like ${s} or lower(coalesce(d.account, '')) like ${s} or lower(coalesce(d.name, '')) like ${s})`,
    );
  }
  const w = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from devices d where ${w}`, params);
  const rows = await db.query<DeviceRow>(
    `select ${COLS} from ${FROM} where ${w} order by ${deviceOrder(f.sort)} limit ${p(f.size)} offset ${p(f.page * f.size)}`,
    params,
  );
  return { rows, total: count[0]?.n ?? 0 };
}

export async function listByUser(db: Db, tenantId: string, v: PatientVisibility, userId: string): Promise<DeviceRow[]> {
  const params: SqlValue[] = [tenantId, userId];
  return db.query<DeviceRow>(
    `select ${COLS} from ${FROM} where d.tenant_id = $1 and (d.user_id = $2::uuid or p.user_id = $2::uuid) and ${deviceVisibility(v, params)}
      order by d.created_at desc, d.id desc limit 200`,
    params,
  );
}

export async function countDisconnected(db: Db, tenantId: string, v: PatientVisibility): Promise<number> {
  const params: SqlValue[] = [tenantId];
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from devices d where d.tenant_id = $1 and d.connection_status = 0 and ${deviceVisibility(v, params)}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

export async function deviceNames(db: Db, tenantId: string, v: PatientVisibility): Promise<string[]> {
  const params: SqlValue[] = [tenantId];
  const rows = await db.query<{ name: string }>(
    `select distinct coalesce(d.name, d.model) as name from devices d where d.tenant_id = $1 and ${deviceVisibility(v, params)} order by 1 limit 500`,
    params,
  );
  return rows.map((r) => r.name);
}

/** The first existing device using one of these identifiers (other than `exceptId`), with the field that clashes. */
export async function findClash(
  db: Db,
  tenantId: string,
  ids: { mac: string | null; imei: string | null; serial: string },
  exceptId: string | null,
): Promise<'mac' | 'imei' | 'serial' | null> {
  const rows = await db.query<{ mac: string | null; imei: string | null; serial: string }>(
    `select mac, imei, serial from devices where tenant_id = $1 and (mac = $2 or imei = $3 or serial = $4) and ($5::uuid is null or id <> $5::uuid) limit 3`,
    [tenantId, ids.mac, ids.imei, ids.serial, exceptId],
  );
  for (const r of rows) {
    if (ids.mac && r.mac === ids.mac) return 'mac';
    if (ids.imei && r.imei === ids.imei) return 'imei';
    if (r.serial === ids.serial) return 'serial';
  }
  return null;
}

/** Existing identifiers among many (import): which MACs, IMEIs and serials are taken. */
export async function existingIdentifiers(
  db: Db,
  tenantId: string,
  macs: string[],
  imeis: string[],
  serials: string[],
) {
  const rows = await db.query<{ mac: string | null; imei: string | null; serial: string }>(
    'select mac, imei, serial from devices where tenant_id = $1 and (mac = any($2::text[]) or imei = any($3::text[]) or serial = any($4::text[]))',
    [tenantId, macs, imeis, serials],
  );
  return {
    macs: new Set(rows.flatMap((r) => (r.mac ? [r.mac] : []))),
    imeis: new Set(rows.flatMap((r) => (r.imei ? [r.imei] : []))),
    serials: new Set(rows.map((r) => r.serial)),
  };
}

export type AccountMatch = { key: string; user_id: string | null; patient_id: string | null; patient_visible: boolean };

/**
 * Resolves typed accounts (e-mail, phone or patient id) to a user of the tenant and the patient record linked to it;
 * `patient_visible` says whether the caller may see that patient.
 */
export async function resolveAccounts(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  accounts: string[],
): Promise<Map<string, AccountMatch>> {
  const out = new Map<string, AccountMatch>();
  if (!accounts.length) return out;
  const params: SqlValue[] = [tenantId, accounts.map((a) => a.toLowerCase())];
  const cond = visibilityCondition(v, 'p', params);
  const rows = await db.query<AccountMatch>(
    `with keys as (select unnest($2::text[]) as key)
     select k.key, coalesce(u.id, p.user_id) as user_id, p.id as patient_id, coalesce(${cond}, false) as patient_visible
       from keys k
       left join users u on u.tenant_id = $1 and (lower(u.email) = k.key or u.phone = k.key)
       left join patients p on p.tenant_id = $1 and (p.user_id = u.id or (u.id is null and lower(p.patient_code) = k.key))`,
    params,
  );
  for (const r of rows) {
    const prev = out.get(r.key);
    if (!prev || (!prev.user_id && r.user_id) || (!prev.patient_id && r.patient_id)) out.set(r.key, r);
  }
  return out;
}

export type NewDevice = {
  id: string;
  model: string;
  name: string | null;
  mac: string | null;
  imei: string | null;
  serial: string;
  account: string | null;
  userId: string | null;
  patientId: string | null;
};

/** Inserts devices, skipping any whose identifiers are taken meanwhile; returns the ids inserted. */
export async function insertMany(db: Db, tenantId: string, devices: NewDevice[], now: Date): Promise<Set<string>> {
  if (!devices.length) return new Set();
  // Arrays carry '' for null (the same on pg and PGlite); nullif turns them back.
  const col = (f: (d: NewDevice) => string | null) => devices.map((d) => f(d) ?? '');
  const rows = await db.query<{ id: string }>(
    `insert into devices (id, tenant_id, model, name, mac, imei, serial, account, user_id, patient_id, import_date, created_at, updated_at)
     select x.id::uuid, $1, x.model, nullif(x.name, ''), nullif(x.mac, ''), nullif(x.imei, ''), x.serial, nullif(x.account, ''),
            nullif(x.user_id, '')::uuid, nullif(x.patient_id, '')::uuid, $11, $11, $11
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
         as x(id, model, name, mac, imei, serial, account, user_id, patient_id)
     on conflict do nothing returning id`,
    [
      tenantId,
      col((d) => d.id),
      col((d) => d.model),
      col((d) => d.name),
      col((d) => d.mac),
      col((d) => d.imei),
      col((d) => d.serial),
      col((d) => d.account),
      col((d) => d.userId),
      col((d) => d.patientId),
      now,
    ],
  );
  return new Set(rows.map((r) => r.id));
}

export async function update(db: Db, tenantId: string, id: string, d: Omit<NewDevice, 'id'>, now: Date): Promise<void> {
  await db.query(
    `update devices set model = $3, name = $4, mac = $5, imei = $6, serial = $7, account = $8, user_id = $9, patient_id = $10, updated_at = $11
      where tenant_id = $1 and id = $2`,
    [tenantId, id, d.model, d.name, d.mac, d.imei, d.serial, d.account, d.userId, d.patientId, now],
  );
}

export async function assign(
  db: Db,
  tenantId: string,
  id: string,
  patientId: string | null,
  userId: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    'update devices set patient_id = $3, user_id = coalesce($4::uuid, user_id), updated_at = $5 where tenant_id = $1 and id = $2',
    [tenantId, id, patientId, userId, now],
  );
}

export type StatusUpdate = { status: number; firmware: string | null; now: Date };

/** Applies a connection change reported by the app: status, first/last connect, activation, firmware. */
export async function applyStatus(db: Db, tenantId: string, id: string, s: StatusUpdate): Promise<void> {
  await db.query(
    `update devices set connection_status = $3,
        firmware_version = coalesce($4, firmware_version),
        last_connect = case when $3 = 1 then $5 else last_connect end,
        first_connect = case when $3 = 1 then coalesce(first_connect, $5) else first_connect end,
        activated_at = case when $3 = 1 then coalesce(activated_at, $5) else activated_at end,
        latest_sync = case when $3 = 1 then $5 else latest_sync end,
        updated_at = $5
      where tenant_id = $1 and id = $2`,
    [tenantId, id, s.status, s.firmware, s.now],
  );
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
