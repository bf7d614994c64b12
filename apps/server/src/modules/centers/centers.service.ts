import {
  CENTER_TYPES,
  LOGO_MAX_BYTES,
  type TCenter,
  type TCenterListQuery,
  type TCenterPage,
  type TCenterType,
  type TCreateCenterRequest,
  type TManageCenterQuery,
  type TOrgCheck,
  type TUpdateCenterRequest,
  type TUpdateOwnCenterRequest,
} from '@carewatch/contracts/centers';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import * as repo from './centers.repo.ts';
import {
  eligibleAdmins,
  requireUsableScope,
  scopeVisible,
  toAdmin,
  visibleRootScope,
} from '../scopes/scopes.service.ts';
import { tenantSettings } from '../tenants/tenants.service.ts';
import { linkUserLevel } from '../users/users.service.ts';

const isCenterType = (v: string | null): v is TCenterType =>
  v !== null && (CENTER_TYPES as readonly string[]).includes(v);
const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

function toCenter(r: repo.CenterRow, admins: repo.CenterAdminRow[], language: string): TCenter {
  const mine = admins.filter((a) => a.center_id === r.id);
  const main = mine.find((a) => a.is_main);
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    hasLogo: !!r.logo_path,
    type: isCenterType(r.type) ? r.type : null,
    representative: r.representative,
    phonePrefix: r.phone_prefix,
    phoneNumber: r.phone_number,
    hotline: r.hotline,
    email: r.email,
    website: r.website,
    lat: r.lat,
    lng: r.lng,
    address: r.address,
    scopeId: r.scope_id,
    scopeName: r.scope_name,
    level: r.level,
    region: r.region,
    province: r.province,
    city: r.city,
    area: r.area,
    specialties: r.specialties ?? [],
    mainAdmin: main ? toAdmin(main, language) : null,
    supportAdmins: mine.filter((a) => !a.is_main).map((a) => toAdmin(a, language)),
    inUseCount: r.in_use_count,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function withAdmins(ctx: AuthedCtx, rows: repo.CenterRow[]): Promise<TCenter[]> {
  const admins = await repo.admins(
    ctx.db,
    ctx.auth.tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCenter(r, admins, ctx.auth.language));
}

/** The caller's level decides which centers they see: their center, their scope subtree, or the whole tenant. */
async function levelFilter(ctx: AuthedCtx): Promise<{ centerId: string | null; rootScopeId: string | null }> {
  if (ctx.auth.centerId) return { centerId: ctx.auth.centerId, rootScopeId: null };
  return { centerId: null, rootScopeId: await visibleRootScope(ctx) };
}

/** A center of the caller's tenant and level, or CENTER_NOT_FOUND (same answer for another tenant's id). */
async function visibleCenter(ctx: AuthedCtx, id: string): Promise<repo.CenterRow> {
  const row = await repo.findById(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('CENTER_NOT_FOUND');
  const f = await levelFilter(ctx);
  const visible = f.centerId
    ? f.centerId === row.id
    : f.rootScopeId === null || (row.scope_id !== null && (await scopeVisible(ctx, row.scope_id)));
  if (!visible) throw new AppError('CENTER_NOT_FOUND');
  return row;
}

export async function listCenters(ctx: AuthedCtx, q: TCenterListQuery): Promise<TCenterPage> {
  const f = await levelFilter(ctx);
  const { rows, total } = await repo.list(
    ctx.db,
    ctx.auth.tenantId,
    { ...f, searchValue: q.searchValue || undefined, scopeId: q.scopeId, enabled: q.enabled },
    q.page,
    q.size,
  );
  return { items: await withAdmins(ctx, rows), total, page: q.page, size: q.size };
}

export async function getCenter(ctx: AuthedCtx, id: string): Promise<TCenter> {
  return (await withAdmins(ctx, [await visibleCenter(ctx, id)]))[0]!;
}

/** Logo: PNG or JPEG by content, at most 5 MB. */
function checkLogo(data: Buffer | null, field = 'logo'): 'png' | 'jpeg' | null {
  if (!data) return null;
  if (data.length === 0) throw fieldError('IMAGE_UPLOAD_FAILED', field, 'empty');
  if (data.length > LOGO_MAX_BYTES) throw fieldError('IMAGE_UPLOAD_FAILED', field, 'max_5mb');
  const kind = sniffImage(data);
  if (!kind) throw fieldError('INVALID_FILE_TYPE', field, 'png_or_jpeg');
  return kind;
}

async function storeLogo(ctx: AuthedCtx, data: Buffer, kind: 'png' | 'jpeg'): Promise<string> {
  return (await ctx.files.put(newFileKey('center-logos', ctx.auth.tenantId, kind === 'png' ? 'png' : 'jpg'), data)).key;
}

async function checkAdmins(ctx: AuthedCtx, mainId: string | null | undefined, supportIds: string[] | undefined) {
  const ids = [...(mainId ? [mainId] : []), ...(supportIds ?? [])];
  const ok = await eligibleAdmins(ctx, 'mhsc_admin', ids);
  if (mainId && !ok.has(mainId)) throw fieldError('ADMIN_NOT_ELIGIBLE', 'mainAdminId');
  if ((supportIds ?? []).some((id) => !ok.has(id))) throw fieldError('ADMIN_NOT_ELIGIBLE', 'supportAdminIds');
}

/**
 * Sets a center's admins. At most one main admin; the main admin is never simply removed: naming another main
 * keeps the previous one as a supporting admin. Returns whether anything changed.
 */
async function syncAdmins(
  db: Db,
  ctx: AuthedCtx,
  centerId: string,
  scopeId: string | null,
  mainId: string | null | undefined,
  supportIds: string[] | undefined,
): Promise<boolean> {
  const current = await repo.admins(db, ctx.auth.tenantId, [centerId]);
  const currentMain = current.find((a) => a.is_main)?.user_id ?? null;
  if (mainId === null && currentMain) throw fieldError('MAIN_ADMIN_CANNOT_UNASSIGN', 'mainAdminId');
  const nextMain = mainId === undefined ? currentMain : mainId;
  let nextSupport =
    supportIds === undefined ? current.filter((a) => !a.is_main).map((a) => a.user_id) : [...supportIds];
  if (currentMain && nextMain !== currentMain && !nextSupport.includes(currentMain)) nextSupport.push(currentMain);
  nextSupport = [...new Set(nextSupport.filter((id) => id !== nextMain))];
  if (!nextMain && nextSupport.length === 0) throw fieldError('CENTER_ADMIN_REQUIRED', 'mainAdminId');
  const wanted = new Map<string, boolean>(nextSupport.map((id) => [id, false]));
  if (nextMain) wanted.set(nextMain, true);
  for (const a of current) {
    if (!wanted.has(a.user_id)) await repo.unlinkAdmin(db, ctx.auth.tenantId, centerId, a.user_id);
    else if (wanted.get(a.user_id) !== a.is_main)
      await repo.setAdminMain(db, ctx.auth.tenantId, centerId, a.user_id, wanted.get(a.user_id)!);
  }
  const have = new Set(current.map((a) => a.user_id));
  for (const [userId, isMain] of wanted) {
    // Linked by the users module in this transaction: an unattached level of the role (no scope, no center) is reused.
    if (!have.has(userId))
      await linkUserLevel(db, ctx.auth.tenantId, {
        id: newId(),
        userId,
        roleCode: repo.CENTER_ADMIN_ROLE,
        scopeId,
        centerId,
        isMain,
      });
  }
  const key = (pairs: Array<[string, boolean]>) =>
    pairs
      .map(([u, m]) => `${u}:${m}`)
      .sort()
      .join(',');
  return key(current.map((a) => [a.user_id, a.is_main])) !== key([...wanted]);
}

const fieldsOf = (i: TUpdateOwnCenterRequest): repo.CenterFields => ({
  name: i.name,
  type: i.type,
  representative: i.representative,
  phonePrefix: i.phonePrefix,
  phoneNumber: i.phoneNumber,
  hotline: i.hotline,
  email: i.email,
  website: i.website,
  lat: i.lat,
  lng: i.lng,
  address: i.address,
  level: i.level,
  region: i.region,
  province: i.province,
  city: i.city,
  area: i.area,
  specialties: [...new Set(i.specialties)],
});

export async function createCenter(ctx: AuthedCtx, input: TCreateCenterRequest, logo: Buffer | null): Promise<TCenter> {
  const scope = await requireUsableScope(ctx, input.scopeId, 'scopeId');
  if (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name, null))
    throw fieldError('CENTER_NAME_DUPLICATED', 'name');
  const support = (input.supportAdminIds ?? []).filter((id) => id !== input.mainAdminId);
  if (!input.mainAdminId && support.length === 0) throw fieldError('CENTER_ADMIN_REQUIRED', 'mainAdminId');
  await checkAdmins(ctx, input.mainAdminId, support);
  const kind = checkLogo(logo);
  const logoPath = logo && kind ? await storeLogo(ctx, logo, kind) : null;
  const id = newId();
  try {
    await ctx.db.tx(async (db) => {
      await repo.insert(db, ctx.auth.tenantId, {
        ...fieldsOf(input),
        id,
        scopeId: scope.id,
        enabled: input.enabled,
        logoPath,
        now: ctx.clock.now(),
      });
      await syncAdmins(db, ctx, id, scope.id, input.mainAdminId ?? undefined, support);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('CENTER_NAME_DUPLICATED', 'name');
    throw e;
  }
  await audit(ctx, {
    action: 'center.create',
    resource: 'health_center',
    resourceId: id,
    details: { name: input.name, scopeId: scope.id },
  });
  return getCenter(ctx, id);
}

export async function updateCenter(
  ctx: AuthedCtx,
  id: string,
  input: TUpdateCenterRequest,
  logo: Buffer | null,
): Promise<TCenter> {
  const row = await visibleCenter(ctx, id);
  const scopeId =
    input.scopeId !== row.scope_id ? (await requireUsableScope(ctx, input.scopeId, 'scopeId')).id : row.scope_id;
  if (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name, row.id))
    throw fieldError('CENTER_NAME_DUPLICATED', 'name');
  await checkAdmins(ctx, input.mainAdminId, input.supportAdminIds);
  const kind = checkLogo(logo);
  const logoPath = logo && kind ? await storeLogo(ctx, logo, kind) : null;
  let adminsChanged = false;
  try {
    await ctx.db.tx(async (db) => {
      const now = ctx.clock.now();
      await repo.update(db, ctx.auth.tenantId, row.id, { ...fieldsOf(input), now });
      if (scopeId && scopeId !== row.scope_id) await repo.setScope(db, ctx.auth.tenantId, row.id, scopeId, now);
      if (logoPath) await repo.setLogo(db, ctx.auth.tenantId, row.id, logoPath, now);
      adminsChanged = await syncAdmins(db, ctx, row.id, scopeId, input.mainAdminId, input.supportAdminIds);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('CENTER_NAME_DUPLICATED', 'name');
    throw e;
  }
  await audit(ctx, {
    action: 'center.update',
    resource: 'health_center',
    resourceId: row.id,
    details: { adminsChanged, logo: !!logoPath, scopeChanged: scopeId !== row.scope_id },
  });
  return getCenter(ctx, row.id);
}

/** A health-center admin edits their own center (the chosen level's center): descriptive fields and logo only. */
export async function updateOwnCenter(
  ctx: AuthedCtx,
  id: string,
  input: TUpdateOwnCenterRequest,
  logo: Buffer | null,
): Promise<TCenter> {
  const row = await visibleCenter(ctx, id);
  if (ctx.auth.roleCode !== 'mhsc_admin' || ctx.auth.centerId !== row.id)
    throw new AppError('PERMISSION_DENIED', { rule: 'own_center_only' });
  if (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name, row.id))
    throw fieldError('CENTER_NAME_DUPLICATED', 'name');
  const kind = checkLogo(logo);
  const logoPath = logo && kind ? await storeLogo(ctx, logo, kind) : null;
  try {
    await ctx.db.tx(async (db) => {
      await repo.update(db, ctx.auth.tenantId, row.id, { ...fieldsOf(input), now: ctx.clock.now() });
      if (logoPath) await repo.setLogo(db, ctx.auth.tenantId, row.id, logoPath, ctx.clock.now());
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('CENTER_NAME_DUPLICATED', 'name');
    throw e;
  }
  await audit(ctx, {
    action: 'center.update',
    resource: 'health_center',
    resourceId: row.id,
    details: { own: true, logo: !!logoPath },
  });
  return getCenter(ctx, row.id);
}

/** Activate or deactivate. Deactivation is refused while anyone (admins included) is linked to the center. */
export async function setCenterEnabled(ctx: AuthedCtx, id: string, enabled: boolean): Promise<TCenter> {
  const row = await visibleCenter(ctx, id);
  if (row.enabled === enabled) return getCenter(ctx, row.id);
  if (!enabled && row.in_use_count > 0)
    throw new AppError('CENTER_IN_USE', { field: 'enabled', linkedUsers: row.in_use_count });
  if (enabled && row.scope_id) await requireUsableScope(ctx, row.scope_id, 'scopeId');
  await repo.setEnabled(ctx.db, ctx.auth.tenantId, row.id, enabled, ctx.clock.now());
  await audit(ctx, {
    action: enabled ? 'center.enable' : 'center.disable',
    resource: 'health_center',
    resourceId: row.id,
  });
  return getCenter(ctx, row.id);
}

/** Removes one supporting admin; the main admin cannot be unassigned directly (name another main first). */
export async function unassignAdmin(ctx: AuthedCtx, id: string, userId: string): Promise<TCenter> {
  const row = await visibleCenter(ctx, id);
  const admins = await repo.admins(ctx.db, ctx.auth.tenantId, [row.id]);
  const a = admins.find((x) => x.user_id === userId);
  if (!a) throw new AppError('ACCOUNT_NOT_FOUND');
  if (a.is_main) throw fieldError('MAIN_ADMIN_CANNOT_UNASSIGN', 'userId');
  await repo.unlinkAdmin(ctx.db, ctx.auth.tenantId, row.id, userId);
  await audit(ctx, {
    action: 'center.admin.unassign',
    resource: 'health_center',
    resourceId: row.id,
    details: { userId },
  });
  return getCenter(ctx, row.id);
}

export async function readLogo(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string }> {
  const row = await visibleCenter(ctx, id);
  const data = row.logo_path ? await ctx.files.readAll(row.logo_path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: sniffImage(data) === 'png' ? 'image/png' : 'image/jpeg' };
}

/** smadmin: the centers of the caller's level. */
export async function myCenters(ctx: AuthedCtx): Promise<{ items: TCenter[] }> {
  const f = await levelFilter(ctx);
  const { rows } = await repo.list(ctx.db, ctx.auth.tenantId, f, 0, 200);
  return { items: await withAdmins(ctx, rows) };
}

/** user/mhsc: every center the caller is linked to, whatever the level. */
export async function userCenters(ctx: AuthedCtx): Promise<{ items: TCenter[] }> {
  const ids = await repo.centerIdsOfUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  return { items: await withAdmins(ctx, await repo.findMany(ctx.db, ctx.auth.tenantId, ids)) };
}

export async function orgCheck(ctx: AuthedCtx): Promise<TOrgCheck> {
  const center = ctx.auth.centerId ? await repo.findById(ctx.db, ctx.auth.tenantId, ctx.auth.centerId) : null;
  const scopeId = ctx.auth.scopeId ?? center?.scope_id ?? null;
  const scopeName =
    center?.scope_name ??
    (scopeId ? ((await requireUsableScope(ctx, scopeId, 'scopeId').catch(() => null))?.name ?? null) : null);
  const admins = center ? await repo.admins(ctx.db, ctx.auth.tenantId, [center.id]) : [];
  const isMainAdmin = admins.some((a) => a.user_id === ctx.auth.userId && a.is_main);
  return {
    hasScope: !!scopeId,
    hasCenter: !!center,
    scopeId,
    centerId: center?.id ?? null,
    scopeName,
    centerName: center?.name ?? null,
    isMainAdmin,
    canEditCenter: !!center && ctx.auth.roleCode === 'mhsc_admin',
  };
}

// --- /api/manage: name-based calls; tenantName must be the caller's own tenant (code or name)

async function requireOwnTenant(ctx: AuthedCtx, tenantName: string) {
  const t = await tenantSettings(ctx);
  const n = tenantName.trim().toLowerCase();
  if (n !== t.tenantCode.toLowerCase() && n !== t.tenantName.toLowerCase())
    throw new AppError('TENANT_NOT_FOUND', { field: 'tenantName' });
}

async function centerByName(ctx: AuthedCtx, name: string): Promise<repo.CenterRow> {
  const row = await repo.findByName(ctx.db, ctx.auth.tenantId, name);
  if (!row) throw new AppError('CENTER_NOT_FOUND');
  return visibleCenter(ctx, row.id);
}

const EMPTY_FIELDS = {
  type: null,
  representative: null,
  phonePrefix: null,
  phoneNumber: null,
  hotline: null,
  email: null,
  website: null,
  lat: null,
  lng: null,
  address: null,
  level: null,
  region: null,
  province: null,
  city: null,
  area: null,
  specialties: [] as string[],
};

export async function manageCreateCenter(ctx: AuthedCtx, q: TManageCenterQuery): Promise<TCenter> {
  await requireOwnTenant(ctx, q.tenantName);
  return createCenter(
    ctx,
    {
      ...EMPTY_FIELDS,
      name: q.name,
      scopeId: q.scope,
      enabled: true,
      mainAdminId: q.mainAdmin ?? null,
      supportAdminIds: [],
    },
    null,
  );
}

/** Moves the named center to another scope (and optionally names its main admin). */
export async function manageUpdateCenter(ctx: AuthedCtx, q: TManageCenterQuery): Promise<TCenter> {
  await requireOwnTenant(ctx, q.tenantName);
  const row = await centerByName(ctx, q.name);
  const c = await getCenter(ctx, row.id);
  return updateCenter(
    ctx,
    row.id,
    {
      name: c.name,
      type: c.type,
      representative: c.representative,
      phonePrefix: c.phonePrefix,
      phoneNumber: c.phoneNumber,
      hotline: c.hotline,
      email: c.email,
      website: c.website,
      lat: c.lat,
      lng: c.lng,
      address: c.address,
      level: c.level,
      region: c.region,
      province: c.province,
      city: c.city,
      area: c.area,
      specialties: c.specialties,
      scopeId: q.scope,
      mainAdminId: q.mainAdmin,
      supportAdminIds: undefined,
    },
    null,
  );
}

export async function manageCenterDetail(ctx: AuthedCtx, name: string): Promise<TCenter> {
  return getCenter(ctx, (await centerByName(ctx, name)).id);
}

export async function manageUploadLogo(
  ctx: AuthedCtx,
  q: { tenantName: string; name: string },
  data: Buffer | null,
): Promise<TCenter> {
  await requireOwnTenant(ctx, q.tenantName);
  const row = await centerByName(ctx, q.name);
  if (!data) throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
  const kind = checkLogo(data, 'file')!;
  const path = await storeLogo(ctx, data, kind);
  await repo.setLogo(ctx.db, ctx.auth.tenantId, row.id, path, ctx.clock.now());
  await audit(ctx, { action: 'center.logo.update', resource: 'health_center', resourceId: row.id });
  return getCenter(ctx, row.id);
}
