import type { Db } from '../../platform/db.ts';

/** A device bound to the user (directly, or through the user's patient record); null when it is not theirs. */
export async function findOwnDevice(
  db: Db,
  tenantId: string,
  userId: string,
  id: string,
): Promise<{ id: string; model: string; name: string | null } | null> {
  const rows = await db.query<{ id: string; model: string; name: string | null }>(
    `select d.id, d.model, d.name from devices d left join patients p on p.tenant_id = d.tenant_id and p.id = d.patient_id
      where d.tenant_id = $1 and d.id = $2::uuid and (d.user_id = $3::uuid or p.user_id = $3::uuid)`,
    [tenantId, id, userId],
  );
  return rows[0] ?? null;
}

/** Unbinds a device from its user and patient and marks it disconnected. */
export async function unbind(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db.query(
    'update devices set user_id = null, patient_id = null, connection_status = 0, not_worn_since = null, updated_at = $3 where tenant_id = $1 and id = $2',
    [tenantId, id, now],
  );
}
