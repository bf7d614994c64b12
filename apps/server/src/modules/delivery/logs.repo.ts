import type { Db, SqlValue } from '../../platform/db.ts';

export type LogFilter = { from?: string; to?: string; provider?: string; status?: number; start?: Date; end?: Date };
export type SmsRow = {
  id: string;
  sender: string | null;
  recipient: string;
  provider: string;
  created_at: Date;
  status: number;
  body: string;
  error: string | null;
  alert_id: string | null;
  total: number;
};
export type CallRow = {
  id: string;
  from_number: string;
  to_number: string;
  provider: string;
  status: number;
  duration_s: number;
  started_at: Date;
  ended_at: Date | null;
  alert_id: string | null;
  error: string | null;
  total: number;
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(cols: { from: string; to: string; time: string }, f: LogFilter, params: SqlValue[]): string {
  const w: string[] = [];
  const add = (sql: string, v: SqlValue) => {
    params.push(v);
    w.push(sql.replace('?', `$${params.length}`));
  };
  if (f.from) add(`coalesce(${cols.from}, '') ilike ?`, like(f.from));
  if (f.to) add(`${cols.to} ilike ?`, like(f.to));
  if (f.provider) add('provider = ?', f.provider);
  if (f.status !== undefined) add('status = ?', f.status);
  if (f.start) add(`${cols.time} >= ?`, f.start);
  if (f.end) add(`${cols.time} < ?`, f.end);
  return w.map((x) => ` and ${x}`).join('');
}

export async function listSms(db: Db, tenantId: string, f: LogFilter, page: number, size: number): Promise<SmsRow[]> {
  const params: SqlValue[] = [tenantId];
  const w = where({ from: 'sender', to: 'recipient', time: 'created_at' }, f, params);
  params.push(size, page * size);
  return db.query<SmsRow>(
    `select id, sender, recipient, provider, created_at, status, body, error, alert_id, count(*) over () as total
       from messages where tenant_id = $1 and channel = 'sms'${w}
      order by created_at desc, id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

export async function listCalls(
  db: Db,
  tenantId: string,
  f: LogFilter,
  page: number,
  size: number,
): Promise<CallRow[]> {
  const params: SqlValue[] = [tenantId];
  const w = where({ from: 'from_number', to: 'to_number', time: 'started_at' }, f, params);
  params.push(size, page * size);
  return db.query<CallRow>(
    `select id, from_number, to_number, provider, status, duration_s, started_at, ended_at, alert_id, error, count(*) over () as total
       from calls where tenant_id = $1${w}
      order by started_at desc, id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

/** Calls started in [start, end), oldest first, in keyset chunks (bounded memory for any export size). */
export async function* callsBetween(
  db: Db,
  tenantId: string,
  start: Date,
  end: Date,
  chunk = 1000,
): AsyncGenerator<CallRow[]> {
  let after: { t: Date; id: string } | null = null;
  for (;;) {
    const rows: CallRow[] = await db.query<CallRow>(
      `select id, from_number, to_number, provider, status, duration_s, started_at, ended_at, alert_id, error, 0 as total
         from calls where tenant_id = $1 and started_at >= $2 and started_at < $3
          and ($4::timestamptz is null or (started_at, id) > ($4::timestamptz, $5::uuid))
        order by started_at, id limit $6`,
      [tenantId, start, end, after?.t ?? null, after?.id ?? null, chunk],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    after = { t: last.started_at, id: last.id };
  }
}

export type CdrFileRow = {
  id: string;
  tenant_id: string;
  day: string;
  file_name: string;
  rows: number;
  size_bytes: number;
  created_at: Date;
};
export async function listCdrFiles(db: Db, tenantId: string): Promise<CdrFileRow[]> {
  return db.query<CdrFileRow>(
    "select id, tenant_id, to_char(day, 'YYYY-MM-DD') as day, file_name, rows, size_bytes, created_at from cdr_files where tenant_id = $1 order by day desc limit 400",
    [tenantId],
  );
}
export async function getCdrFile(db: Db, tenantId: string, id: string): Promise<CdrFileRow | null> {
  const rows = await db.query<CdrFileRow>(
    "select id, tenant_id, to_char(day, 'YYYY-MM-DD') as day, file_name, rows, size_bytes, created_at from cdr_files where tenant_id = $1 and id = $2",
    [tenantId, id],
  );
  return rows[0] ?? null;
}
export async function cdrFileExists(db: Db, tenantId: string, day: string): Promise<boolean> {
  return (
    (await db.query('select 1 from cdr_files where tenant_id = $1 and day = $2::date', [tenantId, day])).length > 0
  );
}
export async function insertCdrFile(
  db: Db,
  f: { id: string; tenantId: string; day: string; fileName: string; rows: number; sizeBytes: number; now: Date },
) {
  await db.query(
    'insert into cdr_files (id, tenant_id, day, file_name, rows, size_bytes, created_at) values ($1,$2,$3::date,$4,$5,$6,$7) on conflict (tenant_id, day) do nothing',
    [f.id, f.tenantId, f.day, f.fileName, f.rows, f.sizeBytes, f.now],
  );
}
export async function activeTenantIds(db: Db): Promise<string[]> {
  return (await db.query<{ id: string }>('select id from tenants where active order by code')).map((r) => r.id);
}

/** Records a provider's final report of a call (found by the provider's reference within the tenant); false when unknown. */
export async function completeCall(
  db: Db,
  tenantId: string,
  providerRef: string,
  r: { status: number; durationS: number; endedAt: Date; error: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `update calls set status = $3, duration_s = $4, ended_at = $5, error = coalesce($6, error)
     where tenant_id = $1 and provider_ref = $2 returning id`,
    [tenantId, providerRef, r.status, r.durationS, r.endedAt, r.error],
  );
  return rows.length > 0;
}
