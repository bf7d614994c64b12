import { isValidPhone } from '@carewatch/contracts/rules';
import {
  adultBirthdayProblem,
  DELETION_DELAY_DAYS,
  type TAppProfile,
  type TDeleteAccountRequest,
  type TMedicalProfile,
  type TUpdateAppProfile,
  type TUpdateMedicalProfileRequest,
} from '@carewatch/contracts/app-profile';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { findUserByEmail, findUserByPhone } from '../users/users.service.ts';
import { phoneRuleOf } from '../tenants/tenants.service.ts';
import { requireVisiblePatient } from '../patients/patient-access.ts';
import { PURGE_AFTER_DELETE_MS } from '../lifecycle/lifecycle.service.ts';
import * as repo from './app-profile.repo.ts';

const DAY = 24 * 3600 * 1000;
const BIRTHDAY_MESSAGES = {
  invalid: 'Date of birth is not valid',
  future: 'Date of birth cannot be later than today',
  under_18: 'You must be 18 or older to use the app',
} as const;

async function me(ctx: AuthedCtx) {
  const u = await repo.findAppUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  return u;
}

/**
 * One record, one truth: a patient's identity is the one on their patient record — what the clinic keeps and edits —
 * with the account's own values only where the record has none (an app save writes both).
 */
function toProfile(u: repo.AppUserRow, p: repo.OwnPatientRow | null): TAppProfile {
  return {
    id: u.id,
    firstName: p?.first_name || u.first_name,
    middleName: p ? (p.middle_name ?? u.middle_name) : u.middle_name,
    lastName: p?.last_name || u.last_name,
    nickName: u.nick_name,
    birthday: p?.birthday ?? u.birthday,
    gender: p?.gender ?? u.gender,
    phone: p?.phone ?? u.phone,
    email: p?.email ?? u.email,
    address: p?.address ?? u.address,
    region: u.region,
    // A patient's body measures are the ones on their patient record (the staff and the alert engine read those).
    heightCm: p ? p.height_cm : u.height_cm,
    weightKg: p ? p.weight_kg : u.weight_kg,
    unitSystem: u.unit_system === 'imperial' ? 'imperial' : 'metric',
    hasAvatar: !!u.avatar_path,
    patientId: p?.id ?? null,
  };
}

export async function getAppProfile(ctx: AuthedCtx): Promise<TAppProfile> {
  return toProfile(await me(ctx), await repo.findOwnPatient(ctx.db, ctx.auth.tenantId, ctx.auth.userId));
}

/** Spec §3/§5: names without digits, a valid date of birth not in the future and of an adult (§9), optional-but-valid e-mail. */
export async function updateAppProfile(ctx: AuthedCtx, input: TUpdateAppProfile): Promise<TAppProfile> {
  const u = await me(ctx);
  const own = await repo.findOwnPatient(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  const today = ctx.clock.now().toISOString().slice(0, 10);
  const problem = adultBirthdayProblem(input.birthday, today);
  if (problem) throw new AppError('VALIDATION_ERROR', { field: 'birthday', rule: problem }, BIRTHDAY_MESSAGES[problem]);
  const email = input.email ?? null;
  const phone = input.phone ?? null;
  if (!email && !phone) throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'required' }, 'Required');
  if (phone && !isValidPhone(phone, await phoneRuleOf(ctx.db, ctx.auth.tenantId)))
    throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'phone' }, 'Phone number is not valid');
  if (email && email !== u.email) {
    const other = await findUserByEmail(ctx.db, ctx.auth.tenantId, email);
    if (other && other.id !== u.id) throw fieldError('EMAIL_USED', 'email');
  }
  if (phone && phone !== u.phone) {
    const other = await findUserByPhone(ctx.db, ctx.auth.tenantId, phone);
    if (
      (other && other.id !== u.id) ||
      (own && (await repo.patientPhoneTaken(ctx.db, ctx.auth.tenantId, phone, own.id)))
    )
      throw fieldError('PHONE_USED', 'phone');
  }
  const write: repo.ProfileWrite = {
    firstName: input.firstName,
    middleName: input.middleName ?? null,
    lastName: input.lastName,
    nickName: input.nickName ?? null,
    birthday: input.birthday,
    gender: input.gender,
    phone,
    email,
    address: input.address,
    // Left out = unchanged (null clears).
    heightCm: input.heightCm === undefined ? (own ? own.height_cm : u.height_cm) : input.heightCm,
    weightKg: input.weightKg === undefined ? (own ? own.weight_kg : u.weight_kg) : input.weightKg,
  };
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await repo.updateUserProfile(db, ctx.auth.tenantId, u.id, write, now);
    if (own) await repo.updatePatientIdentity(db, ctx.auth.tenantId, own.id, write, now);
  });
  await audit(ctx, { action: 'account.app_profile.update', resource: 'user', resourceId: u.id });
  return getAppProfile(ctx);
}

type Medical = Pick<
  repo.OwnPatientRow,
  'blood_type' | 'skin_colour' | 'background_diseases' | 'medical_history' | 'height_cm' | 'weight_kg'
>;
function toMedical(m: Medical, editable: boolean): TMedicalProfile {
  // The columns hold only contract values (written through the contract, or by staff with the same enums).
  return {
    bloodType: m.blood_type as TMedicalProfile['bloodType'],
    skinColour: m.skin_colour as TMedicalProfile['skinColour'],
    backgroundDiseases: m.background_diseases as TMedicalProfile['backgroundDiseases'],
    medicalHistory: m.medical_history,
    heightCm: m.height_cm,
    weightKg: m.weight_kg,
    editable,
  };
}

/** A patient's medical profile is their patient record; a follower-only account keeps a self-declared one. */
export async function getMedicalProfile(ctx: AuthedCtx): Promise<TMedicalProfile> {
  const own = await repo.findOwnPatient(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (own) return toMedical(own, own.medical_profile_editable);
  return toMedical(await me(ctx), true);
}

/** Spec §6 "A patient cannot update their own medical profile" — unless their doctor allowed it. */
export async function updateMedicalProfile(
  ctx: AuthedCtx,
  input: TUpdateMedicalProfileRequest,
): Promise<TMedicalProfile> {
  const own = await repo.findOwnPatient(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  const write: repo.MedicalWrite = {
    bloodType: input.bloodType,
    skinColour: input.skinColour,
    backgroundDiseases: [...new Set(input.backgroundDiseases)],
    medicalHistory: input.medicalHistory || null,
    heightCm: input.heightCm,
    weightKg: input.weightKg,
  };
  if (own) {
    if (!own.medical_profile_editable) throw new AppError('MEDICAL_PROFILE_LOCKED');
    await repo.updatePatientMedical(ctx.db, ctx.auth.tenantId, own.id, write, ctx.clock.now());
  } else {
    await repo.updateUserMedical(ctx.db, ctx.auth.tenantId, ctx.auth.userId, write, ctx.clock.now());
  }
  await audit(ctx, {
    action: 'account.medical_profile.update',
    resource: own ? 'patient' : 'user',
    resourceId: own?.id ?? ctx.auth.userId,
  });
  return getMedicalProfile(ctx);
}

/** Staff view of a patient's medical profile, with whether the patient may edit it (for the portal's switch). */
export async function patientMedicalProfile(ctx: AuthedCtx, patientId: string): Promise<TMedicalProfile> {
  const p = await requireVisiblePatient(ctx, patientId);
  const row = await repo.findPatientMedical(ctx.db, ctx.auth.tenantId, p.id);
  if (!row) throw new AppError('PATIENT_NOT_FOUND');
  return toMedical(row, row.medical_profile_editable);
}

/** Staff (the doctor) let a patient edit their own medical profile, or lock it again. */
export async function setMedicalProfileEditable(ctx: AuthedCtx, patientId: string, editable: boolean) {
  const p = await requireVisiblePatient(ctx, patientId);
  await repo.setMedicalProfileEditable(ctx.db, ctx.auth.tenantId, p.id, editable, ctx.clock.now());
  await audit(ctx, {
    action: 'patient.medical_profile.editable',
    resource: 'patient',
    resourceId: p.id,
    details: { editable },
  });
  return { patientId: p.id, editable };
}

// ---- Self-service deletion (§4) ----

const selfDeleteKey = (tenantId: string, userId: string) => `account.self_delete:${tenantId}:${userId}`;

/**
 * Disables the account at once (sessions revoked; sign-in answers ACCOUNT_DISABLED) and schedules the erasure of its
 * data 30 days later. Unlike an approved deactivation there is no recovery at sign-in: the spec says it cannot be undone.
 */
export async function deleteMyAccount(
  ctx: AuthedCtx,
  input: TDeleteAccountRequest,
): Promise<{ deletionDueAt: string }> {
  const u = await me(ctx);
  if (!(await verifyPassword(u.password_hash, input.password))) throw fieldError('WRONG_CURRENT_PASSWORD', 'password');
  const now = ctx.clock.now();
  const due = new Date(now.getTime() + DELETION_DELAY_DAYS * DAY);
  await ctx.db.tx(async (db) => {
    await repo.markDeleted(db, ctx.auth.tenantId, u.id, due, now);
    await revokeUserSessions(db, ctx.auth.tenantId, u.id, 'deleted', now);
    await scheduleJob(
      { db },
      {
        kind: 'account.self_delete',
        runAt: due,
        tenantId: ctx.auth.tenantId,
        payload: { userId: u.id },
        dedupeKey: selfDeleteKey(ctx.auth.tenantId, u.id),
      },
    );
  });
  await audit(ctx, {
    action: 'account.self_delete',
    resource: 'user',
    resourceId: u.id,
    details: { deletionDueAt: due.toISOString() },
  });
  return { deletionDueAt: due.toISOString() };
}

/** Erases the account's data: its patient record and sub-users (with their readings), files, then the user's personal fields. */
export async function eraseDeletedAccount(deps: Deps, tenantId: string, userId: string): Promise<boolean> {
  const now = deps.clock.now();
  const u = await repo.findDueDeletion(deps.db, tenantId, userId, now);
  if (!u) return false; // re-enabled by an administrator, or already erased
  const images = await repo.feedbackImagesOf(deps.db, tenantId, userId);
  await deps.db.tx(async (db) => {
    await repo.deletePatientsOf(db, tenantId, userId);
    await repo.detachFeedback(db, tenantId, userId);
    await repo.anonymizeUser(db, tenantId, userId, now);
  });
  for (const rel of [...images, ...(u.avatar_path ? [u.avatar_path] : [])]) await deps.files.remove(rel);
  // The tombstone goes with the lifecycle's final purge (all data within 90 days, §9).
  await scheduleJob(deps, {
    kind: 'account.purge',
    runAt: new Date(now.getTime() + PURGE_AFTER_DELETE_MS),
    tenantId,
    payload: { userId },
  });
  return true;
}

export const APP_PROFILE_JOBS: JobHandlers = {
  'account.self_delete': async (deps, job) => {
    await eraseDeletedAccount(deps, job.tenant_id!, String(job.payload.userId));
  },
};
