import type { Db } from '../../platform/db.ts';

export type SportProfileRow = {
  team_name: string | null;
  club_name: string | null;
  rank: string | null;
  skill: string | null;
  updated_at: Date | null;
};

export async function findSportProfile(db: Db, tenantId: string, userId: string): Promise<SportProfileRow | null> {
  const rows = await db.query<SportProfileRow>(
    'select team_name, club_name, rank, skill, updated_at from sport_profiles where tenant_id = $1 and user_id = $2::uuid',
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function upsertSportProfile(
  db: Db,
  tenantId: string,
  userId: string,
  p: { teamName: string | null; clubName: string | null; rank: string | null; skill: string | null; now: Date },
): Promise<SportProfileRow> {
  const rows = await db.query<SportProfileRow>(
    `insert into sport_profiles (tenant_id, user_id, team_name, club_name, rank, skill, updated_at)
     values ($1, $2::uuid, $3, $4, $5, $6, $7)
     on conflict (tenant_id, user_id) do update set team_name = excluded.team_name, club_name = excluded.club_name,
       rank = excluded.rank, skill = excluded.skill, updated_at = excluded.updated_at
     returning team_name, club_name, rank, skill, updated_at`,
    [tenantId, userId, p.teamName, p.clubName, p.rank, p.skill, p.now],
  );
  return rows[0]!;
}

/** A patient as both dashboards list them: name, sport profile, most severe open alert, open alerts, newest reading. */
export type DashboardRow = {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  alert_id: string | null;
  alert_level: string | null;
  alert_since: Date | null;
  open_alerts: number;
  last_measured_at: Date | null;
  team_name: string | null;
  club_name: string | null;
  rank: string | null;
  skill: string | null;
};

/**
 * The dashboard rows of these patients (who may see them was decided by the caller, through the patients service):
 * the most severe open alert (newest first among equals), how many are open, the newest reading, the sport profile of
 * the patient's own account. In no particular order.
 */
export async function rowsOf(db: Db, tenantId: string, patientIds: string[]): Promise<DashboardRow[]> {
  if (patientIds.length === 0) return [];
  return db.query<DashboardRow>(
    `select p.id, p.user_id, p.first_name, p.last_name, p.patient_code,
            a.id as alert_id, a.level as alert_level, a.opened_at as alert_since,
            (select count(*)::int from alerts x where x.tenant_id = $1 and x.patient_id = p.id and x.status <> 'closed') as open_alerts,
            (select max(m.measured_at) from latest_measurements m where m.tenant_id = $1 and m.patient_id = p.id) as last_measured_at,
            sp.team_name, sp.club_name, sp.rank, sp.skill
       from patients p
       left join lateral (
         select x.id, x.level, x.opened_at from alerts x where x.tenant_id = $1 and x.patient_id = p.id and x.status <> 'closed'
          order by case x.level when 'sos' then 3 when 'high_risk' then 2 when 'at_risk' then 1 else 0 end desc, x.opened_at desc
          limit 1
       ) a on true
       left join sport_profiles sp on sp.tenant_id = $1 and sp.user_id = p.user_id
      where p.tenant_id = $1 and p.id = any($2::uuid[])`,
    [tenantId, patientIds],
  );
}

export type SessionLoadRow = {
  patient_id: string;
  started_at: Date;
  duration_sec: number;
  distance_m: number | null;
  steps: number | null;
  calories: number | null;
};

/** The sessions of these patients started in [from, to). */
export async function sessionsBetween(
  db: Db,
  tenantId: string,
  patientIds: string[],
  from: Date,
  to: Date,
): Promise<SessionLoadRow[]> {
  if (patientIds.length === 0) return [];
  return db.query<SessionLoadRow>(
    `select patient_id, started_at, duration_sec, distance_m, steps, calories from sport_sessions
      where tenant_id = $1 and patient_id = any($2::uuid[]) and started_at >= $3 and started_at < $4`,
    [tenantId, patientIds, from, to],
  );
}
