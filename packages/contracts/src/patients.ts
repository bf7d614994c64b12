import { z } from 'zod';
import { BLOOD_TYPES, PATIENT_LIST_COLUMNS } from './codes.ts';
export { BLOOD_TYPES, DEFAULT_PATIENT_LIST_COLUMNS, PATIENT_LIST_COLUMNS, type TPatientListColumn } from './codes.ts';
import { ZId, ZPageQuery } from './common.ts';
import { EMAIL_RE } from './rules.ts';

/** Patient status (spec §4): health tiers plus assignment. */
export const PATIENT_STATUSES = ['normal', 'at_risk', 'high_risk', 'sos', 'unassigned', 'assigned'] as const;
export const ZPatientStatus = z.enum(PATIENT_STATUSES);
export type TPatientStatus = z.infer<typeof ZPatientStatus>;

export const GENDERS = ['male', 'female'] as const;
/** Emergency-contact relations (spec §3). */
export const RELATIONSHIPS = [
  'son',
  'daughter',
  'brother',
  'sister',
  'siblings',
  'wife',
  'husband',
  'spouses',
  'mother',
  'father',
  'parents',
  'relative',
  'friend',
  'child',
  'grandchildren',
  'grandparent',
  'other',
] as const;
export const ZRelationship = z.enum(RELATIONSHIPS, 'Invalid relationship');

/** Attachments: pdf, jpg or png, checked by content; at most 10 MB each. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);
const optText = (max: number) => z.preprocess(blankToNull, z.string().max(max, `Max length is ${max}`).nullable());
const name = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((s) => !/\d/.test(s), 'Names must not contain digits');
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) =>
  isoDate.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
/** Birthday: a real date, not in the future (compared with today in UTC+14, the earliest "today" anywhere). */
export const ZBirthday = z
  .string('Required')
  .trim()
  .min(1, 'Required')
  .refine(validDate, 'Birthday is not valid')
  .refine(
    (s) => s <= new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10),
    'Birthday can not from the future',
  );
const optDate = z.preprocess(blankToNull, z.string().refine(validDate, 'Date is not valid').nullable());
const num = (min: number, max: number, msg: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z.number(msg).min(min, msg).max(max, msg).nullable(),
  );

export const ZRelativeInput = z.object({
  name: z.string('Required').trim().min(1, 'Required').max(128, 'Max length is 128'),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\+?\d{3,16}$/, 'Phone number is not valid')
      .nullable(),
  ),
  relationship: ZRelationship,
});
export type TRelativeInput = z.infer<typeof ZRelativeInput>;
export const ZRelative = ZRelativeInput.extend({ id: ZId });
export type TRelative = z.infer<typeof ZRelative>;

/**
 * The patient form (spec §3, §5), also used row by row by the bulk import. At least one of patientCode, phone and
 * email is required (checked by `checkPatientIdentifiers`, so the error names the fields); the phone format follows
 * the tenant's phone rule on the server.
 */
export const ZPatientFields = z.object({
  patientCode: z.preprocess(
    blankToNull,
    z
      .string()
      .max(32, 'Max length is 32')
      .regex(/^[A-Za-z0-9._-]+$/, 'Patient id may contain letters, digits, . _ -')
      .nullable(),
  ),
  firstName: name,
  lastName: name,
  birthday: ZBirthday,
  gender: z.enum(GENDERS, 'Gender value is missing or invalid'),
  heightCm: num(30, 300, 'Invalid Height and Weight value'),
  weightKg: num(1, 700, 'Invalid Height and Weight value'),
  bloodType: z.preprocess(blankToNull, z.enum(BLOOD_TYPES, 'Invalid blood type').nullable()),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\+?\d{3,16}$/, 'Phone number is not valid')
      .nullable(),
  ),
  email: z.preprocess(
    blankToNull,
    z.string().max(254, 'Max length is 254').regex(EMAIL_RE, 'Email is not valid').nullable(),
  ),
  address: z.string('Required').trim().min(1, 'Required').max(255, 'Max length is 255'),
  centerId: z.preprocess(blankToNull, ZId.nullable()),
  packageExpiry: optDate,
  contractId: optText(64),
  relatives: z.array(ZRelativeInput).max(10, 'Max length is 10').default([]),
});
export const ZCreatePatientRequest = ZPatientFields.extend({
  /** Also create the patient's app account (they set a password with "forgot password"). */
  createAccount: z.boolean().default(false),
  /** Doctors to follow the patient from the start. */
  doctorIds: z.array(ZId).max(10, 'Max length is 10').default([]),
});
export type TCreatePatientRequest = z.infer<typeof ZCreatePatientRequest>;
export const ZUpdatePatientRequest = ZPatientFields;
export type TUpdatePatientRequest = z.infer<typeof ZUpdatePatientRequest>;
export type TPatientFields = z.infer<typeof ZPatientFields>;

/** "At least one of patient id, phone, email" (spec §5): the error names all three fields. */
export function checkPatientIdentifiers(p: {
  patientCode: string | null;
  phone: string | null;
  email: string | null;
}): string | null {
  return p.patientCode || p.phone || p.email ? null : 'At least one of patient id, phone or email is required';
}

export const ZAttachment = z.object({
  id: ZId,
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZDoctorRef = z.object({ id: ZId, name: z.string() });

export const ZPatient = z.object({
  id: ZId,
  patientCode: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  bloodType: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  status: ZPatientStatus,
  packageExpiry: z.string().nullable(),
  contractId: z.string().nullable(),
  centerId: ZId.nullable(),
  centerName: z.string().nullable(),
  userId: ZId.nullable(),
  accountCreatedAt: z.string().nullable(),
  doctors: z.array(ZDoctorRef),
  relatives: z.array(ZRelative),
  attachments: z.array(ZAttachment),
  sleepTargetMinutes: z.number().int().nullable(),
  stepsTarget: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPatient = z.infer<typeof ZPatient>;

/** A list row: the columns a tenant may show (PATIENT_LIST_COLUMNS). */
export const ZPatientRow = ZPatient.pick({
  id: true,
  patientCode: true,
  fullName: true,
  firstName: true,
  lastName: true,
  birthday: true,
  gender: true,
  phone: true,
  email: true,
  status: true,
  packageExpiry: true,
  contractId: true,
  centerId: true,
  centerName: true,
  accountCreatedAt: true,
  createdAt: true,
}).extend({
  /** ISO instant of the latest reading of any metric from any source; null when none was ever received. */
  lastReadingAt: z.string().nullable(),
  /**
   * Silent device (issue 20): the patient has an active paired device or has ever sent readings, and nothing was
   * received for the tenant's `silentAfterHours`.
   */
  silent: z.boolean(),
  /**
   * When the patient became silent: the last reading (or, with none, the first activation of a paired device) plus
   * silentAfterHours; null when not silent.
   */
  silentSince: z.string().nullable(),
  /** Not worn (issue 20): a device of the patient reports no skin contact; flagged like a silent one, with its own reason. */
  notWorn: z.boolean(),
  /** Since when the earliest of the patient's not-worn devices is not worn; null when worn (or unknown). */
  notWornSince: z.string().nullable(),
});
export type TPatientRow = z.infer<typeof ZPatientRow>;

/** Severity rank of a status for the `status` sort: higher = more severe (unassigned and assigned rank below normal). */
export const PATIENT_STATUS_SEVERITY: Record<TPatientStatus, number> = {
  sos: 5,
  high_risk: 4,
  at_risk: 3,
  normal: 2,
  unassigned: 1,
  assigned: 0,
};
/**
 * `status`: most severe first (sos, high_risk, at_risk, normal, unassigned, assigned — PATIENT_STATUS_SEVERITY), ties
 * by id; `-status`: least severe first.
 * `lastReadingAt`/`-lastReadingAt`: oldest/newest reading first, patients without readings last in both directions.
 */
export const PATIENT_SORTS = [
  'createdAt',
  '-createdAt',
  'name',
  '-name',
  'status',
  '-status',
  'lastReadingAt',
  '-lastReadingAt',
] as const;
export const ZPatientListQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'Max length is 100').optional(),
  status: ZPatientStatus.optional(),
  mhscId: ZId.optional(),
  sort: z.enum(PATIENT_SORTS, 'Invalid sort').default('-createdAt'),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is ignored). */
  cursor: z.string().max(200, 'Max length is 200').optional(),
});
export type TPatientListQuery = z.infer<typeof ZPatientListQuery>;
export const ZPatientPage = z.object({
  items: z.array(ZPatientRow),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  nextCursor: z.string().nullable(),
  /** The tenant's PATIENT_LIST_COLUMNS setting. */
  columns: z.array(z.enum(PATIENT_LIST_COLUMNS)),
});
export type TPatientPage = z.infer<typeof ZPatientPage>;

/** A doctor changes the status after confirming (spec §4). */
export const ZChangeStatusRequest = z.object({
  status: ZPatientStatus,
  confirm: z.literal(true, 'Please confirm the change'),
  reason: z.preprocess(blankToNull, z.string().max(255, 'Max length is 255').nullable()).default(null),
});
export type TChangeStatusRequest = z.infer<typeof ZChangeStatusRequest>;
export const ZStatusHistoryItem = z.object({
  id: ZId,
  fromStatus: ZPatientStatus,
  toStatus: ZPatientStatus,
  changedBy: z.string().nullable(),
  reason: z.string().nullable(),
  changedAt: z.string(),
});
export const ZStatusHistory = z.object({ items: z.array(ZStatusHistoryItem) });
export type TStatusHistory = z.infer<typeof ZStatusHistory>;

export const ZAssignDoctorsRequest = z.object({ doctorIds: z.array(ZId).max(10, 'Max length is 10') });
export type TAssignDoctorsRequest = z.infer<typeof ZAssignDoctorsRequest>;

export const ZTargetsRequest = z.object({
  sleepTargetMinutes: z
    .number('Invalid number')
    .int('Invalid number')
    .min(1, 'Min value is 1')
    .max(1440, 'Max value is 1440')
    .nullable(),
  stepsTarget: z
    .number('Invalid number')
    .int('Invalid number')
    .min(1, 'Min value is 1')
    .max(200000, 'Max value is 200000')
    .nullable(),
});
export type TTargetsRequest = z.infer<typeof ZTargetsRequest>;

/** Dashboard counts (spec §7 getCountPatientStatus). */
export const ZPatientCounts = z.object({
  total: z.number().int(),
  normal: z.number().int(),
  atRisk: z.number().int(),
  highRisk: z.number().int(),
  sos: z.number().int(),
  unassigned: z.number().int(),
  assigned: z.number().int(),
});
export type TPatientCounts = z.infer<typeof ZPatientCounts>;
export const ZCountQuery = z.object({ mhscId: ZId.optional() });
export const ZCenterCountQuery = z.object({ mhscId: ZId });

/** Bulk import (spec §5): .xlsx, template header unmodified, not empty, at most 500 MB. */
export const IMPORT_MAX_BYTES = 500 * 1024 * 1024;
/** The template's header row, in order. */
export const IMPORT_HEADER = [
  'Patient ID',
  'First name',
  'Last name',
  'Birthday (yyyy-mm-dd)',
  'Gender (male/female)',
  'Height (cm)',
  'Weight (kg)',
  'Blood type',
  'Phone',
  'Email',
  'Address',
  'Contract ID',
  'Package expiry (yyyy-mm-dd)',
] as const;
export const ZImportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const ZPatientImport = z.object({
  id: ZId,
  fileName: z.string(),
  status: ZImportStatus,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  importedRows: z.number().int(),
  errorRows: z.number().int(),
  hasErrorFile: z.boolean(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TPatientImport = z.infer<typeof ZPatientImport>;
export const ZCurrentImport = z.object({ item: ZPatientImport.nullable() });
export type TCurrentImport = z.infer<typeof ZCurrentImport>;
