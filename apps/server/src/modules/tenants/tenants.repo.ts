import type { Db } from '../../platform/db.ts';

export type TenantRow = { id: string; code: string; name: string; official_name: string | null; active: boolean };

export async function findByCode(db: Db, code: string): Promise<TenantRow | null> {
  const rows = await db.query<TenantRow>('select id, code, name, official_name, active from tenants where lower(code) = lower($1)', [code]);
  return rows[0] ?? null;
}
export async function findById(db: Db, id: string): Promise<TenantRow | null> {
  const rows = await db.query<TenantRow>('select id, code, name, official_name, active from tenants where id = $1', [id]);
  return rows[0] ?? null;
}
export async function listAll(db: Db): Promise<TenantRow[]> {
  return db.query<TenantRow>('select id, code, name, official_name, active from tenants order by code');
}
export async function insert(db: Db, t: { id: string; code: string; name: string; officialName?: string | null }) {
  await db.query('insert into tenants (id, code, name, official_name) values ($1,$2,$3,$4)', [t.id, t.code, t.name, t.officialName ?? null]);
}
export async function getSettings(db: Db, tenantId: string): Promise<Record<string, string>> {
  const rows = await db.query<{ key: string; value: string }>('select key, value from tenant_settings where tenant_id = $1', [tenantId]);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
export async function getSetting(db: Db, tenantId: string, key: string): Promise<string | null> {
  const rows = await db.query<{ value: string }>('select value from tenant_settings where tenant_id = $1 and key = $2', [tenantId, key]);
  return rows[0]?.value ?? null;
}
export async function upsertSetting(db: Db, tenantId: string, key: string, value: string) {
  await db.query('insert into tenant_settings (tenant_id, key, value) values ($1,$2,$3) on conflict (tenant_id, key) do update set value = excluded.value, updated_at = now()', [tenantId, key, value]);
}
