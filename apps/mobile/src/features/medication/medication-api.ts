import { useQuery } from '@tanstack/react-query';
import { appMedicationApi } from '@carewatch/api-client/prescriptions';
import { api } from '../../app/api.ts';
import { useSubject } from '../../app/subject.ts';

/** The signed-in user's medication calls (same client and session as the rest of the app). */
export const myMedicationApi = appMedicationApi(api.request);

export const MEDICATION_KEYS = {
  all: ['me', 'medication'] as const,
  /** My medication (`null`, kept on the phone for offline use), or a viewed subject's. */
  view: (subjectId: string | null) =>
    subjectId ? (['me', 'medication', subjectId] as const) : (['me', 'medication'] as const),
};

/** The Medication tab of the subject being viewed: mine (no subject) or a sub-user's / a followed patient's. */
export function useMedication() {
  const subject = useSubject();
  const subjectId = subject?.patientId ?? null;
  const query = useQuery({
    queryKey: MEDICATION_KEYS.view(subjectId),
    queryFn: () => (subjectId ? myMedicationApi.ofSubject(subjectId) : myMedicationApi.mine()),
  });
  return { query, subject };
}
