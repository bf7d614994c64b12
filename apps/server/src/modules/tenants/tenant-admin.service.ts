import crypto from 'node:crypto';
import { Permission } from '@carewatch/contracts/permissions';
import {
  CONNECTION_TYPES,
  DEFAULT_EMAIL_TEMPLATE,
  DEFAULT_TENANT_SETTINGS,
  EMAIL_CODE_PLACEHOLDER,
  LOGO_MAX_BYTES,
  SECRET_SETTING_KEYS,
  TENANT_CONNECTION_COUNT,
  TENANT_SETTING_KEYS,
  type TBrandingSettings,
  type TConnectionType,
  type TCreateTenantRequest,
  type TEmailTemplate,
  type TLogoKind,
  type TOtherSettings,
  type TSecuritySettings,
  type TTenant,
  type TTenantDetail,
  type TTenantPage,
  type TTenantQuery,
  type TTestConnectionRequest,
  type TUnitSettings,
  type TUpdateTenantRequest,
} from '@carewatch/contracts/tenants';
import type { AuthedCtx, Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import { enforceRateLimit, type RateRule } from '../../platform/rate-buckets.ts';
import { allowListOf, allowedAddress } from '../../platform/host-allow-list.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as repo from './tenants.repo.ts';
import { findRoleByCode } from '../roles/roles.service.ts';
import { addUserLevel, createUser } from '../users/users.service.ts';
import { provisionTenant } from './tenants.service.ts';
import { canConnect, type ConnectionTarget } from './connection-test.ts';

// ---- Who may do what ----

/**
 * Tenants are platform-level: root and super admins (with TenantManage) manage every tenant,
 * whichever tenant they belong to. That spans tenants by design.
 */
export function isPlatformAdmin(ctx: AuthedCtx): boolean {
  return (
    ['root', 'super_admin'].includes(String(ctx.auth.roleCode)) && ctx.auth.permissions.has(Permission.TenantManage)
  );
}
function assertPlatformAdmin(ctx: AuthedCtx) {
  if (!isPlatformAdmin(ctx)) throw new AppError('PERMISSION_DENIED', { permission: Permission.TenantManage });
}
/** Any tenant for a platform admin, otherwise only the caller's own: another tenant's id answers 404 like a missing one. */
async function reachableTenant(ctx: AuthedCtx, id: string): Promise<repo.TenantFullRow> {
  if (!isPlatformAdmin(ctx) && id !== ctx.auth.tenantId) throw new AppError('TENANT_NOT_FOUND');
  const t = await repo.findFullById(ctx.db, id);
  if (!t) throw new AppError('TENANT_NOT_FOUND');
  return t;
}
async function managedTenant(ctx: AuthedCtx, id: string): Promise<repo.TenantFullRow> {
  assertPlatformAdmin(ctx);
  return reachableTenant(ctx, id);
}

// ---- Shapes ----

const toTenant = (t: repo.TenantFullRow): TTenant => ({
  id: t.id,
  code: t.code,
  name: t.name,
  officialName: t.official_name ?? '',
  active: t.active,
  connectionType: t.connection_type,
  connected: t.connected,
  createdAt: t.created_at.toISOString(),
});

const EMAIL_SUBJECT_KEY = 'EMAIL_TEMPLATE_SUBJECT';
const EMAIL_BODY_KEY = 'EMAIL_TEMPLATE_BODY';

async function detail(ctx: AuthedCtx, t: repo.TenantFullRow, withConnections: boolean): Promise<TTenantDetail> {
  const stored = await repo.getSettings(ctx.db, t.id);
  const settings: Record<string, string> = {};
  for (const key of TENANT_SETTING_KEYS)
    if (!SECRET_SETTING_KEYS.includes(key)) settings[key] = stored[key] ?? DEFAULT_TENANT_SETTINGS[key];
  const connections = withConnections ? await repo.listConnections(ctx.db, t.id) : [];
  return {
    ...toTenant(t),
    settings,
    ocrHealthDeviceApiKeySet: Boolean(stored.OCR_HEALTH_DEVICE_API_KEY),
    ocrPrescriptionApiKeySet: Boolean(stored.OCR_PRESCRIPTION_API_KEY),
    emailTemplate: {
      subject: stored[EMAIL_SUBJECT_KEY] || DEFAULT_EMAIL_TEMPLATE.subject,
      body: stored[EMAIL_BODY_KEY] || DEFAULT_EMAIL_TEMPLATE.body,
    },
    // Passwords never leave the server: only whether one is stored.
    connections: connections.map((c) => ({
      position: c.position,
      host: c.host,
      port: c.port,
      username: c.username,
      passwordSet: Boolean(c.password_enc),
      publicUrl: c.public_url,
    })),
  };
}

/** The tenant's e-mail template for one-time codes ({{code}} is replaced by the code). */
export async function emailTemplateOf(db: Db, tenantId: string): Promise<TEmailTemplate> {
  const stored = await repo.getSettings(db, tenantId);
  return {
    subject: stored[EMAIL_SUBJECT_KEY] || DEFAULT_EMAIL_TEMPLATE.subject,
    body: stored[EMAIL_BODY_KEY] || DEFAULT_EMAIL_TEMPLATE.body,
  };
}

// ---- List, detail ----

export async function listTenantsPage(ctx: AuthedCtx, q: TTenantQuery): Promise<TTenantPage> {
  assertPlatformAdmin(ctx);
  const rows = await repo.listPage(ctx.db, {
    search: q.searchValue || undefined,
    active: q.active === undefined ? undefined : q.active === 'true',
    page: q.page,
    size: q.size,
  });
  return { items: rows.map(toTenant), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

export async function getTenantDetail(ctx: AuthedCtx, id: string): Promise<TTenantDetail> {
  const t = await reachableTenant(ctx, id);
  return detail(ctx, t, isPlatformAdmin(ctx));
}

// ---- Connections ----

type ResolvedConnection = { host: string; port: number; username: string; password: string; publicUrl: string };

/** Connection attempts (tests and saves of dedicated tenants) per user: enough for a form, too few to scan a network. */
export const CONNECTION_TEST_RATE: RateRule = { name: 'tenant-db-connect', limit: 30, windowMs: 10 * 60_000 };

/**
 * The stored password of a connection row, usable only for the host, port and user name it was saved with: a stored
 * password is never sent anywhere else (changing any of them means typing the password again). Null = retype.
 */
function storedPasswordFor(
  ctx: AuthedCtx,
  stored: repo.ConnectionRow | undefined,
  c: { host: string; port: number; username: string },
): string | null {
  if (!stored || !stored.password_enc) return null;
  const same =
    stored.host.toLowerCase() === c.host.trim().toLowerCase() &&
    stored.port === c.port &&
    stored.username === c.username;
  return same ? ctx.secrets.open(stored.password_enc) : null;
}

/**
 * Contacts each server, after the allow-list (TENANT_DB_ALLOWED_HOSTS) let its host through: a refused host answers
 * TENANT_DB_HOST_NOT_ALLOWED, any other failure (refused, timeout, wrong password, not PostgreSQL, unknown name) the
 * one generic TENANT_CONNECTION_FAILED, and only once the time limit has passed, so the answer's timing does not tell
 * a closed port from a filtered one. `field` names the host field of each connection.
 */
async function contactAll(ctx: AuthedCtx, targets: Array<ConnectionTarget & { field: string }>): Promise<void> {
  const list = allowListOf(ctx.config.tenantDbAllowedHosts);
  const addresses: string[] = [];
  for (const c of targets) {
    const a = await allowedAddress(list, c.host);
    if (!a.allowed && a.reason === 'not_allowed') throw fieldError('TENANT_DB_HOST_NOT_ALLOWED', c.field, 'allow_list');
    addresses.push(a.allowed ? a.address : '');
  }
  const timeoutMs = ctx.config.tenantDbTimeoutMs;
  const started = Date.now();
  const results = await Promise.all(
    targets.map((c, i) =>
      addresses[i] ? canConnect({ ...c, host: addresses[i]! }, timeoutMs) : Promise.resolve(false),
    ),
  );
  const failed = results.indexOf(false);
  if (failed < 0) return;
  const wait = started + timeoutMs - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  throw fieldError('TENANT_CONNECTION_FAILED', targets[failed]!.field);
}

/**
 * Checks the connection type and, for a dedicated tenant, the 3 connections (user name and password typed twice;
 * an empty password keeps the stored one when host, port and user name are unchanged), then really contacts each
 * server. Throws the spec's messages.
 */
async function resolveConnections(
  ctx: AuthedCtx,
  input: TUpdateTenantRequest,
  tenantId: string | null,
): Promise<{ type: TConnectionType; connections: ResolvedConnection[] }> {
  const type = input.connectionType;
  if (!(CONNECTION_TYPES as readonly string[]).includes(type))
    throw fieldError('TENANT_CONNECTION_TYPE_INVALID', 'connectionType');
  if (type === 'shared') return { type: 'shared', connections: [] };
  if (input.connections.length !== TENANT_CONNECTION_COUNT) throw fieldError('TENANT_CONNECTIONS_COUNT', 'connections');
  const stored = tenantId ? await repo.listConnections(ctx.db, tenantId) : [];
  const out: ResolvedConnection[] = [];
  for (const [i, c] of input.connections.entries()) {
    const f = (name: string) => `connections.${i}.${name}`;
    if (c.usernameConfirm !== c.username) throw fieldError('TENANT_USERNAME_MISMATCH', f('usernameConfirm'));
    let password: string | null = c.password;
    if (!password) {
      password = storedPasswordFor(
        ctx,
        stored.find((s) => s.position === i),
        c,
      );
      if (password === null)
        throw new AppError(
          'VALIDATION_ERROR',
          { field: f('password'), rule: 'required' },
          `${f('password')}: Required`,
        );
    } else if (c.passwordConfirm !== c.password) {
      throw fieldError('PASSWORD_MISMATCH', f('passwordConfirm'));
    }
    out.push({ host: c.host, port: c.port, username: c.username, password, publicUrl: c.publicUrl });
  }
  for (let i = 0; i < out.length; i++) await enforceRateLimit(ctx, CONNECTION_TEST_RATE, ctx.auth.userId);
  await contactAll(
    ctx,
    out.map((c, i) => ({ ...c, field: `connections.${i}.host` })),
  );
  return { type: 'dedicated', connections: out };
}

/**
 * The "Test" button of one connection row. With tenantId + position and no password, the stored password is used
 * only against the host, port and user name it was saved with. Every attempt is audited (host, port, outcome).
 */
export async function testConnection(ctx: AuthedCtx, input: TTestConnectionRequest): Promise<{ ok: true }> {
  assertPlatformAdmin(ctx);
  const record = (outcome: 'ok' | 'denied' | 'failed', reason: string) =>
    audit(ctx, {
      action: 'tenant.connection.test',
      resource: 'tenant',
      resourceId: input.tenantId ?? null,
      outcome,
      details: { host: input.host, port: input.port, storedPassword: !input.password, reason },
    });
  try {
    await enforceRateLimit(ctx, CONNECTION_TEST_RATE, ctx.auth.userId);
    let password: string | null = input.password;
    if (!password && input.tenantId !== undefined && input.position !== undefined) {
      const t = await managedTenant(ctx, input.tenantId);
      const prev = (await repo.listConnections(ctx.db, t.id)).find((c) => c.position === input.position);
      password = storedPasswordFor(ctx, prev, input);
      if (password === null)
        throw new AppError('VALIDATION_ERROR', { field: 'password', rule: 'required' }, 'password: Required');
    }
    await contactAll(ctx, [{ host: input.host, port: input.port, username: input.username, password, field: 'host' }]);
  } catch (e) {
    if (e instanceof AppError) await record(e.code === 'TENANT_CONNECTION_FAILED' ? 'failed' : 'denied', e.code);
    throw e;
  }
  await record('ok', 'connected');
  return { ok: true };
}

function sealConnections(ctx: AuthedCtx, list: ResolvedConnection[]) {
  return list.map((c) => ({
    host: c.host,
    port: c.port,
    username: c.username,
    password_enc: ctx.secrets.seal(c.password),
    public_url: c.publicUrl,
  }));
}

// ---- Create, update, activate ----

/** A random temporary password satisfying every tenant password rule (upper, lower, digits, '@'). */
export function temporaryPassword(): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[crypto.randomInt(set.length)]!);
  const chars = [
    ...pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 4),
    ...pick('abcdefghijkmnopqrstuvwxyz', 4),
    ...pick('23456789', 3),
    '@',
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Inserts the tenant's first system admin (tenant-wide level). */
export async function insertFirstAdmin(
  db: Db,
  tenantId: string,
  a: { email: string; firstName: string; lastName: string; passwordHash: string; now: Date },
): Promise<string> {
  const id = newId();
  await createUser(db, tenantId, {
    id,
    email: a.email,
    phone: null,
    passwordHash: a.passwordHash,
    firstName: a.firstName,
    lastName: a.lastName,
    status: 'active',
    now: a.now,
  });
  const role = await findRoleByCode(db, tenantId, 'system_admin');
  if (!role) throw new Error('system_admin role missing');
  await addUserLevel(db, tenantId, {
    id: newId(),
    userId: id,
    roleId: role.id,
    scopeId: null,
    centerId: null,
    isMain: true,
  });
  return id;
}

/** Sends the first admin's credentials. Recorded under the acting admin's tenant so they see it in Messages. */
export async function mailFirstAdmin(
  ctx: Ctx,
  to: string,
  t: { code: string; name: string },
  password: string,
  intro: string,
) {
  await ctx.mail.send({
    tenantId: ctx.auth?.tenantId ?? null,
    to,
    subject: `Your CareWatch tenant "${t.name}" is ready`,
    text: `${intro}\n\nTenant code: ${t.code}\nE-mail: ${to}\nTemporary password: ${password}\n\nPlease sign in and change your password.`,
    secrets: [password],
  });
}

/** Unique-index races end as the same field errors as the checks before them. */
export function mapUniqueViolation(e: unknown, fields: { name: string; code: string }): never {
  const err = e as { code?: string; message?: string; constraint?: string };
  if (err.code === '23505') {
    const what = `${err.constraint ?? ''} ${err.message ?? ''}`;
    if (what.includes('code')) throw fieldError('TENANT_CODE_DUPLICATED', fields.code);
    throw fieldError('TENANT_NAME_DUPLICATED', fields.name);
  }
  throw e;
}

export async function createTenant(ctx: AuthedCtx, input: TCreateTenantRequest): Promise<TTenantDetail> {
  assertPlatformAdmin(ctx);
  if (await repo.nameTaken(ctx.db, input.name, null)) throw fieldError('TENANT_NAME_DUPLICATED', 'name');
  if (await repo.codeTaken(ctx.db, input.code)) throw fieldError('TENANT_CODE_DUPLICATED', 'code');
  const { type, connections } = await resolveConnections(ctx, input, null);
  const sealed = sealConnections(ctx, connections);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const id = newId();
  const now = ctx.clock.now();
  await ctx.db
    .tx(async (tx) => {
      await provisionTenant(tx, {
        id,
        code: input.code,
        name: input.name,
        officialName: input.officialName || undefined,
        settings: { ORGANIZATION_NAME: input.name },
        newId,
      });
      await repo.updateGeneral(
        tx,
        id,
        { name: input.name, officialName: input.officialName, connectionType: type, connected: true },
        now,
      );
      await repo.replaceConnections(tx, id, sealed, now);
      await insertFirstAdmin(tx, id, {
        email: input.adminEmail,
        firstName: 'System',
        lastName: 'Admin',
        passwordHash,
        now,
      });
    })
    .catch((e: unknown) => mapUniqueViolation(e, { name: 'name', code: 'code' }));
  await mailFirstAdmin(
    ctx,
    input.adminEmail,
    { code: input.code, name: input.name },
    password,
    'A CareWatch tenant was created for you. You are its system administrator.',
  );
  await audit(ctx, {
    action: 'tenant.create',
    resource: 'tenant',
    resourceId: id,
    details: { code: input.code, connectionType: type },
  });
  return detail(ctx, (await repo.findFullById(ctx.db, id))!, true);
}

export async function updateTenant(ctx: AuthedCtx, id: string, input: TUpdateTenantRequest): Promise<TTenantDetail> {
  const t = await managedTenant(ctx, id);
  if (await repo.nameTaken(ctx.db, input.name, t.id)) throw fieldError('TENANT_NAME_DUPLICATED', 'name');
  const { type, connections } = await resolveConnections(ctx, input, t.id);
  const sealed = sealConnections(ctx, connections);
  const now = ctx.clock.now();
  await ctx.db
    .tx(async (tx) => {
      await repo.updateGeneral(
        tx,
        t.id,
        { name: input.name, officialName: input.officialName, connectionType: type, connected: true },
        now,
      );
      await repo.replaceConnections(tx, t.id, sealed, now);
    })
    .catch((e: unknown) => mapUniqueViolation(e, { name: 'name', code: 'code' }));
  await audit(ctx, {
    action: 'tenant.update',
    resource: 'tenant',
    resourceId: t.id,
    details: { code: t.code, connectionType: type },
  });
  return detail(ctx, (await repo.findFullById(ctx.db, t.id))!, true);
}

export async function setTenantActive(ctx: AuthedCtx, id: string, active: boolean): Promise<TTenantDetail> {
  const t = await managedTenant(ctx, id);
  if (!active && t.id === ctx.auth.tenantId) throw fieldError('TENANT_SELF_DISABLE', 'active');
  if (t.active !== active) {
    await repo.setActive(ctx.db, t.id, active, ctx.clock.now());
    await audit(ctx, {
      action: active ? 'tenant.enable' : 'tenant.disable',
      resource: 'tenant',
      resourceId: t.id,
      details: { code: t.code },
    });
  }
  return detail(ctx, (await repo.findFullById(ctx.db, t.id))!, true);
}

// ---- Settings tabs ----

async function saveSettings(ctx: AuthedCtx, t: repo.TenantFullRow, tab: string, values: Record<string, string>) {
  await ctx.db.tx(async (tx) => {
    for (const [key, value] of Object.entries(values)) await repo.upsertSetting(tx, t.id, key, value);
  });
  await audit(ctx, {
    action: 'tenant.settings.update',
    resource: 'tenant',
    resourceId: t.id,
    details: { tab, keys: Object.keys(values).join(',') },
  });
}

/** Branding is managed by the super admin (a system admin asks for it with an UPDATE_BRANDING request). */
export async function updateBranding(ctx: AuthedCtx, id: string, input: TBrandingSettings): Promise<TTenantDetail> {
  const t = await managedTenant(ctx, id);
  if (await repo.nameTaken(ctx.db, input.name, t.id)) throw fieldError('TENANT_NAME_DUPLICATED', 'name');
  await repo
    .updateGeneral(ctx.db, t.id, { name: input.name, officialName: input.officialName }, ctx.clock.now())
    .catch((e: unknown) => mapUniqueViolation(e, { name: 'name', code: 'code' }));
  await saveSettings(ctx, t, 'branding', { COLOR: input.color.toLowerCase(), FONT: input.font });
  return getTenantDetail(ctx, t.id);
}

export async function updateUnits(ctx: AuthedCtx, id: string, input: TUnitSettings): Promise<TTenantDetail> {
  const t = await reachableTenant(ctx, id);
  await saveSettings(ctx, t, 'units', {
    UNIT_SYSTEM: input.unitSystem,
    THERMAL_UNIT: input.thermalUnit,
    BLOOD_GLUCOSE_UNIT: input.bloodGlucoseUnit,
    ACID_URIC_UNIT: input.acidUricUnit,
  });
  return getTenantDetail(ctx, t.id);
}

export async function updateSecurity(ctx: AuthedCtx, id: string, input: TSecuritySettings): Promise<TTenantDetail> {
  const t = await reachableTenant(ctx, id);
  await saveSettings(ctx, t, 'security', { PASSWORD_RULE: input.passwordRule, PHONE_RULE: input.phoneRule });
  return getTenantDetail(ctx, t.id);
}

export async function updateEmailTemplate(ctx: AuthedCtx, id: string, input: TEmailTemplate): Promise<TTenantDetail> {
  const t = await reachableTenant(ctx, id);
  if (!input.body.includes(EMAIL_CODE_PLACEHOLDER)) throw fieldError('EMAIL_TEMPLATE_NO_CODE', 'body');
  await saveSettings(ctx, t, 'email-template', { [EMAIL_SUBJECT_KEY]: input.subject, [EMAIL_BODY_KEY]: input.body });
  return getTenantDetail(ctx, t.id);
}

export async function updateOther(ctx: AuthedCtx, id: string, input: TOtherSettings): Promise<TTenantDetail> {
  const t = await reachableTenant(ctx, id);
  const box = ctx.secrets;
  const values: Record<string, string> = {
    LANGUAGE: input.language,
    COUNTRY: input.country,
    COUNTRY_CODE: input.country,
    DIAL_CODE: input.dialCode,
    ORGANIZATION_NAME: input.organizationName,
    AI_CLOUD_TENANT_ID: input.aiCloudTenantId,
    ALLOW_WEB_SOS_POPUP: String(input.allowWebSosPopup),
  };
  if (input.patientListColumns) values.PATIENT_LIST_COLUMNS = [...new Set(input.patientListColumns)].join(',');
  if (input.emergencyNumber !== undefined) values.EMERGENCY_NUMBER = input.emergencyNumber;
  if (input.silentAfterHours !== undefined) values.SILENT_AFTER_HOURS = String(input.silentAfterHours);
  // OCR keys are write-only and encrypted at rest: absent = keep, '' = remove.
  if (input.ocrHealthDeviceApiKey !== undefined)
    values.OCR_HEALTH_DEVICE_API_KEY = input.ocrHealthDeviceApiKey ? box.seal(input.ocrHealthDeviceApiKey) : '';
  if (input.ocrPrescriptionApiKey !== undefined)
    values.OCR_PRESCRIPTION_API_KEY = input.ocrPrescriptionApiKey ? box.seal(input.ocrPrescriptionApiKey) : '';
  await saveSettings(ctx, t, 'other', values);
  return getTenantDetail(ctx, t.id);
}

// ---- Logos: PNG by content, at most 2 MB, served publicly under an unguessable name ----

export const LOGO_AREA = 'tenant-logos';
const LOGO_FILE_RE = /^[A-Za-z0-9_-]{24}\.png$/;
export const logoUrl = (rel: string) => `/api/auth/tenant/logo/${rel.split(/[\\/]/).slice(-2).join('/')}`;

/** Validates one uploaded logo; `field` names it in the 400 answer. */
export function checkLogo(data: Buffer | null, field: string): Buffer {
  if (!data || data.length === 0) throw fieldError('LOGO_REQUIRED', field);
  if (data.length > LOGO_MAX_BYTES) throw fieldError('LOGO_TOO_LARGE', field, 'max_2mb');
  if (sniffImage(data) !== 'png') throw fieldError('LOGO_NOT_PNG', field, 'png');
  return data;
}

/** Stores a checked logo under its owner (a tenant or a request); returns its public URL path. */
export async function storeLogo(ctx: Ctx, ownerId: string, data: Buffer): Promise<string> {
  return logoUrl((await ctx.files.put(newFileKey(LOGO_AREA, ownerId, 'png'), data, { contentType: 'image/png' })).key);
}

export async function uploadLogo(
  ctx: AuthedCtx,
  id: string,
  kind: TLogoKind,
  data: Buffer | null,
): Promise<TTenantDetail> {
  const t = await managedTenant(ctx, id);
  const url = await storeLogo(ctx, t.id, checkLogo(data, 'file'));
  await saveSettings(ctx, t, `logo.${kind}`, { [kind === 'square' ? 'ICON' : 'LOGO']: url });
  return getTenantDetail(ctx, t.id);
}

export async function readLogo(ctx: Ctx, ownerId: string, file: string): Promise<Buffer> {
  if (!isUuid(ownerId) || !LOGO_FILE_RE.test(file)) throw new AppError('NOT_FOUND');
  const data = await ctx.files.readAll(`files/${LOGO_AREA}/${ownerId}/${file}`);
  if (!data || sniffImage(data) !== 'png') throw new AppError('NOT_FOUND');
  return data;
}
