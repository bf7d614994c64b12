import type { Db, SqlValue } from '../../platform/db.ts';

export type SportSessionRow = {
  id: string;
  patient_id: string;
  mode: string;
  started_at: Date;
  ended_at: Date;
  duration_sec: number;
  steps: number | null;
  distance_m: number | null;
  stride_cm: number | null;
  calories: number | null;
  avg_speed_kmh: number | null;
  pace_sec_per_km: number | null;
  elevation_gain_m: number | null;
  heart_rate_avg: number | null;
  heart_rate_max: number | null;
  source: string;
  device_id: string | null;
  created_at: Date;
};

const COLS = `id, patient_id, mode, started_at, ended_at, duration_sec, steps, distance_m, stride_cm, calories, avg_speed_kmh, pace_sec_per_km,
  elevation_gain_m, heart_rate_avg, heart_rate_max, source, device_id, created_at`;

export type NewSportSession = {
  id: string;
  patientId: string;
  mode: string;
  startedAt: Date;
  endedAt: Date;
  durationSec: number;
  steps: number | null;
  distanceM: number | null;
  strideCm: number | null;
  calories: number | null;
  avgSpeedKmh: number | null;
  paceSecPerKm: number | null;
  elevationGainM: number | null;
  heartRateAvg: number | null;
  heartRateMax: number | null;
  source: string;
  deviceId: string | null;
  createdBy: string;
  now: Date;
};

/** Inserts the session unless one of the same patient, start and mode exists; returns the new row, or null when it existed. */
export async function insertIfAbsent(db: Db, tenantId: string, s: NewSportSession): Promise<SportSessionRow | null> {
  const rows = await db.query<SportSessionRow>(
    `insert into sport_sessions (id, tenant_id, patient_id, mode, started_at, ended_at, duration_sec, steps, distance_m, stride_cm, calories,
       avg_speed_kmh, pace_sec_per_km, elevation_gain_m, heart_rate_avg, heart_rate_max, source, device_id, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     on conflict (tenant_id, patient_id, started_at, mode) do nothing
     returning ${COLS}`,
    [
      s.id,
      tenantId,
      s.patientId,
      s.mode,
      s.startedAt,
      s.endedAt,
      s.durationSec,
      s.steps,
      s.distanceM,
      s.strideCm,
      s.calories,
      s.avgSpeedKmh,
      s.paceSecPerKm,
      s.elevationGainM,
      s.heartRateAvg,
      s.heartRateMax,
      s.source,
      s.deviceId,
      s.createdBy,
      s.now,
    ],
  );
  return rows[0] ?? null;
}

export async function findByKey(
  db: Db,
  tenantId: string,
  patientId: string,
  startedAt: Date,
  mode: string,
): Promise<SportSessionRow | null> {
  const rows = await db.query<SportSessionRow>(
    `select ${COLS} from sport_sessions where tenant_id = $1 and patient_id = $2::uuid and started_at = $3 and mode = $4`,
    [tenantId, patientId, startedAt, mode],
  );
  return rows[0] ?? null;
}

/** A page of a patient's sessions, newest start first; `after` is the keyset of the previous page's last row. */
export async function listPage(
  db: Db,
  tenantId: string,
  patientId: string,
  f: {
    from: Date | null;
    to: Date | null;
    mode: string | null;
    after: { startedAt: Date; id: string } | null;
    limit: number;
  },
): Promise<SportSessionRow[]> {
  const params: SqlValue[] = [tenantId, patientId];
  const p = (v: SqlValue) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['tenant_id = $1', 'patient_id = $2::uuid'];
  if (f.from) where.push(`started_at >= ${p(f.from)}`);
  if (f.to) where.push(`started_at < ${p(f.to)}`);
  if (f.mode) where.push(`mode = ${p(f.mode)}`);
  if (f.after) {
    const at = p(f.after.startedAt);
    where.push(`(started_at < ${at} or (started_at = ${at} and id < ${p(f.after.id)}::uuid))`);
  }
  return db.query<SportSessionRow>(
    `select ${COLS} from sport_sessions where ${where.join(' and ')} order by started_at desc, id desc limit ${p(f.limit)}`,
    params,
  );
}

export type ModeTotalsRow = {
  mode: string;
  sessions: number;
  duration_sec: number;
  distance_m: number;
  steps: number;
  calories: number;
};

/** Totals per mode of the sessions started in [from, to). */
export async function totalsByMode(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
): Promise<ModeTotalsRow[]> {
  return db.query<ModeTotalsRow>(
    `select mode, count(*)::int as sessions, coalesce(sum(duration_sec), 0)::float8 as duration_sec, coalesce(sum(distance_m), 0)::float8 as distance_m,
       coalesce(sum(steps), 0)::float8 as steps, coalesce(sum(calories), 0)::float8 as calories
     from sport_sessions where tenant_id = $1 and patient_id = $2::uuid and started_at >= $3 and started_at < $4
     group by mode order by 3 desc, mode`,
    [tenantId, patientId, from, to],
  );
}

/** The user's profile time zone (users.timezone). */
export async function userTimeZone(db: Db, tenantId: string, userId: string): Promise<string | null> {
  const rows = await db.query<{ timezone: string | null }>(
    'select timezone from users where tenant_id = $1 and id = $2::uuid',
    [tenantId, userId],
  );
  return rows[0]?.timezone ?? null;
}
