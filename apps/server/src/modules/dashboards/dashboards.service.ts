import { personName } from '@carewatch/contracts/names';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type {
  TCoachDashboard,
  TDashboardOpenAlert,
  TDoctorDashboard,
  TDoctorDashboardQuery,
  TSportProfile,
  TSportProfileInput,
} from '@carewatch/contracts/dashboards';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ZPatientListQuery } from '@carewatch/contracts/patients';
import { listPatients } from '../patients/patients.service.ts';
import { byAttention, loadPeriod, teamLoad, weekLoads, EMPTY_LOAD } from './dashboards-rules.ts';
import * as repo from './dashboards.repo.ts';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

function toProfile(r: repo.SportProfileRow | null): TSportProfile {
  return {
    teamName: r?.team_name ?? null,
    clubName: r?.club_name ?? null,
    rank: r?.rank ?? null,
    skill: r?.skill ?? null,
    updatedAt: iso(r?.updated_at ?? null),
  };
}

function healthOf(r: repo.DashboardRow, lang: string) {
  const openAlert: TDashboardOpenAlert | null =
    r.alert_id && r.alert_level && r.alert_since
      ? { id: r.alert_id, level: r.alert_level as TAlertLevel, since: iso(r.alert_since)! }
      : null;
  return {
    patientId: r.id,
    userId: r.user_id,
    name: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
    level: openAlert?.level ?? ('normal' as const),
    openAlert,
    openAlerts: r.open_alerts,
    lastMeasuredAt: iso(r.last_measured_at),
  };
}

/** The signed-in account's own sport profile (§3 "Coach or player"); empty fields until saved. */
export async function mySportProfile(ctx: AuthedCtx): Promise<TSportProfile> {
  return toProfile(await repo.findSportProfile(ctx.db, ctx.auth.tenantId, ctx.auth.userId));
}

/** A player (or a coach) sets their team, club, rank and skill; the accepted coach sees them on the team dashboard. */
export async function updateMySportProfile(ctx: AuthedCtx, input: TSportProfileInput): Promise<TSportProfile> {
  const row = await repo.upsertSportProfile(ctx.db, ctx.auth.tenantId, ctx.auth.userId, {
    ...input,
    now: ctx.clock.now(),
  });
  await audit(ctx, { action: 'sport_profile.update', resource: 'user', resourceId: ctx.auth.userId });
  return toProfile(row);
}

/**
 * The ids of the patients the caller may see, as the portal lists them (the patients service: the same visibility and
 * rules), in `sort` order: a page, or every page when `all`.
 */
async function visibleIds(
  ctx: AuthedCtx,
  q: { page: number; size: number; sort: 'name' | 'status' },
  all = false,
): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  for (let page = q.page; ; page++) {
    const res = await listPatients(ctx, ZPatientListQuery.parse({ page, size: q.size, sort: q.sort }));
    ids.push(...res.items.map((p) => p.id));
    if (!all || res.items.length < q.size || ids.length >= res.total) return { ids, total: res.total };
  }
}

/** The rows of `ids`, in the order of `ids`. */
async function rowsInOrder(ctx: AuthedCtx, ids: string[]): Promise<repo.DashboardRow[]> {
  const byId = new Map((await repo.rowsOf(ctx.db, ctx.auth.tenantId, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The coach's team dashboard: only the players who accepted them (the coach's patient visibility: anyone else's
 * players, another tenant's, or a pending request never appear), most urgent first, each with team info, the load of
 * the last 7 days and their health state. A coach's only.
 */
export async function coachDashboard(ctx: AuthedCtx): Promise<TCoachDashboard> {
  if (ctx.auth.roleCode !== 'coach') throw new AppError('PERMISSION_DENIED');
  const T = ctx.auth.tenantId;
  const period = loadPeriod(ctx.clock.now());
  const { ids } = await visibleIds(ctx, { page: 0, size: 200, sort: 'name' }, true);
  const [rows, own, sessions] = await Promise.all([
    rowsInOrder(ctx, ids),
    repo.findSportProfile(ctx.db, T, ctx.auth.userId),
    repo.sessionsBetween(ctx.db, T, ids, period.from, period.to),
  ]);
  const loads = weekLoads(
    ids,
    sessions.map((s) => ({
      patientId: s.patient_id,
      startedAt: new Date(s.started_at),
      durationSec: s.duration_sec,
      distanceM: s.distance_m,
      steps: s.steps,
      calories: s.calories,
    })),
    period,
  );
  const players = rows
    .map((r) => ({
      ...healthOf(r, ctx.auth.language),
      sport: { teamName: r.team_name, clubName: r.club_name, rank: r.rank, skill: r.skill },
      week: loads.get(r.id) ?? EMPTY_LOAD,
    }))
    .sort(byAttention);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    coach: toProfile(own),
    players,
    total: teamLoad(players.map((p) => p.week)),
  };
}

/**
 * The doctor's patient list in the app: the patients the portal lists for them (the patients service, same visibility
 * and paging), most severe status first. Only a doctor account may open it (spec §6 "Please login with Doctor account").
 */
export async function doctorDashboard(ctx: AuthedCtx, q: TDoctorDashboardQuery): Promise<TDoctorDashboard> {
  if (ctx.auth.roleCode !== 'doctor') throw new AppError('DOCTOR_ACCOUNT_REQUIRED');
  const { ids, total } = await visibleIds(ctx, { page: q.page, size: q.size, sort: 'status' });
  const rows = await rowsInOrder(ctx, ids);
  return {
    items: rows.map((r) => ({ ...healthOf(r, ctx.auth.language), patientCode: r.patient_code })),
    total,
    page: q.page,
    size: q.size,
  };
}
