import type { TVitalsExportQueryInput } from '@carewatch/contracts/vitals-export';

const M = '/api/account';
const enc = encodeURIComponent;
const qs = (q: TVitalsExportQueryInput) => {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.format) p.set('format', q.format);
  if (q.units) p.set('units', q.units);
  return `?${p.toString()}`;
};

/**
 * Vitals export downloads (.xlsx, CSV, PDF): plain URLs answering files, not JSON; fetch them with the Authorization
 * header (the apps' download helpers). Days `from`..`to` are the reader's, both included.
 */
export const vitalsExportApi = () => ({
  /** Staff: a patient they may see. */
  patientUrl: (patientId: string, q: TVitalsExportQueryInput) =>
    `${M}/patients/${enc(patientId)}/vitals/export${qs(q)}`,
  /** The signed-in patient's own readings ("Export for my doctor"). */
  mineUrl: (q: TVitalsExportQueryInput) => `${M}/me/vitals/export${qs(q)}`,
});
export type VitalsExportApi = ReturnType<typeof vitalsExportApi>;
