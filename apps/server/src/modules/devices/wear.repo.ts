import type { Db } from '../../platform/db.ts';

/**
 * Records a wear report (issue 20) on a device of the tenant. Not worn: keeps an earlier start (a repeated report
 * changes nothing). Worn: clears, unless the stored "not worn" is newer than `at` (a late "worn" must not undo it).
 * Answers the stored value; null when the device is not the tenant's.
 */
export async function setWear(
  db: Db,
  tenantId: string,
  deviceId: string,
  worn: boolean,
  at: Date,
): Promise<{ not_worn_since: Date | null } | null> {
  const rows = await db.query<{ not_worn_since: Date | null }>(
    `update devices set not_worn_since = case
         when $3 then (case when not_worn_since is not null and not_worn_since > $4 then not_worn_since else null end)
         else coalesce(not_worn_since, $4) end
      where tenant_id = $1 and id = $2::uuid
      returning not_worn_since`,
    [tenantId, deviceId, worn, at],
  );
  return rows[0] ?? null;
}

/** A stored reading from a device is proof it is worn: clears each device's "not worn" that started at or before it. */
export async function clearNotWornByReadings(
  db: Db,
  tenantId: string,
  latest: ReadonlyArray<{ deviceId: string; at: Date }>,
): Promise<void> {
  if (latest.length === 0) return;
  await db.query(
    `update devices d set not_worn_since = null
       from unnest($2::uuid[], $3::timestamptz[]) as x(id, at)
      where d.tenant_id = $1 and d.id = x.id and d.not_worn_since is not null and d.not_worn_since <= x.at`,
    [tenantId, latest.map((l) => l.deviceId), latest.map((l) => l.at.toISOString())],
  );
}
