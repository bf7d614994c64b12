import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { ZAlertLevel } from './alerts.ts';

/**
 * Doctor and coach dashboards of the patient app (patient-app spec §1 "Doctors, sport coaches and players, who see a
 * list of their patients or players and a dashboard", §2 Dashboards, §3 "Coach or player", §6 "Please login with Doctor
 * account"). A coach sees only the players who accepted them (a contact of kind `coach`); a doctor the patients the
 * portal shows them (the same visibility).
 */

export const SPORT_PROFILE_LIMITS = { teamName: 80, clubName: 80, rank: 40, skill: 80 } as const;

/** A field of the sport profile: trimmed, empty means "not set" (null). */
const profileText = (max: number) =>
  z
    .string('Must be a text')
    .trim()
    .max(max, `Max length is ${max}`)
    .nullable()
    .optional()
    .transform((s) => (s ? s : null));

/** §3 "Coach or player": sport_team_name, sport_club_name, rank, skill; all optional. */
export const ZSportProfile = z.object({
  teamName: z.string().nullable(),
  clubName: z.string().nullable(),
  rank: z.string().nullable(),
  skill: z.string().nullable(),
  /** Null while never saved. */
  updatedAt: z.string().nullable(),
});
export type TSportProfile = z.infer<typeof ZSportProfile>;

/** PUT /api/account/me/sport-profile: replaces the four fields (a missing or empty one is cleared). */
export const ZSportProfileInput = z.object({
  teamName: profileText(SPORT_PROFILE_LIMITS.teamName),
  clubName: profileText(SPORT_PROFILE_LIMITS.clubName),
  rank: profileText(SPORT_PROFILE_LIMITS.rank),
  skill: profileText(SPORT_PROFILE_LIMITS.skill),
});
export type TSportProfileInput = z.infer<typeof ZSportProfileInput>;

/** The most severe open alert of a patient (newest first among equals). */
export const ZDashboardOpenAlert = z.object({ id: ZId, level: ZAlertLevel, since: z.string() });
export type TDashboardOpenAlert = z.infer<typeof ZDashboardOpenAlert>;

/** What every row of both dashboards says about a person's health: level, open alert, last reading. */
const ZHealthState = z.object({
  patientId: ZId,
  /** The patient's own app account, null when they have none. */
  userId: ZId.nullable(),
  name: z.string(),
  /** The highest level among the open alerts, `normal` when none is open. */
  level: ZAlertLevel,
  openAlert: ZDashboardOpenAlert.nullable(),
  /** How many alerts are open. */
  openAlerts: z.number().int(),
  /** Time of the newest reading of any metric, null when nothing was measured yet. */
  lastMeasuredAt: z.string().nullable(),
});

/** A player's sport load over the dashboard's period (sessions started in [from, to)). */
export const ZWeekLoad = z.object({
  sessions: z.number().int(),
  durationSec: z.number().int(),
  distanceM: z.number(),
  steps: z.number().int(),
  calories: z.number(),
  /** Start of the newest session of the period, null when there was none. */
  lastSessionAt: z.string().nullable(),
});
export type TWeekLoad = z.infer<typeof ZWeekLoad>;

export const ZTeamPlayer = ZHealthState.extend({
  sport: ZSportProfile.omit({ updatedAt: true }),
  week: ZWeekLoad,
});
export type TTeamPlayer = z.infer<typeof ZTeamPlayer>;

/**
 * GET /api/account/dashboards/coach: the coach's accepted players — most urgent first (open alert level), then by name —
 * with their team, club, rank and skill, their load over the last 7 days and their health state.
 */
export const ZCoachDashboard = z.object({
  /** The period of `week` and `total`: the 7 days before the request, [from, to). */
  from: z.string(),
  to: z.string(),
  /** The coach's own sport profile (their team and club). */
  coach: ZSportProfile,
  players: z.array(ZTeamPlayer),
  total: ZWeekLoad,
});
export type TCoachDashboard = z.infer<typeof ZCoachDashboard>;

export const ZDoctorPatient = ZHealthState.extend({ patientCode: z.string().nullable() });
export type TDoctorPatient = z.infer<typeof ZDoctorPatient>;

/** GET /api/account/dashboards/doctor: paged (default 50 a page). */
export const ZDoctorDashboardQuery = ZPageQuery.extend({
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(50),
});
export type TDoctorDashboardQuery = z.infer<typeof ZDoctorDashboardQuery>;

/** The doctor's patients (those the portal lists for them), most urgent first, then by name. */
export const ZDoctorDashboard = page(ZDoctorPatient);
export type TDoctorDashboard = z.infer<typeof ZDoctorDashboard>;
