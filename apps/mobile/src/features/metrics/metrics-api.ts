import { appSubjectsApi } from '@carewatch/api-client/app-subjects';
import { appVitalsApi } from '@carewatch/api-client/app-vitals';
import { api } from '../../app/api.ts';
import { useSubject } from '../../app/subject.ts';

/** Metric pages' calls (charts, reports, goals) and the subject's latest values and thresholds. */
export const metricsApi = appVitalsApi(api.request);
export const subjectsApi = appSubjectsApi(api.request);

/**
 * Whose data the page shows: the path id ('me' or the "viewing as" patient, part of every query key) and whether the
 * viewer may change goals (own record or a managed sub-user; a follower only reads).
 */
export function useMetricSubject(): { id: string; canEdit: boolean; name: string | null } {
  const subject = useSubject();
  return {
    id: subject?.patientId ?? 'me',
    canEdit: subject === null || subject.relation === 'sub_user',
    name: subject?.name ?? null,
  };
}
