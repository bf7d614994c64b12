import { useQuery } from '@tanstack/react-query';
import { appSubjectsApi, type AppSubjectsApi } from '@carewatch/api-client/app-subjects';
import { viewerSubjectApi } from '@carewatch/api-client/dashboards';
import { api } from '../../app/api.ts';
import { currentSubject, isDashboardSubject } from '../../app/subject.ts';

const appSubjects = appSubjectsApi(api.request);
const viewerSubject = viewerSubjectApi(api.request);
/** A player or patient opened from a coach's or doctor's dashboard is read through the clinical routes. */
const fromDashboard = (id: string) => {
  const s = currentSubject();
  return s?.patientId === id && isDashboardSubject(s);
};

/** "Viewing as" calls: whose data I may view and a subject's values, thresholds, alerts and SOS cases. */
export const mySubjectsApi: AppSubjectsApi = {
  ...appSubjects,
  latest: (id) => (fromDashboard(id) ? viewerSubject.latest(id) : appSubjects.latest(id)),
  thresholds: (id) => (fromDashboard(id) ? viewerSubject.thresholds(id) : appSubjects.thresholds(id)),
  alerts: (id, q) => (fromDashboard(id) ? viewerSubject.alerts(id, q) : appSubjects.alerts(id, q)),
};

export const SUBJECT_KEYS = {
  list: ['app', 'subjects'] as const,
  latest: (id: string) => ['app', 'subjects', id, 'latest'] as const,
  thresholds: (id: string) => ['app', 'subjects', id, 'thresholds'] as const,
  sosCase: (id: string, caseId: string) => ['app', 'subjects', id, 'sos-cases', caseId] as const,
};

/** The subjects list; realtime frames (app/realtime.ts) keep the dashboards' levels and open alerts current. */
export function useSubjects() {
  return useQuery({ queryKey: SUBJECT_KEYS.list, queryFn: () => mySubjectsApi.list() });
}
