import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { ZOrgAdmin } from './scopes.ts';

export const CENTER_TYPES = ['hospital', 'clinic', 'health_center', 'health_station', 'pharmacy', 'other'] as const;
export const ZCenterType = z.enum(CENTER_TYPES);
export type TCenterType = z.infer<typeof ZCenterType>;
/** Logo: PNG or JPEG by content, at most 5 MB (spec §9 report image size). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const ZCenter = z.object({
  id: ZId,
  name: z.string(),
  enabled: z.boolean(),
  hasLogo: z.boolean(),
  type: ZCenterType.nullable(),
  representative: z.string().nullable(),
  phonePrefix: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  hotline: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string().nullable(),
  scopeId: ZId.nullable(),
  scopeName: z.string().nullable(),
  level: z.string().nullable(),
  region: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  area: z.string().nullable(),
  specialties: z.array(z.string()),
  mainAdmin: ZOrgAdmin.nullable(),
  supportAdmins: z.array(ZOrgAdmin),
  inUseCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCenter = z.infer<typeof ZCenter>;

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim() || null : v);
const text = (max: number) => z.preprocess(blankToNull, z.string().max(max, `Max length is ${max}`).nullable());
const phone = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^\d{6,15}$/, 'Phone number is not valid')
    .nullable(),
);
const coord = (limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z.number('Invalid number').min(-limit, `Min value is -${limit}`).max(limit, `Max value is ${limit}`).nullable(),
  );
const strList = (item: z.ZodType<string>, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v]),
    z.array(item).max(max, `Max length is ${max}`),
  );

/** The health-center fields of spec §3 (as JSON or as multipart text fields). */
export const ZCenterFields = z.object({
  name: z.string('Required').trim().min(1, 'Required').max(255, 'Max length is 255'),
  type: z.preprocess(blankToNull, ZCenterType.nullable()),
  representative: text(255),
  phonePrefix: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\+?\d{1,4}$/, 'Phone number is not valid')
      .nullable(),
  ),
  phoneNumber: phone,
  hotline: phone,
  email: z.preprocess(blankToNull, z.email('Email is not valid').max(255, 'Max length is 255').nullable()),
  website: z.preprocess(
    blankToNull,
    z
      .string()
      .max(255, 'Max length is 255')
      .regex(/^https?:\/\/[^\s]+$/i, 'Website is not valid')
      .nullable(),
  ),
  lat: coord(90),
  lng: coord(180),
  address: text(500),
  /** A scope must be picked: none picked answers 'Required' (not Zod's wording). */
  scopeId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string('Required').uuid('Invalid id')),
  level: text(100),
  region: text(100),
  province: text(100),
  city: text(100),
  area: text(100),
  specialties: strList(z.string().trim().min(1).max(100, 'Max length is 100'), 60),
});
/** Absent = unchanged on update; an empty main admin means "unassign" (refused while one is set). */
export const ZCenterAdminsFields = z.object({
  mainAdminId: z.preprocess((v) => (v === '' ? null : v), ZId.nullable().optional()),
  supportAdminIds: z.preprocess(
    (v) =>
      v === undefined ? undefined : v === null || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v],
    z.array(ZId).max(50, 'Max length is 50').optional(),
  ),
});
export const ZCreateCenterRequest = ZCenterFields.extend(ZCenterAdminsFields.shape).extend({
  enabled: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().default(true)),
});
export type TCreateCenterRequest = z.infer<typeof ZCreateCenterRequest>;
export const ZUpdateCenterRequest = ZCenterFields.extend(ZCenterAdminsFields.shape);
export type TUpdateCenterRequest = z.infer<typeof ZUpdateCenterRequest>;
/** What a health-center admin may change on their own center (no scope, no admins). */
export const ZUpdateOwnCenterRequest = ZCenterFields.omit({ scopeId: true });
export type TUpdateOwnCenterRequest = z.infer<typeof ZUpdateOwnCenterRequest>;

export const ZCenterStatusRequest = z.object({ enabled: z.boolean() });
export const ZCenterStatusQuery = z.object({
  enabled: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
});

const optionalQueryId = z.preprocess((v) => (v === '' ? undefined : v), ZId.optional());
export const ZCenterListQuery = ZPageQuery.extend({
  searchValue: z.string().trim().max(120, 'Max length is 120').optional(),
  scopeId: optionalQueryId,
  enabled: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v),
    z.boolean().optional(),
  ),
});
export type TCenterListQuery = z.infer<typeof ZCenterListQuery>;
export const ZCenterPage = page(ZCenter);
export type TCenterPage = z.infer<typeof ZCenterPage>;
export const ZCenterList = z.object({ items: z.array(ZCenter) });
export type TCenterList = z.infer<typeof ZCenterList>;

export const ZUnassignAdminParams = z.object({ id: ZId, userId: ZId });

/** GET smadmin/check-mhsc-and-scope: what the caller's level is attached to. */
export const ZOrgCheck = z.object({
  hasScope: z.boolean(),
  hasCenter: z.boolean(),
  scopeId: ZId.nullable(),
  centerId: ZId.nullable(),
  scopeName: z.string().nullable(),
  centerName: z.string().nullable(),
  isMainAdmin: z.boolean(),
  canEditCenter: z.boolean(),
});
export type TOrgCheck = z.infer<typeof ZOrgCheck>;

// --- /api/manage (name-based center management)
export const ZManageCenterQuery = z.object({
  name: z.string('Required').trim().min(1, 'Required').max(255, 'Max length is 255'),
  scope: ZId,
  tenantName: z.string('Required').trim().min(1, 'Required'),
  mainAdmin: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
});
export type TManageCenterQuery = z.infer<typeof ZManageCenterQuery>;
export const ZManageCenterDetailQuery = z.object({ name: z.string('Required').trim().min(1, 'Required') });
export const ZManageUploadLogoQuery = z.object({
  tenantName: z.string('Required').trim().min(1, 'Required'),
  name: z.string('Required').trim().min(1, 'Required'),
});
