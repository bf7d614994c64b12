import { personName } from '@carewatch/contracts/names';
import {
  PATIENT_NOTES_MAX_LIST,
  type TPatientNote,
  type TPatientNoteInput,
  type TPatientNoteList,
} from '@carewatch/contracts/timeline';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './notes.repo.ts';

/* Clinicians' notes on a patient (issue 20): written by staff who may edit the patient's health record, read by staff
   who may see the patient's health data; attributed to their author, written once, each write in the audit log. */

export function toNote(r: repo.NoteRow, lang: string): TPatientNote {
  return {
    id: r.id,
    patientId: r.patient_id,
    text: r.text,
    authorId: r.author_id,
    authorName:
      r.author_first === null && r.author_last === null
        ? null
        : personName({ firstName: r.author_first, lastName: r.author_last }, lang),
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function createNote(ctx: AuthedCtx, patientId: string, input: TPatientNoteInput): Promise<TPatientNote> {
  const p = await requireVisiblePatient(ctx, patientId);
  const id = newId();
  await repo.insertNote(ctx.db, ctx.auth.tenantId, {
    id,
    patientId: p.id,
    authorId: ctx.auth.userId,
    text: input.text,
    at: ctx.clock.now(),
  });
  // The text is health data: the trail names the note, not what it says.
  await audit(ctx, {
    action: 'patient.note.create',
    resource: 'patient',
    resourceId: p.id,
    details: { noteId: id, length: input.text.length },
  });
  const row = await repo.findNote(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('PATIENT_NOT_FOUND');
  return toNote(row, ctx.auth.language);
}

export async function listNotes(ctx: AuthedCtx, patientId: string): Promise<TPatientNoteList> {
  const p = await requireVisiblePatient(ctx, patientId);
  const rows = await repo.notesOf(ctx.db, ctx.auth.tenantId, p.id, { limit: PATIENT_NOTES_MAX_LIST });
  return { items: rows.map((r) => toNote(r, ctx.auth.language)) };
}

/** Notes of a period for the timeline and the report (the caller has checked the patient is visible). */
export async function notesInPeriod(
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<TPatientNote[]> {
  const rows = await repo.notesOf(ctx.db, ctx.auth.tenantId, patientId, { from, to, before, limit });
  return rows.map((r) => toNote(r, ctx.auth.language));
}
