import { z } from 'zod';
import { ZEmail, ZOtpCode, ZTokenResponse } from './auth.ts';
import { BLOOD_TYPES, CONTACT_RELATIONSHIPS } from './codes.ts';
import { isValidTimezone } from './rules.ts';

/**
 * Patient-app self-registration (patient-app spec §2 Access, §5 Account fields). A person registers with a one-time code
 * sent to their phone or e-mail, then gives their profile; the account is active at once and signed in.
 */
const required = (name = 'Required') => z.string({ error: name }).trim().min(1, name);
const tenantCode = required().max(64, 'Max length is 64');
const personName = required()
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
const phone = required().max(20, 'Max length is 20');

/** Fitzpatrick skin types I–VI (wrist optical sensors read differently on darker skin). */
export const SKIN_COLOURS = ['type_1', 'type_2', 'type_3', 'type_4', 'type_5', 'type_6'] as const;
/** `patient`: monitors their own health (gets a patient record); `follower`: follows family members only. */
export const APP_ACCOUNT_TYPES = ['patient', 'follower'] as const;
/** The registering person's relationship to the person monitored (`self` for their own account). */
export const APP_RELATIONSHIPS = ['self', ...CONTACT_RELATIONSHIPS] as const;
export const APP_LANGUAGES = ['en', 'en-CA', 'vi'] as const;
export const APP_REGIONS = ['VN', 'CA'] as const;

export const ZAppRegisterOtpRequest = z
  .object({
    tenant: tenantCode,
    channel: z.enum(['phone', 'email'], { error: "channel must be 'phone' or 'email'" }),
    phone: phone.optional(),
    email: ZEmail.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'phone' && !b.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Required' });
    if (b.channel === 'email' && !b.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Required' });
  });
export type TAppRegisterOtpRequest = z.infer<typeof ZAppRegisterOtpRequest>;

const isoDay = z
  .string({ error: 'Required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth is not valid')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Date of birth is not valid',
  );

/** IANA time zone (alert "valid time" windows); the server default when left out. */
const timezone = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((tz) => isValidTimezone(tz), 'Invalid timezone');

export const ZAppRegisterRequest = z
  .object({
    tenant: tenantCode,
    channel: z.enum(['phone', 'email'], { error: "channel must be 'phone' or 'email'" }),
    phone: phone.optional(),
    /** Required when registering by e-mail; optional (but valid) with a phone. */
    email: ZEmail.optional(),
    otp: ZOtpCode,
    firstName: personName,
    middleName: personName.optional().or(z.literal('').transform(() => undefined)),
    lastName: personName,
    /** Not later than today (checked on the server's clock). */
    birthday: isoDay,
    gender: z.enum(['male', 'female'], { error: 'Invalid gender' }),
    address: required().max(200, 'Max length is 200'),
    bloodType: z.enum(BLOOD_TYPES, { error: 'Blood type is required' }),
    skinColour: z.enum(SKIN_COLOURS, { error: 'Skin colour is required' }),
    relationship: z.enum(APP_RELATIONSHIPS, { error: 'Relationship is required' }),
    accountType: z.enum(APP_ACCOUNT_TYPES, { error: 'Account type is required' }),
    password: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
    acceptTerms: z.literal(true, { error: 'You must accept the terms' }),
    /** Consent to processing health data for health purposes (separate from the terms). */
    acceptHealthProcessing: z.literal(true, { error: 'You must agree to the processing of your health data' }),
    language: z.enum(APP_LANGUAGES).optional(),
    region: z.enum(APP_REGIONS).optional(),
    timezone: timezone.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'phone' && !b.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Required' });
    if (b.channel === 'email' && !b.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Required' });
    if (b.password !== b.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  });
export type TAppRegisterRequest = z.infer<typeof ZAppRegisterRequest>;
/** The new account is signed in at once (app client). */
export const ZAppRegisterResponse = ZTokenResponse.extend({ userId: z.string(), patientId: z.string().nullable() });
export type TAppRegisterResponse = z.infer<typeof ZAppRegisterResponse>;

/** Patient-app password reset, by phone or e-mail. An unknown account gets the same answer as a known one. */
export const ZAppForgotOtpRequest = z
  .object({
    tenant: tenantCode,
    channel: z.enum(['phone', 'email'], { error: "channel must be 'phone' or 'email'" }),
    phone: phone.optional(),
    email: ZEmail.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'phone' && !b.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Required' });
    if (b.channel === 'email' && !b.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Required' });
  });
export type TAppForgotOtpRequest = z.infer<typeof ZAppForgotOtpRequest>;

export const ZAppForgotResetRequest = z
  .object({
    tenant: tenantCode,
    channel: z.enum(['phone', 'email'], { error: "channel must be 'phone' or 'email'" }),
    phone: phone.optional(),
    email: ZEmail.optional(),
    otp: ZOtpCode,
    newPassword: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128'),
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'phone' && !b.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Required' });
    if (b.channel === 'email' && !b.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Required' });
    if (b.newPassword !== b.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  });
export type TAppForgotResetRequest = z.infer<typeof ZAppForgotResetRequest>;
