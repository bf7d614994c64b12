import { useQuery } from '@tanstack/react-query';
import { appSubjectsApi } from '@carewatch/api-client/app-subjects';
import { api } from '../../app/api.ts';

/** "Viewing as" calls: whose data I may view and a subject's values, thresholds, alerts and SOS cases. */
export const mySubjectsApi = appSubjectsApi(api.request);

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
