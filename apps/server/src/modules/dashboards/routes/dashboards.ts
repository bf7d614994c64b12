import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCoachDashboard,
  ZDoctorDashboard,
  ZDoctorDashboardQuery,
  ZSportProfile,
  ZSportProfileInput,
} from '@carewatch/contracts/dashboards';
import { defineRoute } from '../../../platform/route.ts';
import { coachDashboard, doctorDashboard, mySportProfile, updateMySportProfile } from '../dashboards.service.ts';

const tags = ['dashboards'];
const PROFILE = '/api/account/me/sport-profile';

export const getMySportProfileRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: PROFILE,
  tags,
  permission: Permission.AccountProfileView,
  response: ZSportProfile,
  summary: 'My sport profile as a coach or player: team name, club, rank, skill (empty until saved)',
  handler: async (_input, ctx) => mySportProfile(ctx),
});
export const putMySportProfileRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: PROFILE,
  tags,
  permission: Permission.AccountProfileUpdate,
  body: ZSportProfileInput,
  response: ZSportProfile,
  summary: 'Set my team name, club, rank and skill (a missing or empty field is cleared); my coach sees them',
  handler: async ({ body }, ctx) => updateMySportProfile(ctx, body),
});
export const coachDashboardRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/dashboards/coach',
  tags,
  permission: Permission.HealthView,
  response: ZCoachDashboard,
  summary:
    'Patient app, coach: my accepted players (team, club, rank, skill), their sessions and load over the last 7 days, open alerts and last reading',
  handler: async (_input, ctx) => coachDashboard(ctx),
});
export const doctorDashboardRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/dashboards/doctor',
  tags,
  // Every account may ask; the service answers DOCTOR_ACCOUNT_REQUIRED (403) unless it is a doctor's (spec §6).
  permission: Permission.AccountProfileView,
  query: ZDoctorDashboardQuery,
  response: ZDoctorDashboard,
  summary:
    'Patient app, doctor: my patients (as the portal lists them) with level, open alert and last reading, most urgent first; others get DOCTOR_ACCOUNT_REQUIRED',
  handler: async ({ query }, ctx) => doctorDashboard(ctx, query),
});
