import { z } from 'zod';
import { EMAIL_RE } from './rules.ts';
import { ZId, page } from './common.ts';
import { ACCOUNT_STATES } from './lifecycle.ts';
import { MAX_SPECIALTIES, SPECIALTY_CODES } from './specialties.ts';

/** Doctor degree codes of spec §3. */
export const DOCTOR_DEGREES = {
  1: 'medical_doctor',
  2: 'master_of_science',
  3: 'doctor_of_philosophy',
  4: 'level1_doctor',
  5: 'level2_doctor',
  6: 'associate_professor',
  7: 'professor',
} as const;
export const DOCTOR_DEGREE_CODES = [1, 2, 3, 4, 5, 6, 7] as const;
export type TDoctorDegree = (typeof DOCTOR_DEGREE_CODES)[number];

/** Doctor role of spec §3: family doctor or specialist. */
export const DOCTOR_TYPES = ['family', 'specialist'] as const;

/** Roles that need SystemAdminManage to create or edit (spec §6: super admin alone manages system admins). */
export const PRIVILEGED_ROLE_CODES = ['root', 'super_admin', 'system_admin'] as const;

/** Medical license image: PNG or JPEG by content, at most 5 MB (spec §9 report image). */
export const LICENSE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const personName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
const email = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(254, 'Max length is 254')
  .regex(EMAIL_RE, 'Email is not valid')
  .transform((s) => s.toLowerCase());
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Max length is ${max}`)
    .nullable()
    .optional()
    .or(z.literal(''))
    .transform((s) => s || null);
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Max length is 254')
  .regex(EMAIL_RE, 'Email is not valid')
  .nullable()
  .optional()
  .or(z.literal(''))
  .transform((s) => (s ? s.toLowerCase() : null));
const phone = z
  .string()
  .trim()
  .max(20, 'Max length is 20')
  .nullable()
  .optional()
  .or(z.literal(''))
  .transform((s) => s || null);
const isoDate = z
  .string({ error: 'Required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-MM-dd')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Date must be yyyy-MM-dd');

// ---------- levels (role + scope/center + main/support) ----------
export const ZStaffLevel = z.object({
  id: z.string().uuid(),
  roleCode: z.string(),
  roleName: z.string(),
  scopeId: z.string().uuid().nullable(),
  scopeName: z.string().nullable(),
  centerId: z.string().uuid().nullable(),
  centerName: z.string().nullable(),
  isMain: z.boolean(),
});
export type TStaffLevel = z.infer<typeof ZStaffLevel>;

export const ZStaffLevelInput = z.object({
  roleCode: z.string({ error: 'Required' }).trim().min(1, 'Required').max(64, 'Max length is 64'),
  scopeId: ZId.nullable()
    .optional()
    .transform((v) => v ?? null),
  centerId: ZId.nullable()
    .optional()
    .transform((v) => v ?? null),
  isMain: z.boolean().optional().default(false),
});
export type TStaffLevelInput = z.infer<typeof ZStaffLevelInput>;
const levels = z
  .array(ZStaffLevelInput, { error: 'Required' })
  .min(1, 'At least one role must be selected')
  .max(20, 'Max length is 20');

// ---------- doctor profile ----------
export const ZDoctorProfileInput = z.object({
  specialties: z
    .array(z.enum(SPECIALTY_CODES, { error: 'Unknown specialty' }))
    .max(MAX_SPECIALTIES, `Max length is ${MAX_SPECIALTIES}`)
    .default([]),
  degree: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)], {
      error: 'Degree must be 1 to 7',
    })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  examinationCost: z
    .number({ error: 'Must be a number' })
    .min(0, 'Min value is 0')
    .max(1_000_000_000, 'Max value is 1000000000')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  officeAddress: optionalText(255),
  officeEmail: optionalEmail,
  officePhone: phone,
  introduction: optionalText(2000),
  placeOfEducation: optionalText(255),
  yearsOfExperience: z
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Min value is 0')
    .max(80, 'Max value is 80')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  doctorType: z.enum(DOCTOR_TYPES, { error: 'Must be family or specialist' }).default('family'),
});
export type TDoctorProfileInput = z.infer<typeof ZDoctorProfileInput>;

export const ZDoctorProfile = z.object({
  specialties: z.array(z.string()),
  degree: z.number().int().nullable(),
  examinationCost: z.number().nullable(),
  officeAddress: z.string().nullable(),
  officeEmail: z.string().nullable(),
  officePhone: z.string().nullable(),
  introduction: z.string().nullable(),
  placeOfEducation: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  doctorType: z.enum(DOCTOR_TYPES),
});
export type TDoctorProfile = z.infer<typeof ZDoctorProfile>;

// ---------- licenses ----------
export const ZLicenseInput = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(255, 'Max length is 255'),
  number: z
    .string()
    .trim()
    .max(64, 'Max length is 64')
    .nullable()
    .optional()
    .or(z.literal(''))
    .transform((s) => s || null),
  expiryDate: isoDate,
});
export type TLicenseInput = z.infer<typeof ZLicenseInput>;
export const ZLicense = z.object({
  id: z.string().uuid(),
  name: z.string(),
  number: z.string().nullable(),
  expiryDate: z.string(),
  hasImage: z.boolean(),
  expired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLicense = z.infer<typeof ZLicense>;
export const ZLicenseList = z.object({ items: z.array(ZLicense) });
export const ZLicenseParams = z.object({ id: ZId, licenseId: ZId });

// ---------- staff ----------
export const STAFF_STATUSES = ACCOUNT_STATES;
export const ZPersonRef = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZStaffSummary = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(ACCOUNT_STATES),
  disabledUntil: z.string().nullable(),
  levels: z.array(ZStaffLevel),
  /** Doctors only (empty otherwise). */
  specialties: z.array(z.string()),
  hasAvatar: z.boolean(),
  createdAt: z.string(),
});
export type TStaffSummary = z.infer<typeof ZStaffSummary>;
export const ZStaffPage = page(ZStaffSummary);
export type TStaffPage = z.infer<typeof ZStaffPage>;

export const ZStaffDetail = ZStaffSummary.extend({
  /** Present when the account holds the doctor role. */
  doctorProfile: ZDoctorProfile.nullable(),
  /** Doctors followed (doctor assistants). */
  doctors: z.array(ZPersonRef),
});
export type TStaffDetail = z.infer<typeof ZStaffDetail>;

/**
 * Staff list sorts: `-` = descending (issue 20); the unprefixed ones also honour the older `order` parameter.
 * Default `name` (first name, last name, id ascending).
 */
export const STAFF_SORTS = [
  'name',
  'email',
  'createdAt',
  '-name',
  '-email',
  '-createdAt',
  'status',
  '-status',
] as const;
export const ZStaffQuery = z.object({
  page: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(0, 'Min value is 0')
    .default(0),
  size: z.coerce
    .number({ error: 'Incorrect paging parameters' })
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(15),
  searchValue: z.string().trim().max(254, 'Max length is 254').optional(),
  role: z.string().trim().max(64, 'Max length is 64').optional(),
  centerId: ZId.optional(),
  status: z.enum(ACCOUNT_STATES).optional(),
  specialty: z.enum(SPECIALTY_CODES).optional(),
  sort: z.enum(STAFF_SORTS, 'Invalid sort').default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TStaffQuery = z.infer<typeof ZStaffQuery>;

export const ZCreateStaffRequest = z.object({
  firstName: personName,
  lastName: personName,
  email,
  phone,
  levels,
  /** Optional text fields accept '', null or nothing (the apps send the parsed output back). Doctors: their profile (defaults when omitted). */
  doctorProfile: ZDoctorProfileInput.optional(),
  /** Doctor assistants: the doctors they follow (at least one). */
  doctorIds: z.array(ZId).max(50, 'Max length is 50').optional().default([]),
});
export type TCreateStaffRequest = z.infer<typeof ZCreateStaffRequest>;

export const ZUpdateStaffRequest = z.object({
  firstName: personName,
  lastName: personName,
  email,
  phone,
  levels,
  /** Doctors to follow in addition (when the account becomes a doctor assistant). */
  doctorIds: z.array(ZId).max(50, 'Max length is 50').optional().default([]),
});
export type TUpdateStaffRequest = z.infer<typeof ZUpdateStaffRequest>;

export const ZFollowDoctorRequest = z.object({ doctorId: ZId });
export const ZDoctorParams = z.object({ id: ZId, doctorId: ZId });
export const ZPersonList = z.object({ items: z.array(ZPersonRef) });

/** What the staff form may pick: roles the caller may grant, centers and scopes within the caller's reach. */
export const ZStaffOptions = z.object({
  roles: z.array(z.object({ code: z.string(), name: z.string(), isDefault: z.boolean() })),
  centers: z.array(z.object({ id: z.string().uuid(), name: z.string(), scopeId: z.string().uuid().nullable() })),
  scopes: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      level: z.number().int(),
      parentId: z.string().uuid().nullable(),
    }),
  ),
});
export type TStaffOptions = z.infer<typeof ZStaffOptions>;

export const ZUsernameQuery = z.object({
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254, 'Max length is 254'),
});

// ---------- §7 self-service profiles ----------
export const ZDoctorMe = z.object({ account: ZStaffDetail, licenses: z.array(ZLicense) });
export type TDoctorMe = z.infer<typeof ZDoctorMe>;
export const ZUpdateDoctorMeRequest = ZDoctorProfileInput.extend({
  firstName: personName.optional(),
  lastName: personName.optional(),
});
export const ZUpdateAssistantMeRequest = z.object({ firstName: personName, lastName: personName, phone });
export type TUpdateAssistantMeRequest = z.infer<typeof ZUpdateAssistantMeRequest>;
