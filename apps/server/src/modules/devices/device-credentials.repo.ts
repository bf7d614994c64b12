import type { Db } from '../../platform/db.ts';

export type DeviceAuthRow = { id: string; tenant_id: string; tenant_code: string; model: string; patient_id: string | null; credential_hash: string | null };

export async function findForAuth(db: Db, deviceId: string): Promise<DeviceAuthRow | null> {
  const rows = await db.query<DeviceAuthRow>(
    `select d.id, d.tenant_id, t.code as tenant_code, d.model, d.patient_id, d.credential_hash
       from devices d join tenants t on t.id = d.tenant_id where d.id = $1::uuid`,
    [deviceId],
  );
  return rows[0] ?? null;
}

export async function setCredentialHash(db: Db, tenantId: string, deviceId: string, hash: string, now: Date) {
  await db.query('update devices set credential_hash = $3, updated_at = $4 where tenant_id = $1 and id = $2', [tenantId, deviceId, hash, now]);
}
