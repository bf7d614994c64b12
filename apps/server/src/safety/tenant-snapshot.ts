import type { Db } from '../platform/db.ts';

/**
 * One hash per tenant-scoped table over the tenant's rows (computed in SQL: the measurement tables are large).
 * Works on PostgreSQL 15 and PGlite.
 */
export async function snapshotTenant(db: Db, tables: string[], tenantId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x where x.tenant_id = $1`,
      [tenantId],
    );
    out[table] = `${row!.n}:${row!.h}`;
  }
  return out;
}

/** Hash of the rows that hang on one patient (the patient row and every tenant table with a patient_id). */
export async function snapshotPatient(db: Db, tenantId: string, patientId: string): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'patient_id' order by table_name",
  );
  const out: Record<string, string> = {};
  const one = async (name: string, where: string) => {
    const [row] = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${name} x where x.tenant_id = $1 and ${where}`,
      [tenantId, patientId],
    );
    out[name] = `${row!.n}:${row!.h}`;
  };
  await one('patients', 'x.id = $2');
  for (const t of tables) await one(t.table_name, 'x.patient_id = $2');
  return out;
}

/** Every uuid held by the tenant's rows in an `id`, `user_id` or `patient_id` column: none may appear in the other tenant's answers. */
export async function tenantIds(db: Db, tables: string[], tenantId: string): Promise<Set<string>> {
  const cols = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type = 'uuid' and column_name in ('id', 'user_id', 'patient_id', 'device_id', 'alert_id')`,
  );
  const ids = new Set<string>();
  for (const c of cols) {
    if (!tables.includes(c.table_name)) continue;
    const rows = await db.query<{ v: string | null }>(
      `select distinct ${c.column_name}::text as v from ${c.table_name} where tenant_id = $1`,
      [tenantId],
    );
    for (const r of rows) if (r.v) ids.add(r.v);
  }
  return ids;
}

/** `table.column = id` of the tenant's rows that point at one of `foreign` (another tenant's ids): a cross-tenant reference. */
export async function crossReferences(
  db: Db,
  tables: string[],
  tenantId: string,
  foreign: Set<string>,
): Promise<string[]> {
  const cols = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type = 'uuid' and column_name <> 'tenant_id' order by table_name, column_name`,
  );
  const list = [...foreign];
  const out: string[] = [];
  for (const c of cols) {
    if (!tables.includes(c.table_name)) continue;
    const rows = await db.query<{ v: string }>(
      `select distinct ${c.column_name}::text as v from ${c.table_name} where tenant_id = $1 and ${c.column_name}::text = any($2::text[])`,
      [tenantId, list],
    );
    for (const r of rows) out.push(`${c.table_name}.${c.column_name} = ${r.v}`);
  }
  return out;
}
