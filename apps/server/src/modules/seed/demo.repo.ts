import type { Db } from '../../platform/db.ts';

export async function tenantCount(db: Db): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from tenants');
  return rows[0]?.n ?? 0;
}
export async function insertScope(db: Db, tenantId: string, s: { id: string; name: string; level: number; type: string; parentId: string | null }) {
  await db.query('insert into scopes (id, tenant_id, name, level, type, parent_id) values ($1,$2,$3,$4,$5,$6)', [s.id, tenantId, s.name, s.level, s.type, s.parentId]);
}
export async function insertCenter(db: Db, tenantId: string, c: { id: string; name: string; scopeId: string }) {
  await db.query('insert into health_centers (id, tenant_id, name, scope_id) values ($1,$2,$3,$4)', [c.id, tenantId, c.name, c.scopeId]);
}
export async function linkAssistantToDoctor(db: Db, tenantId: string, assistantId: string, doctorId: string) {
  await db.query('insert into assistant_doctors (tenant_id, assistant_id, doctor_id) values ($1,$2,$3) on conflict do nothing', [tenantId, assistantId, doctorId]);
}
