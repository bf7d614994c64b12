import { z } from 'zod';
import { EMAIL_RE } from './rules.ts';

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export const THERMAL_UNITS = ['C', 'F'] as const;
export const BLOOD_GLUCOSE_UNITS = ['mg/dL', 'mmol/L', 'umol/L'] as const;

export const ZProfile = z.object({
  id: z.string().uuid(),
  tenantCode: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.string(),
  timezone: z.string(),
  unitSystem: z.enum(UNIT_SYSTEMS),
  thermalUnit: z.enum(THERMAL_UNITS),
  bloodGlucoseUnit: z.enum(BLOOD_GLUCOSE_UNITS),
  hasAvatar: z.boolean(),
  role: z.string(),
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

const personName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
export const ZUpdateProfileRequest = z.object({
  firstName: personName,
  lastName: personName,
  email: z
    .string()
    .trim()
    .max(254, 'Max length is 254')
    .regex(EMAIL_RE, 'Email is not valid')
    .transform((s) => s.toLowerCase())
    .optional(),
  phone: z
    .string()
    .trim()
    .max(20, 'Max length is 20')
    .optional()
    .or(z.literal(''))
    .transform((s) => s || undefined),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZUpdateLanguageQuery = z.object({
  lang: z.string({ error: 'Required' }).min(1, 'Required').max(16, 'Max length is 16'),
});
export const ZUpdateTimezoneQuery = z.object({
  tz: z.string({ error: 'Required' }).min(1, 'Required').max(64, 'Max length is 64'),
});
export const ZUpdateUnitsRequest = z.object({
  unitSystem: z.enum(UNIT_SYSTEMS),
  thermalUnit: z.enum(THERMAL_UNITS),
  bloodGlucoseUnit: z.enum(BLOOD_GLUCOSE_UNITS),
});
export type TUpdateUnitsRequest = z.infer<typeof ZUpdateUnitsRequest>;

export const ZChangePasswordRequest = z.object({
  password: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
  newPassword: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
  confirmPassword: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZMessage = z.object({
  id: z.string().uuid(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  provider: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  /** The body (and subject) had a one-time code or a temporary password: shown masked. */
  masked: z.boolean(),
  /** The caller may reveal it (POST messages/:id/reveal): the super admin of a tenant that allows it. */
  revealable: z.boolean(),
});
export type TMessage = z.infer<typeof ZMessage>;
export const ZRevealedMessage = z.object({ id: z.string().uuid(), subject: z.string().nullable(), body: z.string() });
export type TRevealedMessage = z.infer<typeof ZRevealedMessage>;
export const ZMessageQuery = z.object({
  channel: z.enum(['email', 'sms']).optional(),
  search: z.string().max(254, 'Max length is 254').optional(),
  page: z.coerce.number().int().min(0, 'Min value is 0').default(0),
  size: z.coerce.number().int().min(1, 'Min value is 1').max(200, 'Max value is 200').default(15),
});
export type TMessageQuery = z.infer<typeof ZMessageQuery>;

export const ZRegistration = z.object({
  id: z.string().uuid(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
});
export type TRegistration = z.infer<typeof ZRegistration>;
export const ZRegistrationList = z.object({ items: z.array(ZRegistration) });
