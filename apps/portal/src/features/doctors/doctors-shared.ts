import { doctorsApi } from '@carewatch/api-client/doctors';
import { patientsApi } from '@carewatch/api-client/patients';
import { api } from '../../app/api.ts';

/** The doctors module's calls (directory, profiles, licences, requests) with the portal's session. */
export const doctors = doctorsApi(api.request);
export const patients = patientsApi(api.request);

export const doctorKeys = {
  all: ['doctors'] as const,
  list: (q: Record<string, unknown>) => ['doctors', 'list', q] as const,
  detail: (id: string) => ['doctors', 'detail', id] as const,
  licenses: (id: string) => ['doctors', 'licenses', id] as const,
  requests: (which: string, status: string) => ['doctors', 'requests', which, status] as const,
};
