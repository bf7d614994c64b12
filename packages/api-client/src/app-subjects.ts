import type { ApiRequest } from './staff.ts';
import { ZPatientThresholds } from '@carewatch/contracts/alerts';
import { ZAppSosCaseDetail, ZAppSubjectAlertPage, ZAppSubjectList } from '@carewatch/contracts/app-subjects';
import { ZLatestVitals } from '@carewatch/contracts/vitals';

const P = '/api/account/app/patients';
const enc = encodeURIComponent;

/**
 * Patient app "viewing as": whose data the user may view (self, sub-users, followed patients) and a subject's latest
 * values, thresholds, alerts and SOS cases. `subject` is a patient id or `me`.
 */
export const appSubjectsApi = (request: ApiRequest) => ({
  list: () => request('GET', P, { schema: ZAppSubjectList }),
  latest: (subject: string) => request('GET', `${P}/${enc(subject)}/vitals/latest`, { schema: ZLatestVitals }),
  thresholds: (subject: string) => request('GET', `${P}/${enc(subject)}/thresholds`, { schema: ZPatientThresholds }),
  alerts: (subject: string, q: { page?: number; size?: number } = {}) =>
    request('GET', `${P}/${enc(subject)}/alerts`, { query: q, schema: ZAppSubjectAlertPage }),
  sosCase: (subject: string, caseId: string) =>
    request('GET', `${P}/${enc(subject)}/sos-cases/${enc(caseId)}`, { schema: ZAppSosCaseDetail }),
});
export type AppSubjectsApi = ReturnType<typeof appSubjectsApi>;
