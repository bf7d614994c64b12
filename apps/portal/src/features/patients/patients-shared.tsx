import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import i18n, { type TFunction } from 'i18next';
import { isApiError } from '@carewatch/api-client/client';
import { fetchFile } from '@carewatch/web/files';
import { patientsApi } from '@carewatch/api-client/patients';
import { staffApi } from '@carewatch/api-client/staff';
import { Permission } from '@carewatch/contracts/permissions';
import type { TPatientStatus } from '@carewatch/contracts/patients';
import { api } from '../../app/api.ts';
import { errorText, translateValidation } from '@carewatch/web/errors';
import { formatDateTime } from '../../app/format.ts';
import { useHasPermission } from '../../app/queries.ts';

export const patients = patientsApi(api.request);
const staff = staffApi(api.request);

export const patientKeys = {
  all: ['patients'] as const,
  list: (q: object) => ['patients', 'list', q] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  history: (id: string) => ['patients', 'history', id] as const,
  currentImport: ['patients', 'import', 'current'] as const,
  counts: (kind: string, mhscId?: string) => ['patients', 'counts', kind, mhscId ?? ''] as const,
  centers: ['patients', 'centerChoices'] as const,
  doctors: ['patients', 'doctorChoices'] as const,
};

const STATUS_COLOR: Record<TPatientStatus, string> = {
  normal: 'teal',
  at_risk: 'yellow',
  high_risk: 'orange',
  sos: 'red',
  unassigned: 'gray',
  assigned: 'blue',
};
export const statusColor = (s: TPatientStatus) => STATUS_COLOR[s];

export function PatientStatusBadge({ t, status }: { t: TFunction; status: TPatientStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none" style={{ maxWidth: 'none', overflow: 'visible' }}>
      {t(`patients.status.${status}`)}
    </Badge>
  );
}

/** `yyyy-mm-dd` (a calendar date, no zone) as dd/MM/yyyy. */
export const formatDay = (d: string | null) => (d ? d.slice(0, 10).split('-').reverse().join('/') : null);
/** An instant as dd/MM/yyyy in the user's timezone. */
export const formatInstantDay = (iso: string | null, tz?: string) =>
  iso ? formatDateTime(iso, tz).slice(0, 10) : null;

/** Health centers the caller may pick (the staff options list; only for users who may list staff). */
export function useCenterChoices() {
  const has = useHasPermission();
  const enabled = has(Permission.StaffView);
  const q = useQuery({
    queryKey: patientKeys.centers,
    queryFn: () => staff.options(),
    enabled,
    staleTime: 60_000,
    meta: { inlineError: true },
  });
  return { enabled, centers: q.data?.centers ?? [] };
}

/** Active doctors within the caller's reach (for "doctors following the patient"). */
export function useDoctorChoices(enabled = true) {
  const has = useHasPermission();
  return useQuery({
    queryKey: patientKeys.doctors,
    queryFn: () => staff.list({ role: 'doctor', size: 200, status: 'active' }),
    enabled: enabled && has(Permission.StaffView),
    staleTime: 30_000,
    meta: { inlineError: true },
  });
}

const PATIENT_MESSAGES: Array<[RegExp, string]> = [
  [/^Birthday can not from the future$/, 'patients.validation.birthdayFuture'],
  [/^Birthday is not valid$/, 'patients.validation.birthdayInvalid'],
  [/^Date is not valid$/, 'patients.validation.dateInvalid'],
  [/^Gender value is missing or invalid$/, 'patients.validation.gender'],
  [/^Invalid Height and Weight value$/, 'patients.validation.heightWeight'],
  [/^Invalid blood type$/, 'patients.validation.bloodType'],
  [/^Patient id may contain/, 'patients.validation.patientCode'],
  [/^At least one of patient id, phone or email is required$/, 'patients.validation.identifiers'],
  [/^Invalid relationship$/, 'patients.validation.relationship'],
];

/** A contract validation message of the patient schemas, translated. */
export function translatePatientMessage(t: TFunction, message: string): string {
  for (const [re, key] of PATIENT_MESSAGES) if (re.test(message)) return t(key);
  return translateValidation(t, message);
}

/** Field path (relatives.0.phone) → message, from a Zod error of a contract schema. */
export function zodPatientErrors(
  t: TFunction,
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= translatePatientMessage(t, issue.message);
  }
  return out;
}

/** Field → message from the server's answer (codes such as PATIENT_ID_EXISTS shown on their field). */
export function serverPatientErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) {
    if (error.code === 'PATIENT_EMAIL_EXISTS') out[field] = t('patients.form.emailExists');
    else if (error.code === 'PATIENT_IDENTIFIER_REQUIRED') out[field] = t('patients.validation.identifiers');
    else if (error.code !== 'VALIDATION_ERROR') out[field] = errorText(t, error);
    else out[field] = translatePatientMessage(t, info.message);
  }
  if (error.code === 'PATIENT_IDENTIFIER_REQUIRED') {
    for (const f of ['patientCode', 'phone', 'email']) out[f] ??= t('patients.validation.identifiers');
  }
  return out;
}

/** Downloads a file behind the auth header (refreshing the session once on 401) and saves it; with `body`, a JSON POST. */
export async function downloadFile(url: string, fallbackName: string, body?: object): Promise<void> {
  const file = await fetchFile(api, url, { fallbackName, body, language: i18n.language });
  const objectUrl = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
