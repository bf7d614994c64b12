import type { Db } from '../../platform/db.ts';

/** A device that sent readings: synced now, connected (status 1), first connection and activation stamped once. */
export async function markDeviceSynced(db: Db, tenantId: string, deviceId: string, now: Date): Promise<void> {
  await db.query(
    `update devices set latest_sync = $3, last_connect = $3, first_connect = coalesce(first_connect, $3),
       activated_at = coalesce(activated_at, $3), connection_status = 1, updated_at = $3
     where tenant_id = $1 and id = $2`,
    [tenantId, deviceId, now],
  );
}

/** Of `deviceIds`, those of this tenant assigned to this patient, with their model. */
export async function devicesOfPatient(
  db: Db,
  tenantId: string,
  patientId: string,
  deviceIds: string[],
): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; model: string }>(
    'select id, model from devices where tenant_id = $1 and patient_id = $2 and id = any($3::uuid[])',
    [tenantId, patientId, deviceIds],
  );
  return new Map(rows.map((r) => [r.id, r.model]));
}
