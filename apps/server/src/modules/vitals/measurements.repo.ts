import type { Db } from '../../platform/db.ts';

/** One stored reading, already validated and in canonical units. */
export type MeasurementRow = {
  patientId: string; metric: string; measuredAt: Date; source: string;
  value: number | null; value2: number | null; data: Record<string, unknown> | null; deviceId: string | null;
};
export type InsertedKey = { patient_id: string; metric: string; measured_at: Date; source: string };

/**
 * The one way measurements are written (ingest, MQTT, demo seeding, benchmarks): a single multi-row insert from
 * arrays, `on conflict do nothing` so a retried reading is never stored twice. Returns the keys actually inserted
 * (the rest were duplicates). Also moves `latest_measurements` forward.
 */
export async function insertMeasurements(db: Db, tenantId: string, rows: MeasurementRow[], receivedAt: Date): Promise<InsertedKey[]> {
  if (rows.length === 0) return [];
  const inserted = await db.query<InsertedKey>(
    `insert into measurements (tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at)
     select $1, u.patient_id, u.metric, u.measured_at, u.source, u.value, u.value2, u.data, u.device_id, $10
       from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::float8[], $7::float8[], $8::jsonb[], $9::uuid[])
         as u(patient_id, metric, measured_at, source, value, value2, data, device_id)
     on conflict do nothing
     returning patient_id, metric, measured_at, source`,
    [
      tenantId,
      rows.map((r) => r.patientId), rows.map((r) => r.metric), rows.map((r) => r.measuredAt.toISOString()), rows.map((r) => r.source),
      rows.map((r) => r.value) as unknown as number[], rows.map((r) => r.value2) as unknown as number[],
      rows.map((r) => (r.data === null ? null : JSON.stringify(r.data))) as unknown as string[], rows.map((r) => r.deviceId) as unknown as string[],
      receivedAt,
    ],
  );
  if (inserted.length > 0) await refreshLatest(db, tenantId, rows);
  return inserted;
}

/** Keeps the newest reading per (patient, metric) in `latest_measurements`. */
async function refreshLatest(db: Db, tenantId: string, rows: MeasurementRow[]) {
  const newest = new Map<string, MeasurementRow>();
  for (const r of rows) {
    const k = `${r.patientId}|${r.metric}`;
    const cur = newest.get(k);
    if (!cur || cur.measuredAt < r.measuredAt) newest.set(k, r);
  }
  const list = [...newest.values()];
  await db.query(
    `insert into latest_measurements (tenant_id, patient_id, metric, measured_at, value, value2, data)
     select $1, u.patient_id, u.metric, u.measured_at, u.value, u.value2, u.data
       from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::float8[], $6::float8[], $7::jsonb[]) as u(patient_id, metric, measured_at, value, value2, data)
     on conflict (tenant_id, patient_id, metric) do update set measured_at = excluded.measured_at, value = excluded.value, value2 = excluded.value2, data = excluded.data
       where latest_measurements.measured_at <= excluded.measured_at`,
    [
      tenantId, list.map((r) => r.patientId), list.map((r) => r.metric), list.map((r) => r.measuredAt.toISOString()),
      list.map((r) => r.value) as unknown as number[], list.map((r) => r.value2) as unknown as number[],
      list.map((r) => (r.data === null ? null : JSON.stringify(r.data))) as unknown as string[],
    ],
  );
}
