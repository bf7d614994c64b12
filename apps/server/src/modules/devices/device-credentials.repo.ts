import type { Db } from '../../platform/db.ts';

export type DeviceAuthRow = {
  id: string;
  tenant_id: string;
  tenant_code: string;
  model: string;
  patient_id: string | null;
  credential_hash: string | null;
  secret_enc: string | null;
};

export async function findForAuth(db: Db, deviceId: string): Promise<DeviceAuthRow | null> {
  const rows = await db.query<DeviceAuthRow>(
    `select d.id, d.tenant_id, t.code as tenant_code, d.model, d.patient_id, d.credential_hash, d.secret_enc
       from devices d join tenants t on t.id = d.tenant_id where d.id = $1::uuid`,
    [deviceId],
  );
  return rows[0] ?? null;
}

export async function setCredential(
  db: Db,
  tenantId: string,
  deviceId: string,
  c: { hash: string; secretEnc: string },
  now: Date,
) {
  await db.query(
    'update devices set credential_hash = $3, secret_enc = $4, updated_at = $5 where tenant_id = $1 and id = $2',
    [tenantId, deviceId, c.hash, c.secretEnc, now],
  );
}

/** Remembers a handled MQTT batch id; false when it was already there (a replay or a redelivery). */
export async function rememberBatch(
  db: Db,
  tenantId: string,
  deviceId: string,
  batchId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    'insert into mqtt_batches (tenant_id, device_id, batch_id, seen_at) values ($1, $2, $3, $4) on conflict do nothing returning 1',
    [tenantId, deviceId, batchId, now],
  );
  return rows.length > 0;
}

export async function batchSeen(db: Db, tenantId: string, deviceId: string, batchId: string): Promise<boolean> {
  return (
    (
      await db.query('select 1 from mqtt_batches where tenant_id = $1 and device_id = $2 and batch_id = $3', [
        tenantId,
        deviceId,
        batchId,
      ])
    ).length > 0
  );
}

/** Platform-wide housekeeping: batch ids older than the replay window are no longer needed. */
export async function forgetBatchesBefore(db: Db, before: Date) {
  await db.query('delete from mqtt_batches where seen_at < $1', [before]);
}
