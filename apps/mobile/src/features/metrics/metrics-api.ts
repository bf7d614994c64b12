import { appVitalsApi, type AppVitalsApi } from '@carewatch/api-client/app-vitals';
import { vitalsApi } from '@carewatch/api-client/vitals';
import { api } from '../../app/api.ts';
import { currentSubject, isDashboardSubject, useSubject } from '../../app/subject.ts';
import { mySubjectsApi } from '../followed/subjects-api.ts';

const appVitals = appVitalsApi(api.request);
const staffVitals = vitalsApi(api.request);
/** A player or patient opened from a coach's or doctor's dashboard is read through the clinical routes. */
const fromDashboard = (id: string) => {
  const s = currentSubject();
  return s?.patientId === id && isDashboardSubject(s);
};

/**
 * Metric pages' calls (charts, reports, goals); a dashboard subject's chart, sleep, steps and ECG come from the staff
 * vitals routes (same contracts, coach/doctor visibility). Report and goals have no staff route: the page hides them.
 */
export const metricsApi: AppVitalsApi = {
  ...appVitals,
  series: (s, q) => (fromDashboard(s) ? staffVitals.series(s, q) : appVitals.series(s, q)),
  sleep: (s, q) => (fromDashboard(s) ? staffVitals.sleep(s, q) : appVitals.sleep(s, q)),
  steps: (s, q) => (fromDashboard(s) ? staffVitals.steps(s, q) : appVitals.steps(s, q)),
  ecgStrips: (s, q) => (fromDashboard(s) ? staffVitals.ecgStrips(s, q) : appVitals.ecgStrips(s, q)),
  ecgStrip: (s, at) => (fromDashboard(s) ? staffVitals.ecgStrip(s, at) : appVitals.ecgStrip(s, at)),
};
/** The subject's latest values and thresholds (dashboard subjects through the clinical routes). */
export const subjectsApi = mySubjectsApi;

/**
 * Whose data the page shows: the path id ('me' or the "viewing as" patient, part of every query key), whether the
 * viewer may change goals (own record or a managed sub-user; a follower only reads) and whether the subject was
 * opened from a coach's or doctor's dashboard (read only, no report or goals).
 */
export function useMetricSubject(): { id: string; canEdit: boolean; name: string | null; dashboard: boolean } {
  const subject = useSubject();
  return {
    id: subject?.patientId ?? 'me',
    canEdit: subject === null || subject.relation === 'sub_user',
    name: subject?.name ?? null,
    dashboard: isDashboardSubject(subject),
  };
}
