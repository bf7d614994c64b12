import crypto from 'node:crypto';
import { Permission } from '@carewatch/contracts/permissions';
import { PASSWORD_RULES, isValidPhone, type PasswordRuleName } from '@carewatch/contracts/rules';
import { ACCOUNT_STATES } from '@carewatch/contracts/lifecycle';
import type { TChangePasswordRequest } from '@carewatch/contracts/account';
import {
  DOCTOR_TYPES,
  LICENSE_IMAGE_MAX_BYTES,
  PRIVILEGED_ROLE_CODES,
  type TCreateStaffRequest,
  type TDoctorMe,
  type TDoctorProfile,
  type TDoctorProfileInput,
  type TLicense,
  type TLicenseInput,
  type TPersonRef,
  type TStaffDetail,
  type TStaffLevelInput,
  type TStaffOptions,
  type TStaffPage,
  type TStaffQuery,
  type TStaffSummary,
  type TUpdateAssistantMeRequest,
  type TUpdateStaffRequest,
} from '@carewatch/contracts/staff';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import {
  addUserLevel,
  createUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  updateUserPreferences,
  updateUserProfile,
} from '../users/users.service.ts';
import { findRoleByCode, findRoleById, roleRowsOf, type RoleRow } from '../roles/roles.service.ts';
import { passwordRuleOf, phoneRuleOf } from '../tenants/tenants.service.ts';
import { changePassword } from '../auth/auth.service.ts';
import type { Reach } from './staff-reach.ts';
import * as repo from './staff.repo.ts';
import { personName } from '@carewatch/contracts/names';

const TENANT_WIDE_ROLES = ['root', 'super_admin', 'system_admin'];
const isPrivileged = (code: string) => (PRIVILEGED_ROLE_CODES as readonly string[]).includes(code);
type AccountState = (typeof ACCOUNT_STATES)[number];
const toState = (s: string): AccountState =>
  (ACCOUNT_STATES as readonly string[]).includes(s) ? (s as AccountState) : 'active';

// ---------------------------------------------------------------- reach (who sees whom)

export type { Reach } from './staff-reach.ts';

/**
 * Root, super admins and system admins see the whole tenant. Anyone else follows their current level:
 * a level with a health center sees staff having a level at that center; a level with only a scope sees
 * staff of the centers (and sub-scopes) of that scope's subtree; a tenant-wide level sees the tenant.
 */
export async function reachOf(ctx: AuthedCtx): Promise<Reach> {
  const { tenantId, roleCode, centerId, scopeId } = ctx.auth;
  if (TENANT_WIDE_ROLES.includes(roleCode)) return { all: true };
  if (centerId) return { all: false, centerIds: [centerId], scopeIds: [] };
  if (scopeId) {
    const scopeIds = await repo.scopeSubtree(ctx.db, tenantId, scopeId);
    return { all: false, centerIds: await repo.centersInScopes(ctx.db, tenantId, scopeIds), scopeIds };
  }
  return { all: true };
}

async function visible(ctx: AuthedCtx, id: string, reach?: Reach): Promise<repo.StaffRow> {
  const row = await repo.findStaff(ctx.db, ctx.auth.tenantId, id, reach ?? (await reachOf(ctx)));
  if (!row) throw new AppError('ACCOUNT_NOT_FOUND');
  return row;
}

// ---------------------------------------------------------------- mapping

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
const toPerson = (p: repo.PersonRow): TPersonRef => ({
  id: p.id,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
});
const toLevel = (l: repo.StaffLevelRow) => ({
  id: l.id,
  roleCode: l.role_code,
  roleName: l.role_name,
  scopeId: l.scope_id,
  scopeName: l.scope_name,
  centerId: l.center_id,
  centerName: l.center_name,
  isMain: l.is_main,
});
function toProfile(p: repo.DoctorProfileRow | undefined): TDoctorProfile {
  return {
    specialties: p?.specialties ?? [],
    degree: p?.degree ?? null,
    examinationCost: p?.examination_cost == null ? null : Number(p.examination_cost),
    officeAddress: p?.office_address ?? null,
    officeEmail: p?.office_email ?? null,
    officePhone: p?.office_phone ?? null,
    introduction: p?.introduction ?? null,
    placeOfEducation: p?.place_of_education ?? null,
    yearsOfExperience: p?.years_of_experience ?? null,
    doctorType: p?.doctor_type === 'specialist' ? 'specialist' : DOCTOR_TYPES[0],
  };
}
function toSummary(
  u: repo.StaffRow,
  levels: repo.StaffLevelRow[],
  profile: repo.DoctorProfileRow | undefined,
): TStaffSummary {
  return {
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phone: u.phone,
    status: toState(u.status),
    disabledUntil: iso(u.disabled_until),
    levels: levels.map(toLevel),
    specialties: profile?.specialties ?? [],
    hasAvatar: !!u.avatar_path,
    createdAt: u.created_at.toISOString(),
  };
}
function toLicense(l: repo.LicenseRow, today: string): TLicense {
  return {
    id: l.id,
    name: l.name,
    number: l.number,
    expiryDate: l.expiry_date,
    hasImage: !!l.image_path,
    expired: l.expiry_date < today,
    createdAt: l.created_at.toISOString(),
    updatedAt: l.updated_at.toISOString(),
  };
}
const hasRole = (levels: repo.StaffLevelRow[], code: string) => levels.some((l) => l.role_code === code);

async function detailOf(ctx: AuthedCtx, u: repo.StaffRow): Promise<TStaffDetail> {
  const t = ctx.auth.tenantId;
  const levels = await repo.levelsOf(ctx.db, t, [u.id]);
  const profile = (await repo.profilesOf(ctx.db, t, [u.id]))[0];
  return {
    ...toSummary(u, levels, profile),
    doctorProfile: hasRole(levels, 'doctor') ? toProfile(profile) : null,
    doctors: hasRole(levels, 'doctor_assistant') ? (await repo.doctorsOf(ctx.db, t, u.id)).map(toPerson) : [],
  };
}

// ---------------------------------------------------------------- reads

export async function listStaff(ctx: AuthedCtx, q: TStaffQuery): Promise<TStaffPage> {
  const t = ctx.auth.tenantId;
  const { rows, total } = await repo.listStaff(ctx.db, t, {
    reach: await reachOf(ctx),
    search: q.searchValue || undefined,
    role: q.role || undefined,
    centerId: q.centerId,
    status: q.status,
    specialty: q.specialty,
    // `-x` = x descending (issue 20); an unprefixed sort keeps honouring the older `order` parameter.
    sort: q.sort.startsWith('-') ? (q.sort.slice(1) as repo.StaffSortColumn) : (q.sort as repo.StaffSortColumn),
    order: q.sort.startsWith('-') ? 'desc' : q.order,
    limit: q.size,
    offset: q.page * q.size,
  });
  const ids = rows.map((r) => r.id);
  const levels = await repo.levelsOf(ctx.db, t, ids);
  const profiles = await repo.profilesOf(ctx.db, t, ids);
  return {
    items: rows.map((u) =>
      toSummary(
        u,
        levels.filter((l) => l.user_id === u.id),
        profiles.find((p) => p.user_id === u.id),
      ),
    ),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function getStaff(ctx: AuthedCtx, id: string): Promise<TStaffDetail> {
  return detailOf(ctx, await visible(ctx, id));
}

/** Roles the caller may grant, and the centers and scopes within the caller's reach. */
export async function staffOptions(ctx: AuthedCtx): Promise<TStaffOptions> {
  const t = ctx.auth.tenantId;
  const reach = await reachOf(ctx);
  const allRoles = await roleRowsOf(ctx.db, t);
  const centers = await repo.listCenters(ctx.db, t);
  const scopes = await repo.listScopes(ctx.db, t);
  return {
    roles: allRoles
      .filter((r) => r.code !== 'patient' && grantProblem(ctx, r) === null)
      .map((r) => ({ code: r.code, name: r.name, isDefault: r.is_default })),
    centers: centers
      .filter((c) => reach.all || reach.centerIds.includes(c.id))
      .map((c) => ({ id: c.id, name: c.name, scopeId: c.scope_id })),
    scopes: scopes
      .filter((s) => reach.all || reach.scopeIds.includes(s.id))
      .map((s) => ({ id: s.id, name: s.name, level: s.level, parentId: s.parent_id })),
  };
}

// ---------------------------------------------------------------- rules

/** Nobody grants more than they hold; only holders of SystemAdminManage grant system/super admin; only root grants root. */
function grantProblem(ctx: AuthedCtx, role: RoleRow): number | 'root' | null {
  if (role.code === 'root' && ctx.auth.roleCode !== 'root') return 'root';
  if (isPrivileged(role.code) && !ctx.auth.permissions.has(Permission.SystemAdminManage))
    return Permission.SystemAdminManage;
  const missing = role.permissions.find((p) => !ctx.auth.permissions.has(p));
  return missing ?? null;
}

type ResolvedLevel = {
  role: RoleRow;
  scopeId: string | null;
  centerId: string | null;
  isMain: boolean;
  key: string;
};

/** Checks each requested level (role, center/scope, main) and returns it resolved; the center fixes the scope. */
async function resolveLevels(ctx: AuthedCtx, input: TStaffLevelInput[], reach: Reach): Promise<ResolvedLevel[]> {
  const t = ctx.auth.tenantId;
  const scopes = await repo.listScopes(ctx.db, t);
  const out: ResolvedLevel[] = [];
  for (const [i, l] of input.entries()) {
    const f = `levels.${i}`;
    const role = await findRoleByCode(ctx.db, t, l.roleCode);
    if (!role || role.code === 'patient')
      throw new AppError('VALIDATION_ERROR', { field: `${f}.roleCode`, rule: 'unknown_role' }, 'Unknown role');
    let scopeId: string | null = null;
    let centerId: string | null = null;
    if (l.centerId) {
      const center = await repo.findCenter(ctx.db, t, l.centerId);
      if (!center || (!reach.all && !reach.centerIds.includes(center.id)))
        throw new AppError(
          'VALIDATION_ERROR',
          { field: `${f}.centerId`, rule: 'unknown_center' },
          'Health center not found',
        );
      centerId = center.id;
      scopeId = center.scope_id;
    } else if (l.scopeId) {
      if (!scopes.some((s) => s.id === l.scopeId) || (!reach.all && !reach.scopeIds.includes(l.scopeId)))
        throw new AppError('VALIDATION_ERROR', { field: `${f}.scopeId`, rule: 'unknown_scope' }, 'Scope not found');
      scopeId = l.scopeId;
    } else if (!reach.all) {
      // A center or scope admin creates staff inside their own reach only.
      throw new AppError('VALIDATION_ERROR', { field: `${f}.centerId`, rule: 'required' }, 'Required');
    }
    if (role.code === 'mhsc_admin' && !centerId)
      throw new AppError('VALIDATION_ERROR', { field: `${f}.centerId`, rule: 'required' }, 'Required');
    if (role.code === 'scope_admin' && !scopeId)
      throw new AppError('VALIDATION_ERROR', { field: `${f}.scopeId`, rule: 'required' }, 'Required');
    const key = `${role.id}|${centerId ?? ''}|${centerId ? '' : (scopeId ?? '')}`;
    if (out.some((o) => o.key === key))
      throw new AppError(
        'VALIDATION_ERROR',
        { field: f, rule: 'duplicate' },
        'This role is already assigned at this level',
      );
    out.push({ role, scopeId, centerId, isMain: l.isMain, key });
  }
  return out;
}

function assertGrantable(ctx: AuthedCtx, levels: Array<{ role: RoleRow }>, field = 'levels') {
  for (const l of levels) {
    const p = grantProblem(ctx, l.role);
    if (p !== null)
      throw new AppError('PERMISSION_DENIED', {
        field,
        role: l.role.code,
        ...(typeof p === 'number' ? { permission: p } : {}),
      });
  }
}

/** At most one main admin per center (mhsc admin) or scope (scope admin). */
async function assertMainFree(
  ctx: AuthedCtx,
  levels: ResolvedLevel[],
  userId: string | null,
  inputIndex: (l: ResolvedLevel) => number,
) {
  for (const l of levels) {
    if (!l.isMain || !['mhsc_admin', 'scope_admin'].includes(l.role.code)) continue;
    if (
      await repo.mainAdminTaken(ctx.db, ctx.auth.tenantId, l.role.id, l.centerId, l.centerId ? null : l.scopeId, userId)
    ) {
      throw fieldError('MAIN_ADMIN_EXISTS', `levels.${inputIndex(l)}.isMain`);
    }
  }
}

async function assertContact(ctx: AuthedCtx, email: string, phone: string | null, selfId: string | null) {
  const t = ctx.auth.tenantId;
  if (phone && !isValidPhone(phone, await phoneRuleOf(ctx.db, t)))
    throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'phone' }, 'Phone number is not valid');
  const byEmail = await findUserByEmail(ctx.db, t, email);
  if (byEmail && byEmail.id !== selfId) throw fieldError('EMAIL_USED', 'email');
  if (phone) {
    const byPhone = await findUserByPhone(ctx.db, t, phone);
    if (byPhone && byPhone.id !== selfId) throw fieldError('PHONE_USED', 'phone');
  }
}

/** The doctors to follow must be doctors within the caller's reach. */
async function assertDoctors(ctx: AuthedCtx, doctorIds: string[], reach: Reach, field = 'doctorIds') {
  for (const [i, id] of doctorIds.entries()) {
    const d = await repo.findStaff(ctx.db, ctx.auth.tenantId, id, reach);
    const isDoctor = d ? hasRole(await repo.levelsOf(ctx.db, ctx.auth.tenantId, [d.id]), 'doctor') : false;
    if (!isDoctor)
      throw new AppError(
        'VALIDATION_ERROR',
        { field: field === 'doctorIds' ? `doctorIds.${i}` : field, rule: 'unknown_doctor' },
        'Doctor not found',
      );
  }
}

async function assertOfficePhone(ctx: AuthedCtx, p: TDoctorProfileInput) {
  if (p.officePhone && !isValidPhone(p.officePhone, await phoneRuleOf(ctx.db, ctx.auth.tenantId))) {
    throw new AppError('VALIDATION_ERROR', { field: 'officePhone', rule: 'phone' }, 'Phone number is not valid');
  }
}

const profileData = (p: TDoctorProfileInput): repo.DoctorProfileData => ({
  specialties: [...new Set(p.specialties)],
  degree: p.degree,
  examinationCost: p.examinationCost,
  officeAddress: p.officeAddress,
  officeEmail: p.officeEmail,
  officePhone: p.officePhone,
  introduction: p.introduction,
  placeOfEducation: p.placeOfEducation,
  yearsOfExperience: p.yearsOfExperience,
  doctorType: p.doctorType,
});
const EMPTY_PROFILE: repo.DoctorProfileData = {
  specialties: [],
  degree: null,
  examinationCost: null,
  officeAddress: null,
  officeEmail: null,
  officePhone: null,
  introduction: null,
  placeOfEducation: null,
  yearsOfExperience: null,
  doctorType: 'family',
};

/** Maps a unique-index race (two creations at once) to the same answer as the checked case. */
function uniqueViolation(e: unknown): AppError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err.code !== '23505') return null;
  const text = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (text.includes('users_email_unique')) return fieldError('EMAIL_USED', 'email');
  if (text.includes('users_phone_unique')) return fieldError('PHONE_USED', 'phone');
  return null;
}

/** A random temporary password that satisfies the tenant's password rule. */
export function temporaryPassword(rule: PasswordRuleName): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[crypto.randomInt(set.length)]!);
  const chars = [
    ...pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 4),
    ...pick('abcdefghijkmnopqrstuvwxyz', 4),
    ...pick('23456789', 3),
    ...pick(PASSWORD_RULES[rule].specials.replace(',', ''), 1),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

// ---------------------------------------------------------------- create / update

export async function createStaff(ctx: AuthedCtx, input: TCreateStaffRequest): Promise<TStaffDetail> {
  const t = ctx.auth.tenantId;
  const reach = await reachOf(ctx);
  await assertContact(ctx, input.email, input.phone, null);
  const levels = await resolveLevels(ctx, input.levels, reach);
  assertGrantable(ctx, levels);
  await assertMainFree(ctx, levels, null, (l) => levels.indexOf(l));
  const isDoctor = levels.some((l) => l.role.code === 'doctor');
  const isAssistant = levels.some((l) => l.role.code === 'doctor_assistant');
  const doctorIds = [...new Set(input.doctorIds)];
  if (isAssistant && doctorIds.length === 0) throw fieldError('ASSISTANT_NEEDS_DOCTOR', 'doctorIds');
  if (isAssistant) await assertDoctors(ctx, doctorIds, reach);
  if (isDoctor && input.doctorProfile) await assertOfficePhone(ctx, input.doctorProfile);

  const password = temporaryPassword(await passwordRuleOf(ctx.db, t));
  const hash = await hashPassword(password);
  const id = newId();
  const now = ctx.clock.now();
  try {
    await ctx.db.tx(async (db) => {
      await createUser(db, t, {
        id,
        email: input.email,
        phone: input.phone,
        passwordHash: hash,
        firstName: input.firstName,
        lastName: input.lastName,
        status: 'active',
        now,
      });
      for (const l of levels)
        await addUserLevel(db, t, {
          id: newId(),
          userId: id,
          roleId: l.role.id,
          scopeId: l.scopeId,
          centerId: l.centerId,
          isMain: l.isMain,
        });
      if (isDoctor)
        await repo.upsertProfile(
          db,
          t,
          id,
          input.doctorProfile ? profileData(input.doctorProfile) : EMPTY_PROFILE,
          now,
        );
      if (isAssistant) for (const d of doctorIds) await repo.follow(db, t, id, d, now);
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  await ctx.mail.send({
    tenantId: t,
    to: input.email,
    subject: 'Your CareWatch account',
    // The message is in English: the name follows English order (contracts/names.ts).
    text: `Hello ${personName(input, 'en')},\n\nA CareWatch account has been created for you.\nTenant: ${ctx.auth.tenantCode}\nLogin: ${input.email}\nTemporary password: ${password}\n\nPlease log in and change your password.`,
    secrets: [password],
  });
  await audit(ctx, {
    action: 'staff.create',
    resource: 'user',
    resourceId: id,
    details: { roles: levels.map((l) => l.role.code).join(',') },
  });
  return getStaff(ctx, id);
}

export async function updateStaff(ctx: AuthedCtx, id: string, input: TUpdateStaffRequest): Promise<TStaffDetail> {
  const t = ctx.auth.tenantId;
  const reach = await reachOf(ctx);
  const target = await visible(ctx, id, reach);
  const current = await repo.levelsOf(ctx.db, t, [id]);
  // Editing a system/super admin (or root) is for holders of SystemAdminManage alone.
  if (current.some((l) => isPrivileged(l.role_code)) && !ctx.auth.permissions.has(Permission.SystemAdminManage)) {
    throw new AppError('PERMISSION_DENIED', { permission: Permission.SystemAdminManage });
  }
  await assertContact(ctx, input.email, input.phone, id);
  const wanted = await resolveLevels(ctx, input.levels, reach);
  const keyOf = (l: repo.StaffLevelRow) => `${l.role_id}|${l.center_id ?? ''}|${l.center_id ? '' : (l.scope_id ?? '')}`;
  const added = wanted.filter((w) => !current.some((c) => keyOf(c) === w.key));
  const removed = current.filter((c) => !wanted.some((w) => w.key === keyOf(c)));
  const kept = current.filter((c) => wanted.some((w) => w.key === keyOf(c)));
  // Adding or removing a role is granting: the caller must hold what the role holds.
  assertGrantable(ctx, added);
  for (const r of removed) {
    const role = await findRoleById(ctx.db, t, r.role_id);
    if (role) assertGrantable(ctx, [{ role }]);
  }
  await assertMainFree(ctx, wanted, id, (l) => wanted.indexOf(l));
  const isAssistant = wanted.some((l) => l.role.code === 'doctor_assistant');
  const isDoctor = wanted.some((l) => l.role.code === 'doctor');
  const doctorIds = [...new Set(input.doctorIds)];
  if (isAssistant) {
    await assertDoctors(ctx, doctorIds, reach);
    const followed = await repo.doctorsOf(ctx.db, t, id);
    if (followed.length === 0 && doctorIds.length === 0) throw fieldError('ASSISTANT_NEEDS_DOCTOR', 'doctorIds');
  }
  const now = ctx.clock.now();
  const levelsChanged = added.length > 0 || removed.length > 0;
  try {
    await ctx.db.tx(async (db) => {
      await updateUserProfile(
        db,
        t,
        id,
        { firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone },
        now,
      );
      for (const r of removed) await repo.deleteLevel(db, t, r.id);
      for (const k of kept) {
        const w = wanted.find((x) => x.key === keyOf(k))!;
        if (w.isMain !== k.is_main) await repo.setLevelMain(db, t, k.id, w.isMain);
      }
      for (const a of added)
        await addUserLevel(db, t, {
          id: newId(),
          userId: id,
          roleId: a.role.id,
          scopeId: a.scopeId,
          centerId: a.centerId,
          isMain: a.isMain,
        });
      if (isDoctor && !(await repo.profilesOf(db, t, [id])).length)
        await repo.upsertProfile(db, t, id, EMPTY_PROFILE, now);
      if (isAssistant) for (const d of doctorIds) await repo.follow(db, t, id, d, now);
      if (levelsChanged) await repo.bumpPermissionsVersion(db, t, id);
    });
  } catch (e) {
    throw uniqueViolation(e) ?? e;
  }
  await audit(ctx, {
    action: 'staff.update',
    resource: 'user',
    resourceId: target.id,
    details: { added: added.map((a) => a.role.code).join(','), removed: removed.map((r) => r.role_code).join(',') },
  });
  return getStaff(ctx, id);
}

// ---------------------------------------------------------------- doctor profile

async function visibleDoctor(ctx: AuthedCtx, id: string): Promise<repo.StaffRow> {
  const u = await visible(ctx, id);
  if (!hasRole(await repo.levelsOf(ctx.db, ctx.auth.tenantId, [id]), 'doctor')) throw new AppError('PROFILE_NOT_FOUND');
  return u;
}

export async function updateDoctorProfile(
  ctx: AuthedCtx,
  id: string,
  input: TDoctorProfileInput,
): Promise<TStaffDetail> {
  const u = await visibleDoctor(ctx, id);
  await assertOfficePhone(ctx, input);
  await repo.upsertProfile(ctx.db, ctx.auth.tenantId, u.id, profileData(input), ctx.clock.now());
  await audit(ctx, { action: 'staff.doctor_profile.update', resource: 'user', resourceId: u.id });
  return detailOf(ctx, u);
}

// ---------------------------------------------------------------- licenses

/** Today's date (yyyy-MM-dd) in the caller's timezone, by the injected clock. */
async function today(ctx: AuthedCtx): Promise<string> {
  const me = await findUserById(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  let tz = me?.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
  } catch {
    tz = 'UTC';
  }
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ctx.clock.now(),
  );
}

async function storeLicenseImage(ctx: AuthedCtx, data: Buffer | null): Promise<string | null> {
  if (!data || data.length === 0) return null;
  if (data.length > LICENSE_IMAGE_MAX_BYTES) throw fieldError('FILE_TOO_LARGE', 'file', 'max_5mb');
  const kind = sniffImage(data);
  if (!kind) throw fieldError('INVALID_FILE_TYPE', 'file', 'png_or_jpeg');
  return (await ctx.files.put(newFileKey('licenses', ctx.auth.tenantId, kind === 'png' ? 'png' : 'jpg'), data)).key;
}

export async function listLicenses(ctx: AuthedCtx, id: string): Promise<{ items: TLicense[] }> {
  const u = await visibleDoctor(ctx, id);
  const d = await today(ctx);
  return { items: (await repo.listLicenses(ctx.db, ctx.auth.tenantId, u.id)).map((l) => toLicense(l, d)) };
}

async function addLicenseFor(
  ctx: AuthedCtx,
  userId: string,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  const d = await today(ctx);
  if (input.expiryDate < d) throw fieldError('MEDICAL_LICENSE_EXPIRED', 'expiryDate');
  const imagePath = await storeLicenseImage(ctx, image);
  const licenseId = newId();
  await repo.insertLicense(ctx.db, ctx.auth.tenantId, {
    id: licenseId,
    userId,
    name: input.name,
    number: input.number,
    expiryDate: input.expiryDate,
    imagePath,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'staff.license.create',
    resource: 'medical_license',
    resourceId: licenseId,
    details: { userId },
  });
  return toLicense((await repo.findLicense(ctx.db, ctx.auth.tenantId, userId, licenseId))!, d);
}

export async function addLicense(
  ctx: AuthedCtx,
  id: string,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  const u = await visibleDoctor(ctx, id);
  return addLicenseFor(ctx, u.id, input, image);
}

export async function updateLicense(
  ctx: AuthedCtx,
  id: string,
  licenseId: string,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  const u = await visibleDoctor(ctx, id);
  const t = ctx.auth.tenantId;
  const lic = await repo.findLicense(ctx.db, t, u.id, licenseId);
  if (!lic) throw new AppError('LICENSE_NOT_FOUND');
  const d = await today(ctx);
  if (input.expiryDate < d) throw fieldError('MEDICAL_LICENSE_EXPIRED', 'expiryDate');
  const imagePath = (await storeLicenseImage(ctx, image)) ?? lic.image_path;
  await repo.updateLicense(ctx.db, t, {
    id: lic.id,
    userId: u.id,
    name: input.name,
    number: input.number,
    expiryDate: input.expiryDate,
    imagePath,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'staff.license.update',
    resource: 'medical_license',
    resourceId: lic.id,
    details: { userId: u.id, image: !!image },
  });
  return toLicense((await repo.findLicense(ctx.db, t, u.id, lic.id))!, d);
}

export async function readLicenseImage(
  ctx: AuthedCtx,
  id: string,
  licenseId: string,
): Promise<{ data: Buffer; type: string }> {
  const u = await visibleDoctor(ctx, id);
  const lic = await repo.findLicense(ctx.db, ctx.auth.tenantId, u.id, licenseId);
  if (!lic) throw new AppError('LICENSE_NOT_FOUND');
  const data = lic.image_path ? await ctx.files.readAll(lic.image_path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: sniffImage(data) === 'png' ? 'image/png' : 'image/jpeg' };
}

// ---------------------------------------------------------------- assistants ↔ doctors

async function visibleAssistant(ctx: AuthedCtx, id: string, reach: Reach): Promise<repo.StaffRow> {
  const u = await visible(ctx, id, reach);
  if (!hasRole(await repo.levelsOf(ctx.db, ctx.auth.tenantId, [id]), 'doctor_assistant'))
    throw new AppError('ACCOUNT_NOT_FOUND');
  return u;
}

/** The ids of the doctors an assistant follows (none for anyone else): who an assistant acts for. */
export async function doctorIdsFollowedBy(db: Db, tenantId: string, assistantId: string): Promise<string[]> {
  return (await repo.doctorsOf(db, tenantId, assistantId)).map((d) => d.id);
}

export async function followedDoctors(ctx: AuthedCtx, id: string): Promise<{ items: TPersonRef[] }> {
  const u = await visibleAssistant(ctx, id, await reachOf(ctx));
  return { items: (await repo.doctorsOf(ctx.db, ctx.auth.tenantId, u.id)).map(toPerson) };
}

export async function followDoctor(ctx: AuthedCtx, id: string, doctorId: string): Promise<{ items: TPersonRef[] }> {
  const reach = await reachOf(ctx);
  const u = await visibleAssistant(ctx, id, reach);
  await assertDoctors(ctx, [doctorId], reach, 'doctorId');
  if (await repo.follow(ctx.db, ctx.auth.tenantId, u.id, doctorId, ctx.clock.now())) {
    await audit(ctx, { action: 'staff.assistant.follow', resource: 'user', resourceId: u.id, details: { doctorId } });
  }
  return followedDoctors(ctx, id);
}

/** Spec §5: a doctor assistant follows at least one doctor; the last one cannot be unassigned. */
export async function unfollowDoctor(ctx: AuthedCtx, id: string, doctorId: string): Promise<{ items: TPersonRef[] }> {
  const t = ctx.auth.tenantId;
  const u = await visibleAssistant(ctx, id, await reachOf(ctx));
  await ctx.db.tx(async (db) => {
    const followed = await repo.doctorsOf(db, t, u.id);
    if (!followed.some((d) => d.id === doctorId)) throw new AppError('NOT_FOUND');
    if ((await repo.lockFollows(db, t, u.id)) <= 1) throw fieldError('LAST_DOCTOR_UNASSIGN', 'doctorId');
    await repo.unfollow(db, t, u.id, doctorId);
  });
  await audit(ctx, { action: 'staff.assistant.unfollow', resource: 'user', resourceId: u.id, details: { doctorId } });
  return followedDoctors(ctx, id);
}

// ---------------------------------------------------------------- avatars

export const AVATAR_MAX_BYTES = 1024 * 1024;

/** An admin sets the avatar of a staff account within reach, named by e-mail or phone. */
export async function uploadAvatarFor(ctx: AuthedCtx, username: string, data: Buffer | null): Promise<TStaffDetail> {
  const u = await repo.findStaffByUsername(ctx.db, ctx.auth.tenantId, username, await reachOf(ctx));
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  if (!data || data.length === 0)
    throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
  if (data.length > AVATAR_MAX_BYTES) throw fieldError('FILE_TOO_LARGE', 'file', 'max_1mb');
  const kind = sniffImage(data);
  if (!kind) throw fieldError('INVALID_FILE_TYPE', 'file', 'png_or_jpeg');
  const { key: rel } = await ctx.files.put(
    newFileKey('avatars', ctx.auth.tenantId, kind === 'png' ? 'png' : 'jpg'),
    data,
  );
  await updateUserPreferences(ctx.db, ctx.auth.tenantId, u.id, { avatar_path: rel }, ctx.clock.now());
  // The replaced picture is deleted, not kept for ever in the store (and its backups).
  if (u.avatar_path && u.avatar_path !== rel) await ctx.files.remove(u.avatar_path);
  await audit(ctx, { action: 'staff.avatar.update', resource: 'user', resourceId: u.id });
  return getStaff(ctx, u.id);
}

export async function readStaffAvatar(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string }> {
  const u = await visible(ctx, id);
  const data = u.avatar_path ? await ctx.files.readAll(u.avatar_path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: sniffImage(data) === 'png' ? 'image/png' : 'image/jpeg' };
}

// ---------------------------------------------------------------- §7 self-service

/** The caller's own staff row, whatever their current level. */
async function self(ctx: AuthedCtx): Promise<repo.StaffRow> {
  const u = await repo.findStaff(ctx.db, ctx.auth.tenantId, ctx.auth.userId, { all: true });
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  return u;
}
async function selfWithRole(
  ctx: AuthedCtx,
  code: string,
  missing: 'PROFILE_NOT_FOUND' | 'ACCOUNT_NOT_FOUND',
): Promise<repo.StaffRow> {
  const u = await self(ctx);
  if (!hasRole(await repo.levelsOf(ctx.db, ctx.auth.tenantId, [u.id]), code)) throw new AppError(missing);
  return u;
}

export async function doctorMe(ctx: AuthedCtx): Promise<TDoctorMe> {
  const u = await selfWithRole(ctx, 'doctor', 'PROFILE_NOT_FOUND');
  const d = await today(ctx);
  return {
    account: await detailOf(ctx, u),
    licenses: (await repo.listLicenses(ctx.db, ctx.auth.tenantId, u.id)).map((l) => toLicense(l, d)),
  };
}

export async function updateDoctorMe(
  ctx: AuthedCtx,
  input: TDoctorProfileInput & { firstName?: string | undefined; lastName?: string | undefined },
): Promise<TDoctorMe> {
  const u = await selfWithRole(ctx, 'doctor', 'PROFILE_NOT_FOUND');
  await assertOfficePhone(ctx, input);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    if (input.firstName || input.lastName) {
      await updateUserProfile(
        db,
        ctx.auth.tenantId,
        u.id,
        {
          firstName: input.firstName ?? u.first_name,
          lastName: input.lastName ?? u.last_name,
          email: u.email,
          phone: u.phone,
        },
        now,
      );
    }
    await repo.upsertProfile(db, ctx.auth.tenantId, u.id, profileData(input), now);
  });
  await audit(ctx, {
    action: 'staff.doctor_profile.update',
    resource: 'user',
    resourceId: u.id,
    details: { self: true },
  });
  return doctorMe(ctx);
}

/** A doctor registers a qualification (medical license) of their own. */
export async function addMyQualification(
  ctx: AuthedCtx,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  const u = await selfWithRole(ctx, 'doctor', 'PROFILE_NOT_FOUND');
  return addLicenseFor(ctx, u.id, input, image);
}

export async function myAssistants(ctx: AuthedCtx): Promise<{ items: TPersonRef[] }> {
  const u = await selfWithRole(ctx, 'doctor', 'PROFILE_NOT_FOUND');
  return { items: (await repo.assistantsOf(ctx.db, ctx.auth.tenantId, u.id)).map(toPerson) };
}

export async function assistantMe(ctx: AuthedCtx): Promise<TStaffDetail> {
  return detailOf(ctx, await selfWithRole(ctx, 'doctor_assistant', 'PROFILE_NOT_FOUND'));
}

export async function updateAssistantMe(ctx: AuthedCtx, input: TUpdateAssistantMeRequest): Promise<TStaffDetail> {
  const u = await selfWithRole(ctx, 'doctor_assistant', 'PROFILE_NOT_FOUND');
  if (input.phone) {
    if (!isValidPhone(input.phone, await phoneRuleOf(ctx.db, ctx.auth.tenantId)))
      throw new AppError('VALIDATION_ERROR', { field: 'phone', rule: 'phone' }, 'Phone number is not valid');
    const other = await findUserByPhone(ctx.db, ctx.auth.tenantId, input.phone);
    if (other && other.id !== u.id) throw fieldError('PHONE_USED', 'phone');
  }
  await updateUserProfile(
    ctx.db,
    ctx.auth.tenantId,
    u.id,
    { firstName: input.firstName, lastName: input.lastName, email: u.email, phone: input.phone },
    ctx.clock.now(),
  );
  await audit(ctx, {
    action: 'staff.assistant_profile.update',
    resource: 'user',
    resourceId: u.id,
    details: { self: true },
  });
  return assistantMe(ctx);
}

/** The system-admin profile endpoints answer for system admins, super admins and root only. */
export async function systemAdminMe(ctx: AuthedCtx): Promise<TStaffDetail> {
  if (!TENANT_WIDE_ROLES.includes(ctx.auth.roleCode)) throw new AppError('PERMISSION_DENIED');
  return detailOf(ctx, await self(ctx));
}
export async function systemAdminChangePassword(ctx: AuthedCtx, input: TChangePasswordRequest) {
  if (!TENANT_WIDE_ROLES.includes(ctx.auth.roleCode)) throw new AppError('PERMISSION_DENIED');
  return changePassword(ctx, input);
}
