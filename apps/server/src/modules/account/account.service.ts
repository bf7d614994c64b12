import { normalizeLanguage, isValidTimezone, isValidPhone } from '@carewatch/contracts/rules';
import type { TProfile, TUpdateProfileRequest, TUpdateUnitsRequest } from '@carewatch/contracts/account';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  updateUserPreferences,
  updateUserProfile,
  type UserRow,
} from '../users/users.service.ts';
import { phoneRuleOf } from '../tenants/tenants.service.ts';

export const AVATAR_MAX_BYTES = 1024 * 1024;

function toProfile(u: UserRow, ctx: AuthedCtx): TProfile {
  return {
    id: u.id,
    tenantCode: ctx.auth.tenantCode,
    email: u.email,
    phone: u.phone,
    firstName: u.first_name,
    lastName: u.last_name,
    language: u.language,
    timezone: u.timezone,
    unitSystem: u.unit_system === 'imperial' ? 'imperial' : 'metric',
    thermalUnit: u.thermal_unit === 'F' ? 'F' : 'C',
    bloodGlucoseUnit:
      u.blood_glucose_unit === 'mg/dL' ? 'mg/dL' : u.blood_glucose_unit === 'umol/L' ? 'umol/L' : 'mmol/L',
    hasAvatar: !!u.avatar_path,
    role: String(ctx.auth.roleCode),
    createdAt: u.created_at.toISOString(),
  };
}

async function me(ctx: AuthedCtx) {
  const u = await findUserById(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  return u;
}

export async function getProfile(ctx: AuthedCtx): Promise<TProfile> {
  return toProfile(await me(ctx), ctx);
}

export async function updateProfile(ctx: AuthedCtx, input: TUpdateProfileRequest): Promise<TProfile> {
  const u = await me(ctx);
  const email = input.email ?? u.email;
  const phone = input.phone ?? null;
  if (phone && !isValidPhone(phone, await phoneRuleOf(ctx.db, ctx.auth.tenantId)))
    throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'phone' }, 'Phone number is not valid');
  if (email && email !== u.email) {
    const other = await findUserByEmail(ctx.db, ctx.auth.tenantId, email);
    if (other && other.id !== u.id) throw fieldError('EMAIL_USED', 'email');
  }
  if (phone && phone !== u.phone) {
    const other = await findUserByPhone(ctx.db, ctx.auth.tenantId, phone);
    if (other && other.id !== u.id) throw fieldError('PHONE_USED', 'phone');
  }
  if (!email && !phone)
    throw new AppError('VALIDATION_ERROR', { field: 'email', rule: 'required' }, 'Email or phone is required');
  await updateUserProfile(
    ctx.db,
    ctx.auth.tenantId,
    u.id,
    { firstName: input.firstName, lastName: input.lastName, email, phone },
    ctx.clock.now(),
  );
  await audit(ctx, { action: 'account.profile.update', resource: 'user', resourceId: u.id });
  return getProfile(ctx);
}

export async function updateLanguage(ctx: AuthedCtx, lang: string): Promise<TProfile> {
  const l = normalizeLanguage(lang);
  if (!l) throw fieldError('INVALID_LANGUAGE', 'lang');
  await updateUserPreferences(ctx.db, ctx.auth.tenantId, ctx.auth.userId, { language: l }, ctx.clock.now());
  return getProfile(ctx);
}

export async function updateTimezone(ctx: AuthedCtx, tz: string): Promise<TProfile> {
  if (!isValidTimezone(tz)) throw fieldError('INVALID_TIMEZONE', 'tz');
  await updateUserPreferences(ctx.db, ctx.auth.tenantId, ctx.auth.userId, { timezone: tz }, ctx.clock.now());
  return getProfile(ctx);
}

export async function updateUnits(ctx: AuthedCtx, input: TUpdateUnitsRequest): Promise<TProfile> {
  await updateUserPreferences(
    ctx.db,
    ctx.auth.tenantId,
    ctx.auth.userId,
    { unit_system: input.unitSystem, thermal_unit: input.thermalUnit, blood_glucose_unit: input.bloodGlucoseUnit },
    ctx.clock.now(),
  );
  return getProfile(ctx);
}

/** Avatar: PNG or JPEG by content, under 1 MB, stored under a random name. */
export async function uploadAvatar(ctx: AuthedCtx, data: Buffer | null): Promise<TProfile> {
  if (!data || data.length === 0)
    throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
  if (data.length > AVATAR_MAX_BYTES) throw fieldError('FILE_TOO_LARGE', 'file', 'max_1mb');
  const kind = sniffImage(data);
  if (!kind) throw fieldError('INVALID_FILE_TYPE', 'file', 'png_or_jpeg');
  const before = (await me(ctx)).avatar_path;
  const { key: rel } = await ctx.files.put(
    newFileKey('avatars', ctx.auth.tenantId, kind === 'png' ? 'png' : 'jpg'),
    data,
  );
  await updateUserPreferences(ctx.db, ctx.auth.tenantId, ctx.auth.userId, { avatar_path: rel }, ctx.clock.now());
  // The replaced picture is deleted, not kept for ever in the store (and its backups).
  if (before && before !== rel) await ctx.files.remove(before);
  await audit(ctx, { action: 'account.avatar.update', resource: 'user', resourceId: ctx.auth.userId });
  return getProfile(ctx);
}

export async function readAvatar(ctx: AuthedCtx): Promise<{ data: Buffer; type: string }> {
  const u = await me(ctx);
  const data = u.avatar_path ? await ctx.files.readAll(u.avatar_path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: sniffImage(data) === 'png' ? 'image/png' : 'image/jpeg' };
}
