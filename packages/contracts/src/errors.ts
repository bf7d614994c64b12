import { z } from 'zod';

/** Stable error codes (the spec's error catalogue). The apps translate codes to text; `message` is the English default. */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid request parameter' },
  INVALID_PAGING: { status: 400, message: 'Incorrect paging parameters' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  UNAUTHORIZED: { status: 401, message: 'Please login to continue' },
  SESSION_EXPIRED: { status: 401, message: 'Your session is expired!' },
  PERMISSIONS_CHANGED: { status: 401, message: 'Your permissions have changed. Please login again' },
  LOGGED_IN_ELSEWHERE: { status: 403, message: 'Your account was logged in somewhere else. Please login to continue' },
  PERMISSION_DENIED: { status: 403, message: "You don't have permission to access" },
  WRONG_LOGIN: { status: 400, message: 'Wrong login information!' },
  ACCOUNT_LOCKED: { status: 423, message: 'This account has been locked' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account has been disabled' },
  ACCOUNT_PENDING_APPROVAL: { status: 403, message: 'Your registration is waiting for approval' },
  WRONG_TENANT: { status: 400, message: 'Wrong tenant' },
  OTP_WRONG: { status: 400, message: 'You have typed wrong OTP!' },
  OTP_BLOCKED: { status: 400, message: 'You have typed wrong OTP many times. Please try to send email again!' },
  OTP_EXPIRED: { status: 400, message: 'The code has expired. Please request a new one' },
  OTP_TOO_SOON: { status: 429, message: 'Please wait before requesting another code' },
  EMAIL_NOT_FOUND: { status: 404, message: 'Email address does not exist' },
  EMAIL_USED: { status: 409, message: 'Email is already used' },
  PHONE_USED: { status: 409, message: 'Phone number is used by another account' },
  EMAIL_NOT_VERIFIED: { status: 400, message: 'Please verify your email first' },
  TERMS_NOT_ACCEPTED: { status: 400, message: 'You must accept the terms and privacy policy' },
  WRONG_CURRENT_PASSWORD: { status: 400, message: "Your current password isn't correct" },
  SAME_PASSWORD: { status: 400, message: 'New password must differ from the current password' },
  PASSWORD_MISMATCH: { status: 400, message: 'Password confirmation does not match' },
  WEAK_PASSWORD: { status: 400, message: 'Password does not satisfy the password rule' },
  ROLE_EXISTED: { status: 409, message: 'Role existed' },
  ROLE_DEFAULT_READONLY: { status: 400, message: 'Default role name cannot be changed' },
  INVALID_LANGUAGE: { status: 400, message: 'Unsupported language' },
  INVALID_TIMEZONE: { status: 400, message: 'Invalid timezone' },
  INVALID_FILE_TYPE: { status: 400, message: 'File invalid type' },
  FILE_TOO_LARGE: { status: 413, message: 'File invalid size' },
  LEVEL_NOT_FOUND: { status: 404, message: 'Level not found' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'Account not found' },
  TENANT_NOT_FOUND: { status: 404, message: 'Tenant not found' },
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please contact technical support' },
} as const;

export type ErrorCode = keyof typeof ERRORS;
export const ErrorCodes = Object.keys(ERRORS) as ErrorCode[];

export const ZFieldError = z.object({ field: z.string(), rule: z.string(), message: z.string() });
export const ZErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z
    .object({ field: z.string().optional(), rule: z.string().optional(), fields: z.array(ZFieldError).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
export type TFieldError = z.infer<typeof ZFieldError>;
