import { personName } from '@carewatch/contracts/names';
import { Permission } from '@carewatch/contracts/permissions';
import {
  DOCTOR_TYPES,
  type TDoctorProfile,
  type TDoctorProfileInput,
  type TLicense,
  type TLicenseInput,
} from '@carewatch/contracts/staff';
import { SPECIALTIES } from '@carewatch/contracts/specialties';
import {
  APP_DOCTOR_SEARCH_LIMIT,
  type TAppDoctorList,
  type TAppDoctorSearchQuery,
  type TDoctorCard,
  type TDoctorDetail,
  type TDoctorDirectoryPage,
  type TDoctorDirectoryQuery,
} from '@carewatch/contracts/doctors';
import { nearestFirst } from '@carewatch/clinical/geo';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { sniffImage } from '../../platform/files.ts';
import * as staff from '../staff/staff.service.ts';
import * as repo from './doctors.repo.ts';

const fullName = (r: { first_name: string; last_name: string }, lang: string) =>
  personName({ firstName: r.first_name, lastName: r.last_name }, lang);

function toCard(r: repo.DirectoryRow, lang: string): TDoctorCard {
  const specialties = r.specialties ?? [];
  return {
    id: r.id,
    fullName: fullName(r, lang),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    centerId: r.center_id,
    centerName: r.center_name,
    specialty: specialties[0] ?? null,
    specialties,
    doctorType: r.doctor_type === 'specialist' ? 'specialist' : DOCTOR_TYPES[0],
    degree: r.degree,
    examinationCost: r.examination_cost == null ? null : Number(r.examination_cost),
    officeAddress: r.office_address,
    yearsOfExperience: r.years_of_experience,
    hasAvatar: !!r.avatar_path,
  };
}
function toProfile(r: repo.DirectoryRow): TDoctorProfile {
  const c = toCard(r, 'en');
  return {
    specialties: c.specialties,
    degree: c.degree,
    examinationCost: c.examinationCost,
    officeAddress: r.office_address,
    officeEmail: r.office_email,
    officePhone: r.office_phone,
    introduction: r.introduction,
    placeOfEducation: r.place_of_education,
    yearsOfExperience: r.years_of_experience,
    doctorType: c.doctorType,
  };
}

// ---------------------------------------------------------------- directory

/** The doctors of the caller's reach (their centers / scopes; tenant-wide admins see all), filtered and paged. */
export async function listDoctors(ctx: AuthedCtx, q: TDoctorDirectoryQuery): Promise<TDoctorDirectoryPage> {
  const name = q.name || q.q || undefined;
  const { rows, total } = await repo.listDirectory(ctx.db, ctx.auth.tenantId, await staff.reachOf(ctx), {
    ...(q.centerId ? { centerId: q.centerId } : {}),
    ...(q.specialty ? { specialty: q.specialty } : {}),
    ...(name ? { name } : {}),
    limit: q.size,
    offset: q.page * q.size,
  });
  return { items: rows.map((r) => toCard(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

const isSelf = (ctx: AuthedCtx, id: string) => ctx.auth.userId === id;

/** A doctor the caller may see: themself, or one within their reach; anything else answers DOCTOR_NOT_FOUND. */
async function visibleDoctor(ctx: AuthedCtx, id: string): Promise<repo.DirectoryRow> {
  const reach = isSelf(ctx, id) ? { all: true as const } : await staff.reachOf(ctx);
  const { rows } = await repo.listDirectory(ctx.db, ctx.auth.tenantId, reach, { ids: [id], limit: 1, offset: 0 });
  if (!rows[0]) throw new AppError('DOCTOR_NOT_FOUND');
  return rows[0];
}

/**
 * Editing a profile or licences: the doctor themself, or staff holding `needed` (StaffUpdate, or StaffView to read
 * licences). Others may still see the directory card, so the refusal is 403, not 404.
 */
function assertMayManage(ctx: AuthedCtx, id: string, needed: number): void {
  if (!isSelf(ctx, id) && !ctx.auth.permissions.has(needed)) throw new AppError('PERMISSION_DENIED');
}

export async function getDoctor(ctx: AuthedCtx, id: string): Promise<TDoctorDetail> {
  const r = await visibleDoctor(ctx, id);
  return {
    ...toCard(r, ctx.auth.language),
    phone: r.phone,
    profile: toProfile(r),
    canEdit: isSelf(ctx, id) || ctx.auth.permissions.has(Permission.StaffUpdate),
  };
}

/** The doctor themself or an admin with StaffUpdate: the staff module's profile rules (specialties ≤ 5, degree 1–7, office phone). */
export async function updateDoctor(ctx: AuthedCtx, id: string, input: TDoctorProfileInput): Promise<TDoctorDetail> {
  await visibleDoctor(ctx, id);
  assertMayManage(ctx, id, Permission.StaffUpdate);
  await staff.updateDoctorProfile(ctx, id, input);
  return getDoctor(ctx, id);
}

export async function readDoctorAvatar(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string }> {
  const r = await visibleDoctor(ctx, id);
  const data = r.avatar_path ? await ctx.files.readAll(r.avatar_path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: sniffImage(data) === 'png' ? 'image/png' : 'image/jpeg' };
}

// ---------------------------------------------------------------- licences (the staff module's one implementation)

export async function doctorLicenses(ctx: AuthedCtx, id: string): Promise<{ items: TLicense[] }> {
  await visibleDoctor(ctx, id);
  assertMayManage(ctx, id, Permission.StaffView);
  return staff.listLicenses(ctx, id);
}
export async function addDoctorLicense(
  ctx: AuthedCtx,
  id: string,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  await visibleDoctor(ctx, id);
  assertMayManage(ctx, id, Permission.StaffUpdate);
  return staff.addLicense(ctx, id, input, image);
}
export async function updateDoctorLicense(
  ctx: AuthedCtx,
  id: string,
  licenseId: string,
  input: TLicenseInput,
  image: Buffer | null,
): Promise<TLicense> {
  await visibleDoctor(ctx, id);
  assertMayManage(ctx, id, Permission.StaffUpdate);
  return staff.updateLicense(ctx, id, licenseId, input, image);
}
export async function doctorLicenseImage(
  ctx: AuthedCtx,
  id: string,
  licenseId: string,
): Promise<{ data: Buffer; type: string }> {
  await visibleDoctor(ctx, id);
  assertMayManage(ctx, id, Permission.StaffView);
  return staff.readLicenseImage(ctx, id, licenseId);
}

// ---------------------------------------------------------------- the patient app's search

/** Specialty codes whose English or Vietnamese label contains the text (a patient types "tim mạch" or "cardio"). */
export function specialtiesMatching(text: string): string[] {
  const t = text.trim().toLocaleLowerCase('vi');
  if (!t) return [];
  return SPECIALTIES.filter(
    (s) => s.en.toLocaleLowerCase('en').includes(t) || s.vi.toLocaleLowerCase('vi').includes(t),
  ).map((s) => s.code);
}

/** How many doctors "near me" ranks at most (the tenant's active doctors; distances are computed in code). */
const NEAR_ME_CAP = 2000;

/**
 * Search by id, e-mail, name, specialty or address; with a position ("near me") the results come nearest first with
 * their distance to the doctor's branch (haversine, packages/clinical/geo.ts); doctors without coordinates come last.
 */
export async function searchDoctors(ctx: AuthedCtx, q: TAppDoctorSearchQuery): Promise<TAppDoctorList> {
  const t = ctx.auth.tenantId;
  const near = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : null;
  const filter = {
    ...(q.q ? { q: q.q } : {}),
    ...(q.specialty ? { specialty: q.specialty } : {}),
    specialtyCodes: q.q ? specialtiesMatching(q.q) : [],
  };
  const rows = await repo.searchDirectory(ctx.db, t, {
    ...filter,
    limit: near ? NEAR_ME_CAP : APP_DOCTOR_SEARCH_LIMIT,
  });
  const ranked = near
    ? nearestFirst(rows, near, (r) => (r.lat != null && r.lng != null ? { lat: r.lat, lng: r.lng } : null)).slice(
        0,
        APP_DOCTOR_SEARCH_LIMIT,
      )
    : rows.map((item) => ({ item, distanceKm: null }));
  return {
    items: ranked
      .filter(({ item }) => item.id !== ctx.auth.userId)
      .map(({ item: r, distanceKm }) => {
        const c = toCard(r, ctx.auth.language);
        return {
          id: c.id,
          fullName: c.fullName,
          email: c.email,
          specialties: c.specialties,
          doctorType: c.doctorType,
          degree: c.degree,
          examinationCost: c.examinationCost,
          officeAddress: r.office_address ?? r.center_address,
          centerName: r.center_name,
          distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
        };
      }),
  };
}
