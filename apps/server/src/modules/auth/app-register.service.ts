import { isValidPhone } from '@carewatch/contracts/rules';
import type { TOtpSentResponse } from '@carewatch/contracts/auth';
import type {
  TAppForgotOtpRequest,
  TAppForgotResetRequest,
  TAppRegisterOtpRequest,
  TAppRegisterRequest,
  TAppRegisterResponse,
} from '@carewatch/contracts/app-auth';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { addUserLevel, createUser, findUserByEmail, findUserById, findUserByPhone } from '../users/users.service.ts';
import { insertPatientRecord } from '../patients/patients.service.ts';
import { findRoleByCode as findRole } from '../roles/roles.service.ts';
import { activeTenantByCode, phoneRuleOf } from '../tenants/tenants.service.ts';
import * as repo from './app-register.repo.ts';
import {
  assertPassword,
  issueOtp,
  resetPasswordOf,
  sendResetOtpTo,
  startSession,
  verifyOtp,
  type ResetTarget,
} from './auth.service.ts';

type Channelled = { channel: 'phone' | 'email'; phone?: string | undefined; email?: string | undefined };
type Target = { channel: 'sms' | 'email'; target: string; field: 'phone' | 'email' };

const phoneError = (field = 'phone') =>
  new AppError('VALIDATION_ERROR', { field, rule: 'phone' }, 'Phone number is not valid');

/** The address the code goes to (the Zod schema guarantees the one the channel needs is there). */
function targetOf(input: Channelled): Target {
  return input.channel === 'phone'
    ? { channel: 'sms', target: (input.phone ?? '').trim(), field: 'phone' }
    : { channel: 'email', target: input.email ?? '', field: 'email' };
}

async function assertPhoneRule(db: Db, tenantId: string, phone: string, field = 'phone') {
  if (!isValidPhone(phone, await phoneRuleOf(db, tenantId))) throw phoneError(field);
}

/** Spec §8: "phone or email already exists" offers the login instead. */
const accountExists = (field: 'phone' | 'email') =>
  new AppError('ACCOUNT_EXISTS', { field, rule: 'exists', redirect: 'login' });

async function assertNoAccount(
  db: Db,
  tenantId: string,
  p: { phone?: string | undefined; email?: string | undefined },
) {
  if (p.phone && (await findUserByPhone(db, tenantId, p.phone))) throw accountExists('phone');
  if (p.email && (await findUserByEmail(db, tenantId, p.email))) throw accountExists('email');
}

/**
 * "Not later than today": the latest calendar date anywhere on earth (UTC+14), so nobody is refused because the
 * server's day has not started yet where they live.
 */
const latestToday = (now: Date) => new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);

/** Maps a unique-index race (two registrations at once) to the answer of the checked case. */
function uniqueViolation(e: unknown): AppError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err.code !== '23505') return null;
  const text = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (text.includes('users_email_unique')) return accountExists('email');
  if (text.includes('users_phone_unique')) return accountExists('phone');
  if (text.includes('patients_phone_unique') || text.includes('patients_user_unique'))
    return fieldError('PHONE_USED', 'phone');
  return null;
}

export async function sendAppRegisterOtp(ctx: Ctx, input: TAppRegisterOtpRequest): Promise<TOtpSentResponse> {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  const to = targetOf(input);
  if (to.channel === 'sms') await assertPhoneRule(ctx.db, tenant.id, to.target);
  await assertNoAccount(ctx.db, tenant.id, { [to.field]: to.target });
  return issueOtp(ctx, tenant.id, 'register', to.channel, to.target);
}

/**
 * Creates an active app account (role patient; a `patient` account type also gets a patient record, `unassigned` until
 * a health center takes it) and signs it in, in one transaction. The code proves the phone or e-mail it was sent to.
 */
export async function registerAppAccount(ctx: Ctx, input: TAppRegisterRequest): Promise<TAppRegisterResponse> {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  const t = tenant.id;
  const to = targetOf(input);
  const phone = input.phone?.trim() || null;
  const email = input.email ?? null;
  if (phone) await assertPhoneRule(ctx.db, t, phone);
  const now = ctx.clock.now();
  if (input.birthday > latestToday(now))
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'birthday', rule: 'future' },
      'Date of birth must not be later than today',
    );
  await assertPassword(ctx, t, input.password, input.confirmPassword, 'password');
  const code = await verifyOtp(ctx, t, 'register', to.target, input.otp, 'otp');
  await assertNoAccount(ctx.db, t, { phone: phone ?? undefined, email: email ?? undefined });
  const isPatient = input.accountType === 'patient';
  // A staff-made record without an account, found by a phone the code just proved, becomes this account's record.
  // A phone given beside an e-mail code is unproven: it must not take over anyone's record.
  if (isPatient && phone && to.channel === 'email' && (await repo.patientByPhone(ctx.db, t, phone)))
    throw fieldError('PHONE_USED', 'phone');
  const role = await findRole(ctx.db, t, 'patient');
  if (!role) throw new AppError('INTERNAL');
  const userId = newId();
  const hash = await hashPassword(input.password);
  const middleName = input.middleName ?? null;
  try {
    return await ctx.db.tx(async (db) => {
      const txCtx: Ctx = { ...ctx, db };
      if (!(await repo.claimOtp(db, t, code.id, now))) throw fieldError('OTP_WRONG', 'otp');
      await createUser(db, t, {
        id: userId,
        email,
        phone,
        passwordHash: hash,
        firstName: input.firstName,
        lastName: input.lastName,
        status: 'active',
        language: input.language ?? 'en',
        now,
      });
      await repo.setAppProfile(db, t, userId, {
        middleName,
        birthday: input.birthday,
        gender: input.gender,
        address: input.address,
        bloodType: input.bloodType,
        skinColour: input.skinColour,
        relationship: input.relationship,
        region: input.region ?? null,
        timezone: input.timezone ?? null,
        consentAt: now,
      });
      await addUserLevel(db, t, { id: newId(), userId, roleId: role.id, isMain: true });
      let patientId: string | null = null;
      let linked = false;
      if (isPatient) {
        const existing = phone ? await repo.patientByPhone(db, t, phone, { lock: true }) : null;
        if (existing?.user_id) throw fieldError('PHONE_USED', 'phone');
        if (existing) {
          patientId = existing.id;
          linked = true;
          await repo.linkPatient(db, t, existing.id, userId, {
            middleName,
            skinColour: input.skinColour,
            birthday: input.birthday,
            gender: input.gender,
            address: input.address,
            bloodType: input.bloodType,
            email,
            now,
          });
        } else {
          patientId = newId();
          await insertPatientRecord(db, t, {
            id: patientId,
            userId,
            patientCode: null,
            firstName: input.firstName,
            lastName: input.lastName,
            birthday: input.birthday,
            gender: input.gender,
            heightCm: null,
            weightKg: null,
            bloodType: input.bloodType,
            phone,
            email,
            address: input.address,
            centerId: null,
            packageExpiry: null,
            contractId: null,
            status: 'unassigned',
            createdBy: userId,
            now,
          });
          await repo.setPatientExtras(db, t, patientId, { middleName, skinColour: input.skinColour });
        }
      }
      // No profile or health values in the audit details.
      await audit(txCtx, {
        tenantId: t,
        actorId: userId,
        action: 'auth.app.register',
        resource: 'user',
        resourceId: userId,
        details: { channel: to.channel, accountType: input.accountType, patientId, linkedRecord: linked },
      });
      const tokens = await startSession(txCtx, t, (await findUserById(db, t, userId))!, 'app', false, 'register');
      return { ...tokens, userId, patientId };
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
}

function resetTargetOf(input: Channelled): ResetTarget {
  const to = targetOf(input);
  return { channel: to.channel, target: to.target, field: to.field };
}

/** Patient-app reset code by phone or e-mail; an unknown account gets the same answer and no message. */
export async function sendAppResetOtp(ctx: Ctx, input: TAppForgotOtpRequest): Promise<TOtpSentResponse> {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  return sendResetOtpTo(ctx, tenant.id, resetTargetOf(input), { silentUnknown: true });
}

export async function resetAppPassword(ctx: Ctx, input: TAppForgotResetRequest) {
  const tenant = await activeTenantByCode(ctx.db, input.tenant);
  return resetPasswordOf(ctx, tenant.id, resetTargetOf(input), input, { silentUnknown: true });
}
