import { z } from 'zod';
import { ZId, page } from './common.ts';
import { CONTACT_STATUSES } from './contacts.ts';
import { DOCTOR_TYPES, ZDoctorProfile } from './staff.ts';
import { SPECIALTY_CODES } from './specialties.ts';

/**
 * The doctor directory (staff-portal spec §2/§3, patient-app spec §2 "Add doctor"): doctors with their profile
 * (specialties ≤ 5, degree codes 1–7, cost, office, education, experience, branch = the center of their doctor level,
 * family doctor or specialist), their medical licences (staff.ts: ZLicense, ZLicenseInput), and the doctor/patient
 * requests, which are the contacts of kind family_doctor / specialist (one implementation with the app's requests).
 */

// ---------- directory (GET /api/account/doctors, a superset of the schedules' doctor picker list) ----------
export const ZDoctorDirectoryQuery = z.object({
  page: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(0, 'Min value is 0')
    .default(0),
  /** Pickers read the whole list in one page (the default). */
  size: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(500, 'Max value is 500')
    .default(500),
  centerId: ZId.optional(),
  specialty: z.string().trim().max(100, 'Max length is 100').optional(),
  /** Name (either order); `name` is an alias the portal's filter sends. */
  q: z.string().trim().max(100, 'Max length is 100').optional(),
  name: z.string().trim().max(100, 'Max length is 100').optional(),
});
export type TDoctorDirectoryQuery = z.infer<typeof ZDoctorDirectoryQuery>;

export const ZDoctorCard = z.object({
  id: ZId,
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** The branch: the center of the doctor's main doctor level. */
  centerId: ZId.nullable(),
  centerName: z.string().nullable(),
  /** The first specialty (what the schedule pickers show). */
  specialty: z.string().nullable(),
  specialties: z.array(z.string()),
  doctorType: z.enum(DOCTOR_TYPES),
  degree: z.number().int().nullable(),
  examinationCost: z.number().nullable(),
  officeAddress: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  hasAvatar: z.boolean(),
});
export type TDoctorCard = z.infer<typeof ZDoctorCard>;
export const ZDoctorDirectoryPage = page(ZDoctorCard);
export type TDoctorDirectoryPage = z.infer<typeof ZDoctorDirectoryPage>;

/** GET /api/account/doctors/{id}: the card, the whole profile, and whether the caller may edit it. */
export const ZDoctorDetail = ZDoctorCard.extend({
  phone: z.string().nullable(),
  profile: ZDoctorProfile,
  /** The doctor themself, or an admin with StaffUpdate within reach. */
  canEdit: z.boolean(),
});
export type TDoctorDetail = z.infer<typeof ZDoctorDetail>;

// ---------- doctor and patient requests ----------
/**
 * Two views of the same contacts (kind family_doctor / specialist, owner = the patient, contact = the doctor):
 * - a patient request is between a doctor and a patient: received = the patient asked the doctor (app), sent = the
 *   doctor asked the patient (the patient answers in the app);
 * - a doctor request asks a doctor to take a patient: sent by staff or by the patient's doctor (a referral), received by
 *   the doctor, who accepts or rejects. Accepting a family-doctor request unassigns the patient's current doctor.
 */
export const REQUEST_KINDS = ['family_doctor', 'specialist'] as const;
export const ZRequestKind = z.enum(REQUEST_KINDS, 'Must be family_doctor or specialist');
export const ZCareRequestStatus = z.enum(CONTACT_STATUSES);

const ZPersonBrief = z.object({ id: ZId, name: z.string() });
export const ZCareRequest = z.object({
  id: ZId,
  kind: ZRequestKind,
  specialty: z.string().nullable(),
  status: ZCareRequestStatus,
  direction: z.enum(['sent', 'received']),
  /** The patient record (null when the account has none) and their app account. */
  patient: z.object({ id: ZId.nullable(), userId: ZId, name: z.string(), code: z.string().nullable() }),
  doctor: ZPersonBrief,
  requestedBy: ZPersonBrief,
  /** Doctors accepting would unassign (the warning shown before accepting); empty for specialists. */
  replaces: z.array(ZPersonBrief),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type TCareRequest = z.infer<typeof ZCareRequest>;
export const ZCareRequestList = z.object({ sent: z.array(ZCareRequest), received: z.array(ZCareRequest) });
export type TCareRequestList = z.infer<typeof ZCareRequestList>;
export const ZCareRequestQuery = z.object({ status: ZCareRequestStatus.optional() });

const specialtyRule = <T extends { kind: string; specialty?: string | undefined }>(v: T, c: z.RefinementCtx) => {
  if (v.kind === 'specialist' && !v.specialty) c.addIssue({ code: 'custom', path: ['specialty'], message: 'Required' });
};
const optSpecialty = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(SPECIALTY_CODES, 'Unknown specialty').optional(),
);

/** POST /api/account/doctor-requests: ask a doctor to take a patient (staff, or the patient's doctor referring them). */
export const ZCreateDoctorRequest = z
  .object({ patientId: ZId, doctorId: ZId, kind: ZRequestKind, specialty: optSpecialty })
  .superRefine(specialtyRule);
export type TCreateDoctorRequest = z.infer<typeof ZCreateDoctorRequest>;
/** POST /api/account/patient-requests: a doctor asks a patient to become their family doctor or specialist. */
export const ZCreatePatientRequest = z
  .object({ patientId: ZId, kind: ZRequestKind, specialty: optSpecialty })
  .superRefine(specialtyRule);
export type TCreatePatientRequest = z.infer<typeof ZCreatePatientRequest>;

// ---------- the patient app's doctor search ----------
export const ZAppDoctorSearchQuery = z
  .object({
    /** Matches a doctor's id, e-mail, name, specialty (code or label) or address (office or branch). */
    q: z.string().trim().max(100, 'Max length is 100').optional(),
    specialty: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SPECIALTY_CODES, 'Unknown specialty').optional()),
    /** "Near me": the browser's position; results nearest first with their distance. */
    lat: z.coerce
      .number({ error: 'Must be a number' })
      .min(-90, 'Min value is -90')
      .max(90, 'Max value is 90')
      .optional(),
    lng: z.coerce
      .number({ error: 'Must be a number' })
      .min(-180, 'Min value is -180')
      .max(180, 'Max value is 180')
      .optional(),
  })
  .superRefine((v, c) => {
    if ((v.lat === undefined) !== (v.lng === undefined))
      c.addIssue({ code: 'custom', path: [v.lat === undefined ? 'lat' : 'lng'], message: 'Required' });
  });
export type TAppDoctorSearchQuery = z.infer<typeof ZAppDoctorSearchQuery>;
export const ZAppDoctor = z.object({
  id: ZId,
  fullName: z.string(),
  email: z.string().nullable(),
  specialties: z.array(z.string()),
  doctorType: z.enum(DOCTOR_TYPES),
  degree: z.number().int().nullable(),
  examinationCost: z.number().nullable(),
  officeAddress: z.string().nullable(),
  centerName: z.string().nullable(),
  /** Kilometres from the given position to the doctor's center; null without a position or center coordinates. */
  distanceKm: z.number().nullable(),
});
export type TAppDoctor = z.infer<typeof ZAppDoctor>;
export const ZAppDoctorList = z.object({ items: z.array(ZAppDoctor) });
export type TAppDoctorList = z.infer<typeof ZAppDoctorList>;
/** At most this many search results. */
export const APP_DOCTOR_SEARCH_LIMIT = 30;
