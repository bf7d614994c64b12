import { z } from 'zod';
import { ZId, ZIsoDay, ZPageQuery, ZSubjectId, page } from './common.ts';
import { ATTACHMENT_MAX_BYTES } from './patients.ts';

/** Kinds of paper a medical record holds (staff-portal §2, §3): examination card, result card, otoscope result, … */
export const MEDICAL_RECORD_ATTACHMENT_TYPES = [
  'EXAMINATION_CARD',
  'RESULT_CARD',
  'OTOSCOPE_RESULT',
  'PRESCRIPTION',
  'BILL',
  'OTHER',
] as const;
export const ZMedicalRecordAttachmentType = z.enum(MEDICAL_RECORD_ATTACHMENT_TYPES, 'Invalid attachment type');
export type TMedicalRecordAttachmentType = z.infer<typeof ZMedicalRecordAttachmentType>;

/** jpg, png or pdf, checked by content (spec §9 "Medical record files jpg, png, pdf"); the same size limit as patient files. */
export const MEDICAL_RECORD_FILE_MAX_BYTES = ATTACHMENT_MAX_BYTES;
export const MEDICAL_RECORD_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const ZMedicalRecordAttachment = z.object({
  id: ZId,
  recordId: ZId,
  type: ZMedicalRecordAttachmentType,
  fileName: z.string(),
  contentType: z.enum(MEDICAL_RECORD_FILE_TYPES),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TMedicalRecordAttachment = z.infer<typeof ZMedicalRecordAttachment>;

/** A medical record: title, examination date, place, doctor (a staff doctor of the tenant, or a name), note, papers. */
export const ZMedicalRecord = z.object({
  id: ZId,
  patientId: ZId,
  title: z.string(),
  /** The day of the examination (YYYY-MM-DD). */
  examinationDate: z.string(),
  place: z.string().nullable(),
  /** Set when the doctor is a staff doctor of the tenant; `doctorName` is then their name. */
  doctorId: ZId.nullable(),
  doctorName: z.string().nullable(),
  note: z.string().nullable(),
  attachments: z.array(ZMedicalRecordAttachment),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type TMedicalRecord = z.infer<typeof ZMedicalRecord>;
export const ZMedicalRecordPage = page(ZMedicalRecord);
export type TMedicalRecordPage = z.infer<typeof ZMedicalRecordPage>;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);
const optText = (max: number) => z.preprocess(blankToNull, z.string().max(max, `Max length is ${max}`).nullable());

/**
 * POST /api/account/patients/{id}/medical-records and PUT /api/account/medical-records/{id}: a title and an examination
 * date are required; the doctor is either a staff doctor (`doctorId`) or a free-text name (`doctorName`), not both.
 * Files are added afterwards, one per request (`…/attachments`, multipart `type` + `file`).
 */
export const ZMedicalRecordRequest = z
  .object({
    title: z.string('Required').trim().min(1, 'Required').max(200, 'Max length is 200'),
    examinationDate: ZIsoDay,
    place: optText(200).default(null),
    doctorId: z.preprocess(blankToNull, ZId.nullable()).default(null),
    doctorName: optText(100).default(null),
    note: optText(2000).default(null),
  })
  .superRefine((b, ctx) => {
    if (b.doctorId && b.doctorName)
      ctx.addIssue({ code: 'custom', path: ['doctorName'], message: 'Pick a staff doctor or type a name, not both' });
  });
export type TMedicalRecordRequest = z.input<typeof ZMedicalRecordRequest>;
export type TMedicalRecordInput = z.output<typeof ZMedicalRecordRequest>;

/** The text fields of an attachment upload (multipart, beside the `file` part). */
export const ZMedicalRecordAttachmentForm = z.object({ type: ZMedicalRecordAttachmentType });

export const ZMedicalRecordListQuery = ZPageQuery;
export type TMedicalRecordListQuery = z.infer<typeof ZMedicalRecordListQuery>;
export const ZMedicalRecordFileParams = z.object({ id: ZId, attachmentId: ZId });
/** DELETE answers: done, and whose record it was (so a screen knows which list to refresh). */
export const ZMedicalRecordRemoved = z.object({ ok: z.literal(true), patientId: ZId });

/** GET /api/account/app/medical-records: my records (`subject` omitted or `me`), or a sub-user's / followed patient's. */
export const ZAppMedicalRecordsQuery = ZPageQuery.extend({ subject: ZSubjectId.default('me') });
export type TAppMedicalRecordsQuery = z.infer<typeof ZAppMedicalRecordsQuery>;
