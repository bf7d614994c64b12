import { z } from 'zod';
import { EMAIL_RE } from './rules.ts';

const required = (name = 'Required') => z.string({ error: name }).trim().min(1, name);
const tenantCode = required().max(64, 'Max length is 64');
export const ZEmail = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(254, 'Max length is 254')
  .regex(EMAIL_RE, 'Email is not valid')
  .transform((s) => s.toLowerCase());
export const ZOtpCode = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^[0-9]{6}$/, 'The code must be 6 digits');
const pw = z.string({ error: 'Required' }).min(1, 'Required').max(128, 'Max length is 128');
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const ZTokenRequest = z.object({
  tenant: tenantCode,
  username: required().max(254, 'Max length is 254'),
  password: pw,
  grant_type: z.literal('password', { error: "grant_type must be 'password'" }),
  remember_me: boolish.optional(),
});
export type TTokenRequest = z.infer<typeof ZTokenRequest>;

export const ZTokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZRefreshRequest = z.object({ refresh_token: required().max(256, 'Max length is 256') });
export const ZCheckTokenResponse = z.object({ valid: z.literal(true), expiresAt: z.string() });

export const ZOtpSendPhoneRequest = z.object({
  tenant: tenantCode,
  phoneNumber: required().max(20, 'Max length is 20'),
});
export const ZOtpSendMailRequest = z.object({ tenant: tenantCode, email: ZEmail });
export const ZOtpSentResponse = z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() });
export type TOtpSentResponse = z.infer<typeof ZOtpSentResponse>;
export const ZOtpTokenRequest = z.object({
  tenantId: tenantCode,
  type: z.enum(['phone', 'email'], { error: "type must be 'phone' or 'email'" }),
  otp: ZOtpCode,
  username: required().max(254, 'Max length is 254'),
});
export type TOtpTokenRequest = z.infer<typeof ZOtpTokenRequest>;

export const ZRegisterOtpRequest = z.object({ tenant: tenantCode, email: ZEmail });
export const ZVerifyRegisterRequest = z.object({ tenant: tenantCode, email: ZEmail, token: ZOtpCode });
export const ZVerifyRegisterResponse = z.object({ verified: z.literal(true) });

const personName = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'Max length is 64')
  .refine((s) => !/[0-9]/.test(s), 'Names must not contain digits');
export const ZRegisterRequest = z.object({
  tenant: tenantCode.optional().default('demo'),
  email: ZEmail,
  phone: z
    .string()
    .trim()
    .max(20, 'Max length is 20')
    .optional()
    .or(z.literal(''))
    .transform((s) => s || undefined),
  firstName: personName,
  lastName: personName,
  password: pw,
  confirmPassword: pw,
  acceptTerms: z.literal(true, { error: 'You must accept the terms' }),
  acceptPrivacy: z.literal(true, { error: 'You must accept the privacy policy' }),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
export const ZRegisterResponse = z.object({ status: z.literal('pending_approval') });

export const ZForgotSendRequest = z.object({ tenant: tenantCode, email: ZEmail });
export const ZForgotResetRequest = z.object({
  tenant: tenantCode,
  email: ZEmail,
  otp: ZOtpCode,
  newPassword: pw,
  confirmPassword: pw,
});
export type TForgotResetRequest = z.infer<typeof ZForgotResetRequest>;

export const ZLevel = z.object({
  id: z.string().uuid(),
  roleCode: z.string(),
  roleName: z.string(),
  scopeId: z.string().uuid().nullable(),
  scopeName: z.string().nullable(),
  centerId: z.string().uuid().nullable(),
  centerName: z.string().nullable(),
});
export type TLevel = z.infer<typeof ZLevel>;
export const ZPermissionResponse = z.object({
  userId: z.string().uuid(),
  tenantId: z.string().uuid(),
  tenantCode: z.string(),
  role: z.string(),
  level: ZLevel,
  levelCount: z.number().int(),
  permissions: z.array(z.number().int()),
});
export type TPermissionResponse = z.infer<typeof ZPermissionResponse>;
export const ZLevelList = z.object({ items: z.array(ZLevel), current: z.string().uuid() });
export const ZSwitchLevelRequest = z.object({ levelId: z.string().uuid('Invalid id') });
