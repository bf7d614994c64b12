import type { ApiRequest } from './staff.ts';
import { ZPatientNote, ZPatientNoteList, ZTimelinePage, type TPatientNoteInput } from '@carewatch/contracts/timeline';

const M = '/api/account/patients';
const enc = encodeURIComponent;

/** The patient timeline, clinicians' notes and the patient report PDF (issue 20). */
export const timelineApi = (request: ApiRequest) => ({
  timeline: (
    patientId: string,
    query: { from?: string; to?: string; types?: string; limit?: number; cursor?: string } = {},
  ) => request('GET', `${M}/${enc(patientId)}/timeline`, { query, schema: ZTimelinePage }),
  notes: (patientId: string) => request('GET', `${M}/${enc(patientId)}/notes`, { schema: ZPatientNoteList }),
  createNote: (patientId: string, body: TPatientNoteInput) =>
    request('POST', `${M}/${enc(patientId)}/notes`, { body, schema: ZPatientNote }),
  /** A plain URL answering the PDF: fetch it with the Authorization header (the portal's download helper). */
  reportUrl: (patientId: string, q: { from: string; to: string; lang?: 'en' | 'vi' }) => {
    const p = new URLSearchParams({ from: q.from, to: q.to });
    if (q.lang) p.set('lang', q.lang);
    return `${M}/${enc(patientId)}/report.pdf?${p.toString()}`;
  },
});
export type TimelineApi = ReturnType<typeof timelineApi>;
