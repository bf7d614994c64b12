import { personName } from '@carewatch/contracts/names';
import {
  MEDICAL_RECORD_FILE_MAX_BYTES,
  type TMedicalRecord,
  type TMedicalRecordAttachment,
  type TMedicalRecordAttachmentType,
  type TMedicalRecordInput,
  type TMedicalRecordPage,
} from '@carewatch/contracts/medical-records';
import type { TPageQuery } from '@carewatch/contracts/common';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import type { Readable } from 'node:stream';
import { newFileKey } from '../../platform/file-store.ts';
import { requireAppSubject, requireVisiblePatient } from '../patients/patient-access.ts';
import { safeFileName, sniffAttachment } from '../patients/patients.service.ts';
import { requireDoctor } from '../schedules/schedules.service.ts';
import * as repo from './records.repo.ts';
import { requirePatientFeature } from '../subscriptions/subscriptions.service.ts';

/** Where platform/files.ts keeps the papers (one folder per tenant below it). */
const FILE_AREA = 'medical-records';

const name = (first: string | null, last: string | null, lang: string) =>
  personName({ firstName: first, lastName: last }, lang);

const toAttachment = (a: repo.AttachmentRow): TMedicalRecordAttachment => ({
  id: a.id,
  recordId: a.record_id,
  type: a.type as TMedicalRecordAttachmentType,
  fileName: a.file_name,
  contentType: a.content_type as TMedicalRecordAttachment['contentType'],
  sizeBytes: Number(a.size_bytes),
  createdAt: a.created_at.toISOString(),
});

function toRecord(r: repo.RecordRow, attachments: repo.AttachmentRow[], lang: string): TMedicalRecord {
  return {
    id: r.id,
    patientId: r.patient_id,
    title: r.title,
    examinationDate: r.examined_on,
    place: r.place,
    doctorId: r.doctor_id,
    // A staff doctor's current name; the name kept at writing when the account is gone or the doctor was typed in.
    doctorName:
      r.doctor_id && (r.doctor_first || r.doctor_last) ? name(r.doctor_first, r.doctor_last, lang) : r.doctor_name,
    note: r.note,
    attachments: attachments.filter((a) => a.record_id === r.id).map(toAttachment),
    createdAt: r.created_at.toISOString(),
    createdByName: r.creator_first || r.creator_last ? name(r.creator_first, r.creator_last, lang) : null,
    updatedAt: r.updated_at.toISOString(),
  };
}

async function pageOf(ctx: AuthedCtx, patientId: string, q: TPageQuery): Promise<TMedicalRecordPage> {
  const { rows, total } = await repo.listOfPatient(ctx.db, ctx.auth.tenantId, patientId, q.page, q.size);
  const attachments = await repo.attachmentsOf(
    ctx.db,
    ctx.auth.tenantId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toRecord(r, attachments, ctx.auth.language)), total, page: q.page, size: q.size };
}

async function withAttachments(ctx: AuthedCtx, r: repo.RecordRow): Promise<TMedicalRecord> {
  return toRecord(r, await repo.attachmentsOf(ctx.db, ctx.auth.tenantId, [r.id]), ctx.auth.language);
}

/** A record whose patient the staff caller may see; another tenant's, an invisible patient's and a missing one answer alike. */
async function requireRecord(ctx: AuthedCtx, id: string): Promise<repo.RecordRow> {
  const r = await repo.findRecord(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('NOT_FOUND');
  try {
    await requireVisiblePatient(ctx, r.patient_id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'PATIENT_NOT_FOUND') throw new AppError('NOT_FOUND');
    throw e;
  }
  return r;
}

/** The doctor columns: a staff doctor the caller could pick (name kept as a fallback), or a typed name. */
async function doctorOf(
  ctx: AuthedCtx,
  input: TMedicalRecordInput,
): Promise<{ doctorId: string | null; doctorName: string | null }> {
  if (!input.doctorId) return { doctorId: null, doctorName: input.doctorName };
  try {
    const d = await requireDoctor(ctx, input.doctorId, false);
    return { doctorId: d.id, doctorName: name(d.first_name, d.last_name, 'en') };
  } catch (e) {
    // A bad reference in the form is a field error (the same for another tenant's user and a missing id).
    if (e instanceof AppError && e.code === 'DOCTOR_NOT_FOUND')
      throw new AppError(
        'VALIDATION_ERROR',
        { field: 'doctorId', rule: 'doctor' },
        'doctorId: Not a doctor of this organization',
      );
    throw e;
  }
}

// ---------------------------------------------------------------- staff

export async function listRecords(ctx: AuthedCtx, patientId: string, q: TPageQuery): Promise<TMedicalRecordPage> {
  await requireVisiblePatient(ctx, patientId);
  return pageOf(ctx, patientId, q);
}

export async function recordDetail(ctx: AuthedCtx, id: string): Promise<TMedicalRecord> {
  return withAttachments(ctx, await requireRecord(ctx, id));
}

export async function createRecord(
  ctx: AuthedCtx,
  patientId: string,
  input: TMedicalRecordInput,
): Promise<TMedicalRecord> {
  await requireVisiblePatient(ctx, patientId);
  const doctor = await doctorOf(ctx, input);
  const id = newId();
  await repo.insertRecord(ctx.db, ctx.auth.tenantId, id, patientId, {
    title: input.title,
    examinedOn: input.examinationDate,
    place: input.place,
    ...doctor,
    note: input.note,
    userId: ctx.auth.userId,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'medical_record.create',
    resource: 'patient',
    resourceId: patientId,
    details: { recordId: id },
  });
  return recordDetail(ctx, id);
}

export async function updateRecord(ctx: AuthedCtx, id: string, input: TMedicalRecordInput): Promise<TMedicalRecord> {
  const r = await requireRecord(ctx, id);
  const doctor = await doctorOf(ctx, input);
  await repo.updateRecord(ctx.db, ctx.auth.tenantId, id, {
    title: input.title,
    examinedOn: input.examinationDate,
    place: input.place,
    ...doctor,
    note: input.note,
    userId: ctx.auth.userId,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'medical_record.update',
    resource: 'patient',
    resourceId: r.patient_id,
    details: { recordId: id },
  });
  return recordDetail(ctx, id);
}

export async function deleteRecord(ctx: AuthedCtx, id: string): Promise<{ ok: true; patientId: string }> {
  const r = await requireRecord(ctx, id);
  const paths = await repo.deleteRecord(ctx.db, ctx.auth.tenantId, id);
  for (const p of paths) await ctx.files.remove(p);
  await audit(ctx, {
    action: 'medical_record.delete',
    resource: 'patient',
    resourceId: r.patient_id,
    details: { recordId: id },
  });
  return { ok: true, patientId: r.patient_id };
}

/** Adds one paper: jpg, png or pdf by its content (the name and declared type are not trusted), at most 10 MB. */
export async function addRecordAttachment(
  ctx: AuthedCtx,
  id: string,
  type: TMedicalRecordAttachmentType,
  file: { name: string; data: Buffer } | null,
): Promise<TMedicalRecordAttachment> {
  const r = await requireRecord(ctx, id);
  if (!file) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
  if (file.data.length > MEDICAL_RECORD_FILE_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
  const kind = sniffAttachment(file.data);
  if (!kind) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'file_type' });
  const t = ctx.auth.tenantId;
  const now = ctx.clock.now();
  const { key: path } = await ctx.files.put(newFileKey(FILE_AREA, t, kind.ext), file.data, { contentType: kind.type });
  const attachmentId = newId();
  const fileName = safeFileName(file.name, `record.${kind.ext}`);
  await repo.insertAttachment(ctx.db, t, {
    id: attachmentId,
    recordId: id,
    type,
    fileName,
    contentType: kind.type,
    size: file.data.length,
    path,
    userId: ctx.auth.userId,
    now,
  });
  await repo.touchRecord(ctx.db, t, id, ctx.auth.userId, now);
  await audit(ctx, {
    action: 'medical_record.attachment.add',
    resource: 'patient',
    resourceId: r.patient_id,
    details: { recordId: id, type },
  });
  return toAttachment((await repo.findAttachment(ctx.db, t, id, attachmentId))!);
}

export async function deleteRecordAttachment(
  ctx: AuthedCtx,
  id: string,
  attachmentId: string,
): Promise<{ ok: true; patientId: string }> {
  const r = await requireRecord(ctx, id);
  const a = await repo.findAttachment(ctx.db, ctx.auth.tenantId, id, attachmentId);
  if (!a) throw new AppError('ATTACHMENT_NOT_FOUND');
  await repo.deleteAttachment(ctx.db, ctx.auth.tenantId, attachmentId);
  await ctx.files.remove(a.path);
  await repo.touchRecord(ctx.db, ctx.auth.tenantId, id, ctx.auth.userId, ctx.clock.now());
  await audit(ctx, {
    action: 'medical_record.attachment.delete',
    resource: 'patient',
    resourceId: r.patient_id,
    details: { recordId: id },
  });
  return { ok: true, patientId: r.patient_id };
}

/** A paper to download: streamed from the file store (never read whole), with its size for Content-Length. */
export type RecordFile = { stream: Readable; size: number; type: string; name: string; patientId: string };

async function fileOf(ctx: AuthedCtx, r: repo.RecordRow, attachmentId: string): Promise<RecordFile> {
  const a = await repo.findAttachment(ctx.db, ctx.auth.tenantId, r.id, attachmentId);
  const f = a ? await ctx.files.open(a.path) : null;
  if (!a || !f) throw new AppError('ATTACHMENT_NOT_FOUND');
  await audit(ctx, {
    action: 'medical_record.attachment.read',
    resource: 'patient',
    resourceId: r.patient_id,
    details: { recordId: r.id },
  });
  return {
    stream: f.stream,
    size: f.size,
    type: a.content_type,
    name: safeFileName(a.file_name),
    patientId: r.patient_id,
  };
}

export async function readRecordAttachment(ctx: AuthedCtx, id: string, attachmentId: string): Promise<RecordFile> {
  return fileOf(ctx, await requireRecord(ctx, id), attachmentId);
}

// ---------------------------------------------------------------- patient app (read only)

/** A record of a patient the app user may view (themself, a sub-user, a patient who accepted them as follower). */
async function requireAppRecord(ctx: AuthedCtx, id: string): Promise<repo.RecordRow> {
  const r = await repo.findRecord(ctx.db, ctx.auth.tenantId, id);
  if (!r) throw new AppError('NOT_FOUND');
  try {
    await requireAppSubject(ctx, r.patient_id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'PATIENT_NOT_FOUND') throw new AppError('NOT_FOUND');
    throw e;
  }
  await requirePatientFeature(ctx, r.patient_id, 'medical_records');
  return r;
}

export async function appRecords(ctx: AuthedCtx, subject: string, q: TPageQuery): Promise<TMedicalRecordPage> {
  const s = await requireAppSubject(ctx, subject);
  // Medical records in the app are a Basic feature of the patient's own account (issue 17); staff screens are not gated.
  await requirePatientFeature(ctx, s.id, 'medical_records');
  return pageOf(ctx, s.id, q);
}

export async function appRecordDetail(ctx: AuthedCtx, id: string): Promise<TMedicalRecord> {
  return withAttachments(ctx, await requireAppRecord(ctx, id));
}

export async function appReadRecordAttachment(ctx: AuthedCtx, id: string, attachmentId: string): Promise<RecordFile> {
  return fileOf(ctx, await requireAppRecord(ctx, id), attachmentId);
}
