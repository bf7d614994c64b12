import { z } from 'zod';
import { EMAIL_RE } from './rules.ts';
import { BLOOD_TYPES, CONTACT_RELATIONSHIPS } from './codes.ts';
import { SKIN_COLOURS } from './app-auth.ts';
import { UNIT_SYSTEMS } from './account.ts';

/**
 * Patient app: the account holder's profile, medical profile, sub-users, feedback and self-service deletion
 * (patient-app spec §3 "User profile", "Sub-user", "Feedback"; §4 "Account deletion"; §5 "Account fields", "Files").
 */

/** Spec §3 "Pre-existing conditions". */
export const BACKGROUND_DISEASES = ['HEART_DISEASE', 'HIGH_CHOLESTEROL', 'DIABETES', 'HIGH_BLOOD_PRESSURE'] as const;
/** Spec §9 says a maximum of sub-user profiles exists without giving it: 5, like the other per-account limits of §9. */
export const MAX_SUB_USERS = 5;
/** Spec §9 "Under-18s are not served": the account holder's own birthday must make them an adult. */
export const MIN_AGE_YEARS = 18;
/** Spec §5 "Files": feedback image at most 5 MB, png/jpeg/jpg/gif/webp. */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const FEEDBACK_KINDS = ['ERROR', 'IMPROVE'] as const;
export const FEEDBACK_CATEGORIES = ['SOFTWARE', 'HARDWARE', 'SERVICE'] as const;
/** Spec §4/§9: disabled at once, data deleted after 30 days (all of it, backups included, within 90). */
export const DELETION_DELAY_DAYS = 30;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The account holder's date of birth (§5 valid and not later than today; §9 no under-18s). `today` is YYYY-MM-DD on
 * the caller's calendar (the phone's, or the server's clock). ISO day strings compare in calendar order.
 */
export function adultBirthdayProblem(value: string, today: string): 'invalid' | 'future' | 'under_18' | null {
  const m = DAY_RE.exec(value);
  if (!m) return 'invalid';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== value || value < '1900-01-01') return 'invalid';
  if (value > today) return 'future';
  const adultFrom = `${String(Number(today.slice(0, 4)) - MIN_AGE_YEARS).padStart(4, '0')}${today.slice(4)}`;
  return value > adultFrom ? 'under_18' : null;
}

const required = (name = 'Required') => z.string({ error: name }).trim().min(1, name);
const personName = required()
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
const optionalName = personName.optional().or(z.literal('').transform(() => undefined));
/** A real calendar day from 1900 on (year 0 parses in JavaScript but PostgreSQL refuses it). */
const isoDay = z
  .string({ error: 'Required' })
  .regex(DAY_RE, 'Date of birth is not valid')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return s >= '1900-01-01' && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'Date of birth is not valid');
/** Same bounds as manual entry (§5: weight above 1 and below 700 kg); height 30–300 cm. */
const heightCm = z
  .number({ error: 'Height must be a number' })
  .gt(30, 'Height must be between 30 and 300 cm')
  .lt(300, 'Height must be between 30 and 300 cm');
const weightKg = z
  .number({ error: 'Weight must be a number' })
  .gt(1, 'Weight must be above 1 kg and below 700 kg')
  .lt(700, 'Weight must be above 1 kg and below 700 kg');

export const ZAppProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  birthday: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  region: z.string().nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  unitSystem: z.enum(UNIT_SYSTEMS),
  hasAvatar: z.boolean(),
  /** The account has its own patient record (a follower-only account has none). */
  patientId: z.string().nullable(),
});
export type TAppProfile = z.infer<typeof ZAppProfile>;

export const ZUpdateAppProfileRequest = z.object({
  firstName: personName,
  middleName: optionalName,
  lastName: personName,
  nickName: z
    .string()
    .trim()
    .max(64, 'Max length is 64')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Not later than today and at least 18 years ago (checked on the server's clock). */
  birthday: isoDay,
  gender: z.enum(['male', 'female'], { error: 'Invalid gender' }),
  phone: z
    .string()
    .trim()
    .max(20, 'Max length is 20')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** May be left empty, but if given must be valid (§5). */
  email: z
    .string()
    .trim()
    .max(254, 'Max length is 254')
    .refine((s) => s === '' || EMAIL_RE.test(s), 'Email is not valid')
    .transform((s) => (s ? s.toLowerCase() : undefined))
    .optional(),
  address: required().max(200, 'Max length is 200'),
  heightCm: heightCm.nullable().optional(),
  weightKg: weightKg.nullable().optional(),
});
export type TUpdateAppProfileRequest = z.input<typeof ZUpdateAppProfileRequest>;
export type TUpdateAppProfile = z.infer<typeof ZUpdateAppProfileRequest>;

export const ZMedicalProfile = z.object({
  bloodType: z.enum(BLOOD_TYPES).nullable(),
  skinColour: z.enum(SKIN_COLOURS).nullable(),
  backgroundDiseases: z.array(z.enum(BACKGROUND_DISEASES)),
  medicalHistory: z.string().nullable(),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  /** A patient edits it only when their doctor allowed it (§6); a follower-only account always may. */
  editable: z.boolean(),
});
export type TMedicalProfile = z.infer<typeof ZMedicalProfile>;

export const ZUpdateMedicalProfileRequest = z.object({
  bloodType: z.enum(BLOOD_TYPES, { error: 'Blood type is required' }).nullable(),
  skinColour: z.enum(SKIN_COLOURS, { error: 'Skin colour is required' }).nullable(),
  backgroundDiseases: z
    .array(z.enum(BACKGROUND_DISEASES, { error: 'Unknown condition' }))
    .max(BACKGROUND_DISEASES.length),
  medicalHistory: z.string().trim().max(2000, 'Max length is 2000').nullable(),
  heightCm: heightCm.nullable(),
  weightKg: weightKg.nullable(),
});
export type TUpdateMedicalProfileRequest = z.infer<typeof ZUpdateMedicalProfileRequest>;

export const ZMedicalProfileEditableRequest = z.object({ editable: z.boolean({ error: 'Required' }) });
export const ZMedicalProfileEditable = z.object({ patientId: z.string(), editable: z.boolean() });

export const ZSubUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.enum(CONTACT_RELATIONSHIPS).nullable(),
  birthday: z.string().nullable(),
  createdAt: z.string(),
});
export type TSubUser = z.infer<typeof ZSubUser>;
export const ZSubUserList = z.object({ items: z.array(ZSubUser), max: z.number().int() });

export const ZSubUserRequest = z.object({
  firstName: personName,
  lastName: personName,
  relationship: z.enum(CONTACT_RELATIONSHIPS, { error: 'Relationship is required' }),
  /** Valid and not later than today (a sub-user may be a child: no age floor). */
  birthday: isoDay,
});
export type TSubUserRequest = z.infer<typeof ZSubUserRequest>;

/** Text fields of the multipart feedback form (the image is the `image` file part). */
export const ZFeedbackFields = z.object({
  kind: z.enum(FEEDBACK_KINDS, { error: 'Choose a feedback type' }),
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'Choose a category' }),
  description: required().max(2000, 'Max length is 2000'),
  suggestion: z
    .string()
    .trim()
    .max(2000, 'Max length is 2000')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type TFeedbackFields = z.infer<typeof ZFeedbackFields>;
export const ZFeedbackResult = z.object({ id: z.string(), createdAt: z.string(), hasImage: z.boolean() });

/** The current password (proof it is the holder, not someone holding an unlocked phone) and an explicit confirmation. */
export const ZDeleteAccountRequest = z.object({
  password: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
  confirm: z.literal(true, { error: 'You must confirm the deletion' }),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
export const ZDeleteAccountResult = z.object({ deletionDueAt: z.string() });
