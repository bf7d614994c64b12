import type { AnyRoute } from '../../platform/route.ts';
import { createPatientNoteRoute } from './routes/create-note.ts';
import { listPatientNotesRoute } from './routes/list-notes.ts';
import { patientReportRoute } from './routes/report.ts';
import { patientTimelineRoute } from './routes/timeline.ts';

/** The "timeline" module's routes (issue 20): a patient's timeline, clinicians' notes, the patient report PDF. */
export const TIMELINE_ROUTES: AnyRoute[] = [
  patientTimelineRoute,
  listPatientNotesRoute,
  createPatientNoteRoute,
  patientReportRoute,
];
