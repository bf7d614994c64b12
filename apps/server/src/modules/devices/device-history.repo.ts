import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';
import { deviceVisibility, escapeLike, userVisibility } from './devices.repo.ts';

export type UserRow = { id: string; email: string | null; phone: string | null };

/** A user of the tenant by e-mail or phone, when the caller may see them; null otherwise. */
export async function findVisibleUser(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  username: string,
): Promise<UserRow | null> {
  const params: SqlValue[] = [tenantId, username];
  const rows = await db.query<UserRow>(
    `select u.id, u.email, u.phone from users u where u.tenant_id = $1 and (lower(u.email) = lower($2) or u.phone = $2) and ${userVisibility(v, params)} limit 1`,
    params,
  );
  return rows[0] ?? null;
}

export async function findVisibleUserById(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  userId: string,
): Promise<UserRow | null> {
  const params: SqlValue[] = [tenantId, userId];
  const rows = await db.query<UserRow>(
    `select u.id, u.email, u.phone from users u where u.tenant_id = $1 and u.id = $2::uuid and ${userVisibility(v, params)}`,
    params,
  );
  return rows[0] ?? null;
}

export type HistoryFilter = {
  userId?: string;
  search?: string;
  start?: string;
  end?: string;
  sort: 'eventAt' | '-eventAt';
  centerId?: string;
  page: number;
  size: number;
};

export type ConnectionRow = {
  id: string;
  device_id: string;
  username: string | null;
  status: number;
  model: string | null;
  device_name: string | null;
  event_at: Date;
};

export async function searchConnections(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: HistoryFilter & { status?: number; model?: string },
): Promise<{ rows: ConnectionRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['h.tenant_id = $1', deviceVisibility(v, params)];
  if (f.userId) where.push(`(h.user_id = ${p(f.userId)}::uuid or d.user_id = $${params.length}::uuid)`);
  if (f.status !== undefined) where.push(`h.status = ${p(f.status)}`);
  if (f.model) where.push(`h.model = ${p(f.model)}`);
  if (f.start) where.push(`h.event_at >= ${p(f.start)}::timestamptz`);
  if (f.end) where.push(`h.event_at <= ${p(f.end)}::timestamptz`);
  if (f.centerId)
    where.push(
      `exists (select 1 from patients cp where cp.tenant_id = $1 and cp.id = d.patient_id and cp.center_id = ${p(f.centerId)}::uuid)`,
    );
  if (f.search) {
    const s = p(`%${escapeLike(f.search.toLowerCase())}%`);
    where.push(`lower(concat_ws(' ', h.device_name, h.model, h.username, d.mac, d.imei, d.serial)) like ${s}`);
  }
  const w = where.join(' and ');
  const from = 'device_connection_history h join devices d on d.tenant_id = h.tenant_id and d.id = h.device_id';
  const count = await db.query<{ n: number }>(`select count(*)::int as n from ${from} where ${w}`, params);
  const dir = f.sort === 'eventAt' ? 'asc' : 'desc';
  const rows = await db.query<ConnectionRow>(
    `select h.id, h.device_id, h.username, h.status, h.model, h.device_name, h.event_at from ${from} where ${w}
      order by h.event_at ${dir}, h.id ${dir} limit ${p(f.size)} offset ${p(f.page * f.size)}`,
    params,
  );
  return { rows, total: count[0]?.n ?? 0 };
}

export type PhoneEventRow = {
  id: string;
  username: string | null;
  phone_name: string | null;
  os: string | null;
  app_version: string | null;
  status: string;
  event_at: Date;
};

export async function searchPhones(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: HistoryFilter & { status?: string; phoneName?: string; appVersion?: string },
): Promise<{ rows: PhoneEventRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const vis = userVisibility(v, params);
  const where = [
    'ph.tenant_id = $1',
    vis === 'true' ? 'true' : `exists (select 1 from users u where u.tenant_id = $1 and u.id = ph.user_id and ${vis})`,
  ];
  if (f.userId) where.push(`ph.user_id = ${p(f.userId)}::uuid`);
  if (f.status) where.push(`ph.status = ${p(f.status)}`);
  if (f.phoneName) where.push(`ph.phone_name = ${p(f.phoneName)}`);
  if (f.appVersion) where.push(`ph.app_version = ${p(f.appVersion)}`);
  if (f.start) where.push(`ph.event_at >= ${p(f.start)}::timestamptz`);
  if (f.end) where.push(`ph.event_at <= ${p(f.end)}::timestamptz`);
  if (f.centerId)
    where.push(
      `exists (select 1 from patients cp where cp.tenant_id = $1 and cp.user_id = ph.user_id and cp.center_id = ${p(f.centerId)}::uuid)`,
    );
  if (f.search) {
    const s = p(`%${escapeLike(f.search.toLowerCase())}%`);
    where.push(`lower(concat_ws(' ', ph.phone_name, ph.os, ph.app_version, ph.username)) like ${s}`);
  }
  const w = where.join(' and ');
  const count = await db.query<{ n: number }>(`select count(*)::int as n from phone_history ph where ${w}`, params);
  const dir = f.sort === 'eventAt' ? 'asc' : 'desc';
  const rows = await db.query<PhoneEventRow>(
    `select ph.id, ph.username, ph.phone_name, ph.os, ph.app_version, ph.status, ph.event_at from phone_history ph where ${w}
      order by ph.event_at ${dir}, ph.id ${dir} limit ${p(f.size)} offset ${p(f.page * f.size)}`,
    params,
  );
  return { rows, total: count[0]?.n ?? 0 };
}

export type PhoneRow = {
  phone_name: string | null;
  os: string | null;
  app_version: string | null;
  status: string;
  event_at: Date;
};

/** The distinct phones (name, OS, app version) a user's app ran on, each with its latest status. */
export async function phonesOfUser(db: Db, tenantId: string, userId: string): Promise<PhoneRow[]> {
  const rows = await db.query<PhoneRow>(
    `select distinct on (phone_name, os, app_version) phone_name, os, app_version, status, event_at
       from phone_history where tenant_id = $1 and user_id = $2::uuid
      order by phone_name, os, app_version, event_at desc, id desc`,
    [tenantId, userId],
  );
  return rows.sort((a, b) => b.event_at.getTime() - a.event_at.getTime());
}

/** Distinct phone names or app versions among the phone history the caller may see. */
export async function phoneValues(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  column: 'phone_name' | 'app_version',
): Promise<string[]> {
  const params: SqlValue[] = [tenantId];
  const vis = userVisibility(v, params);
  const cond =
    vis === 'true' ? 'true' : `exists (select 1 from users u where u.tenant_id = $1 and u.id = ph.user_id and ${vis})`;
  const rows = await db.query<{ value: string }>(
    `select distinct ph.${column} as value from phone_history ph where ph.tenant_id = $1 and ph.${column} is not null and ${cond} order by 1 limit 500`,
    params,
  );
  return rows.map((r) => r.value);
}

export async function insertConnection(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    deviceId: string;
    userId: string | null;
    username: string | null;
    status: number;
    model: string;
    deviceName: string | null;
    at: Date;
  },
): Promise<void> {
  await db.query(
    'insert into device_connection_history (id, tenant_id, device_id, user_id, username, status, model, device_name, event_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [e.id, tenantId, e.deviceId, e.userId, e.username, e.status, e.model, e.deviceName, e.at],
  );
}

export async function insertPhoneEvent(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    userId: string;
    username: string | null;
    phoneName: string;
    os: string;
    appVersion: string;
    status: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    'insert into phone_history (id, tenant_id, user_id, username, phone_name, os, app_version, status, event_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [e.id, tenantId, e.userId, e.username, e.phoneName, e.os, e.appVersion, e.status, e.at],
  );
}

/** The app's state on the user's devices follows its latest phone report. */
export async function setAppStatus(db: Db, tenantId: string, userId: string, status: string, now: Date): Promise<void> {
  await db.query('update devices set app_status = $3, updated_at = $4 where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
    status,
    now,
  ]);
}

export type LogRow = {
  id: string;
  device_id: string | null;
  user_id: string | null;
  username: string | null;
  kind: string;
  note: string | null;
  requested_by: string | null;
  created_at: Date;
};

export async function logsOfUser(db: Db, tenantId: string, userId: string): Promise<LogRow[]> {
  return db.query<LogRow>(
    `select l.id, l.device_id, l.user_id, coalesce(u.email, u.phone) as username, l.kind, l.note, l.requested_by, l.created_at
       from device_logs l left join users u on u.tenant_id = l.tenant_id and u.id = l.user_id
      where l.tenant_id = $1 and l.user_id = $2::uuid order by l.created_at desc, l.id desc limit 200`,
    [tenantId, userId],
  );
}

export async function insertLog(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    userId: string;
    deviceId: string | null;
    kind: string;
    note: string | null;
    requestedBy: string | null;
    at: Date;
  },
): Promise<void> {
  await db.query(
    'insert into device_logs (id, tenant_id, user_id, device_id, kind, note, requested_by, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8)',
    [e.id, tenantId, e.userId, e.deviceId, e.kind, e.note, e.requestedBy, e.at],
  );
}

/** Whether the caller may see this health center (smadmin history calls). */
export async function centerVisible(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  centerId: string,
): Promise<boolean> {
  const params: SqlValue[] = [tenantId, centerId];
  let cond = 'true';
  if (v.kind === 'center' || v.kind === 'doctor' || v.kind === 'assistant') {
    params.push(v.centerId);
    cond = `c.id = $3::uuid`;
  } else if (v.kind === 'scope') {
    params.push(v.scopeId);
    cond = `c.scope_id in (with recursive sub as (select id from scopes where tenant_id = $1 and id = $3::uuid
      union all select x.id from scopes x join sub on x.parent_id = sub.id where x.tenant_id = $1) select id from sub)`;
  } else if (v.kind === 'self') {
    return false;
  }
  const rows = await db.query<{ id: string }>(
    `select c.id from health_centers c where c.tenant_id = $1 and c.id = $2::uuid and ${cond}`,
    params,
  );
  return rows.length > 0;
}
