import type { TWeekLoad } from '@carewatch/contracts/dashboards';

/** Which dashboard the signed-in account has (patient-app §1): a coach their team, a doctor their patients. */
export type DashboardRole = 'coach' | 'doctor';

export function dashboardRole(role: string | null | undefined): DashboardRole | null {
  return role === 'coach' || role === 'doctor' ? role : null;
}

export const DASHBOARD_PATH: Record<DashboardRole, string> = {
  coach: '/dashboards/coach',
  doctor: '/dashboards/doctor',
};

/** A practice time as hours and minutes (rounded to the minute). */
export function durationParts(sec: number): { h: number; m: number } {
  const min = Math.round(Math.max(0, sec) / 60);
  return { h: Math.floor(min / 60), m: min % 60 };
}

const KM_PER_MI = 1.609344;

/** A distance in the user's units: km (metric) or miles (imperial), one decimal, in the language's number format. */
export function distanceValue(
  metres: number,
  unitSystem: 'metric' | 'imperial',
  lang: string,
): { value: string; unit: 'km' | 'mi' } {
  const km = Math.max(0, metres) / 1000;
  const n = unitSystem === 'imperial' ? km / KM_PER_MI : km;
  const value = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  return { value, unit: unitSystem === 'imperial' ? 'mi' : 'km' };
}

/** "Team · Club" (either alone), or null when neither is set. */
export function teamLine(p: { teamName: string | null; clubName: string | null }): string | null {
  const parts = [p.teamName, p.clubName].filter((x): x is string => !!x);
  return parts.length ? parts.join(' · ') : null;
}

/** True when the load has anything to show. */
export const hasLoad = (l: TWeekLoad): boolean => l.sessions > 0;
