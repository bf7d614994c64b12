import type { Db } from '../../platform/db.ts';

/** One stored reading, already validated and in canonical units. */
export type MeasurementRow = {
  patientId: string; metric: string; measuredAt: Date; source: string;
  value: number | null; value2: number | null; data: Record<string, unknown> | null; deviceId: string | null;
};
export type InsertedKey = { patient_id: string; metric: string; measured_at: Date; source: string };

/**
 * The one way measurements are written (ingest, MQTT, demo seeding, benchmarks): ONE statement that inserts the rows
 * from arrays with `on conflict do nothing` (a retried reading is never stored twice) and, for the rows actually
 * inserted, adds them to the hourly rollup (`measurement_hourly`) and moves `latest_measurements` forward. Returns
 * the keys actually inserted (the rest were duplicates). Rollup and latest rows are written in key order so
 * concurrent batches of one patient lock them in the same order.
 */
export async function insertMeasurements(db: Db, tenantId: string, rows: MeasurementRow[], receivedAt: Date): Promise<InsertedKey[]> {
  if (rows.length === 0) return [];
  return db.query<InsertedKey>(
    `with ins as (
       insert into measurements (tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at)
       select $1, u.patient_id, u.metric, u.measured_at, u.source, u.value, u.value2, u.data, u.device_id, $10
         from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::float8[], $7::float8[], $8::jsonb[], $9::uuid[])
           as u(patient_id, metric, measured_at, source, value, value2, data, device_id)
       on conflict do nothing
       returning patient_id, metric, measured_at, source, value, value2, data
     ),
     roll as (
       insert into measurement_hourly as h (tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
       select $1, patient_id, metric, date_bin('1 hour', measured_at, timestamptz '2000-01-01 00:00:00+00') as hour,
              count(*), count(value), sum(value), min(value), max(value), count(value2), sum(value2), min(value2), max(value2)
         from ins group by 2, 3, 4 order by 2, 3, 4
       on conflict (tenant_id, patient_id, metric, hour) do update set
         n = h.n + excluded.n, c = h.c + excluded.c, s = coalesce(h.s, 0) + coalesce(excluded.s, 0),
         mn = least(h.mn, excluded.mn), mx = greatest(h.mx, excluded.mx),
         c2 = h.c2 + excluded.c2, s2 = coalesce(h.s2, 0) + coalesce(excluded.s2, 0),
         mn2 = least(h.mn2, excluded.mn2), mx2 = greatest(h.mx2, excluded.mx2)
     ),
     newest as (
       insert into latest_measurements as l (tenant_id, patient_id, metric, measured_at, value, value2, data)
       select $1, patient_id, metric, measured_at, value, value2, data
         from (select distinct on (patient_id, metric) patient_id, metric, measured_at, value, value2, data
                 from ins order by patient_id, metric, measured_at desc, source) x
       on conflict (tenant_id, patient_id, metric) do update set
         measured_at = excluded.measured_at, value = excluded.value, value2 = excluded.value2, data = excluded.data
         where l.measured_at <= excluded.measured_at
     )
     select patient_id, metric, measured_at, source from ins`,
    [
      tenantId,
      rows.map((r) => r.patientId), rows.map((r) => r.metric), rows.map((r) => r.measuredAt.toISOString()), rows.map((r) => r.source),
      rows.map((r) => r.value) as unknown as number[], rows.map((r) => r.value2) as unknown as number[],
      rows.map((r) => (r.data === null ? null : JSON.stringify(r.data))) as unknown as string[], rows.map((r) => r.deviceId) as unknown as string[],
      receivedAt,
    ],
  );
}
