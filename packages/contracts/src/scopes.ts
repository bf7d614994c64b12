import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';

/** Scope levels of spec §9: 1 (widest) to 5. */
export const SCOPE_LEVELS = [1, 2, 3, 4, 5] as const;
export const SCOPE_TYPES = ['region', 'province', 'city', 'district', 'ward', 'other'] as const;
export const ZScopeType = z.enum(SCOPE_TYPES);
export type TScopeType = z.infer<typeof ZScopeType>;
export const SCOPE_STATUSES = ['active', 'inactive'] as const;
export const ZScopeStatus = z.enum(SCOPE_STATUSES);
export type TScopeStatus = z.infer<typeof ZScopeStatus>;

/** A scope or health-center admin (a user linked by a user_roles row). */
export const ZOrgAdmin = z.object({
  userId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isMain: z.boolean(),
});
export type TOrgAdmin = z.infer<typeof ZOrgAdmin>;

export const ZScope = z.object({
  id: ZId,
  name: z.string(),
  level: z.number().int().min(1).max(5),
  type: ZScopeType.nullable(),
  parentId: ZId.nullable(),
  parentName: z.string().nullable(),
  status: ZScopeStatus,
  childCount: z.number().int(),
  centerCount: z.number().int(),
  adminCount: z.number().int(),
  createdAt: z.string(),
});
export type TScope = z.infer<typeof ZScope>;

export const ZScopeCenterRef = z.object({ id: ZId, name: z.string(), enabled: z.boolean() });
export const ZScopeDetail = ZScope.extend({
  children: z.array(ZScope),
  centers: z.array(ZScopeCenterRef),
  mainAdmin: ZOrgAdmin.nullable(),
  supportAdmins: z.array(ZOrgAdmin),
});
export type TScopeDetail = z.infer<typeof ZScopeDetail>;

const scopeName = z.string().trim().min(1, 'Required').max(120, 'Max length is 120');
const optionalId = z.preprocess((v) => (v === '' ? null : v), ZId.nullable().optional());

export const ZCreateScopeRequest = z.object({
  name: scopeName,
  level: z.coerce.number().int('Invalid level').min(1, 'Min value is 1').max(5, 'Max value is 5'),
  type: z.preprocess((v) => (v === '' ? null : v), ZScopeType.nullable().optional()),
  parentId: optionalId,
  mainAdminId: optionalId,
  /** Absent = unchanged on update. */
  supportAdminIds: z.array(ZId).max(50, 'Max length is 50').optional(),
});
export type TCreateScopeRequest = z.infer<typeof ZCreateScopeRequest>;
export const ZUpdateScopeRequest = ZCreateScopeRequest;
export type TUpdateScopeRequest = z.infer<typeof ZUpdateScopeRequest>;

export const ZScopeNameStatusRequest = z.object({ name: scopeName, status: ZScopeStatus });
export type TScopeNameStatusRequest = z.infer<typeof ZScopeNameStatusRequest>;

const optionalQueryId = z.preprocess((v) => (v === '' ? undefined : v), ZId.optional());
const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const ZScopeListQuery = ZPageQuery.extend({
  searchValue: z.string().trim().max(120, 'Max length is 120').optional(),
  type: z.preprocess((v) => (v === '' ? undefined : v), ZScopeType.optional()),
  parentId: optionalQueryId,
  level: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1, 'Min value is 1').max(5, 'Max value is 5').optional(),
  ),
  status: z.preprocess((v) => (v === '' ? undefined : v), ZScopeStatus.optional()),
});
export type TScopeListQuery = z.infer<typeof ZScopeListQuery>;
export const ZScopePage = page(ZScope);
export type TScopePage = z.infer<typeof ZScopePage>;

export const ZScopeChildrenQuery = z.object({ scopeId: ZId });
export const ZScopeList = z.object({ items: z.array(ZScope) });
export type TScopeList = z.infer<typeof ZScopeList>;

export const ZScopeHierarchyQuery = z.object({
  scopeId: optionalQueryId,
  isFetchParent: bool.default(true),
  isFetchChildren: bool.default(true),
});
export type TScopeHierarchyQuery = z.infer<typeof ZScopeHierarchyQuery>;
/** The scope, its ancestors (widest first) and all its descendants (flat; each names its parent). */
export const ZScopeHierarchy = z.object({
  scope: ZScope.nullable(),
  parents: z.array(ZScope),
  children: z.array(ZScope),
});
export type TScopeHierarchy = z.infer<typeof ZScopeHierarchy>;

export const ZScopeAdminQuery = ZPageQuery.extend({ scopeId: optionalQueryId });
export const ZOrgAdminPage = page(ZOrgAdmin.extend({ scopeId: ZId.nullable(), scopeName: z.string().nullable() }));
export type TOrgAdminPage = z.infer<typeof ZOrgAdminPage>;

/** Users who may be linked as admins (scope_admin for scopes, mhsc_admin for centers). */
export const ZAdminCandidateQuery = z.object({ searchValue: z.string().trim().max(120).optional() });
export const ZAdminCandidate = z.object({
  userId: ZId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TAdminCandidate = z.infer<typeof ZAdminCandidate>;
export const ZAdminCandidateList = z.object({ items: z.array(ZAdminCandidate) });

/** GET /api/manage/scope/all: every scope of the tenant (cached by the client). */
export const ZScopeAll = z.object({ items: z.array(ZScope) });
