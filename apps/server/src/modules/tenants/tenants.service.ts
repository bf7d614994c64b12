import { Permission } from '@carewatch/contracts/permissions';
import {
  DEFAULT_TENANT_SETTINGS,
  SECRET_SETTING_KEYS,
  TENANT_SETTING_KEYS,
  emergencyNumberOf,
  silentAfterHoursOf,
  type TTenantSettings,
  type TTenantSummary,
} from '@carewatch/contracts/tenants';
import {
  isPasswordRuleName,
  isPhoneRuleName,
  type PasswordRuleName,
  type PhoneRuleName,
} from '@carewatch/contracts/rules';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import * as repo from './tenants.repo.ts';
import { insertRole } from '../roles/roles.service.ts';
import { ensureDefaultPackages } from '../packages/packages.service.ts';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_CODES, type TRoleCode } from '@carewatch/contracts/roles';

const DEFAULT_ROLE_NAMES: Record<TRoleCode, string> = {
  root: 'Root',
  super_admin: 'Super admin',
  system_admin: 'System admin',
  admin: 'Admin',
  scope_admin: 'Scope admin',
  mhsc_admin: 'Health center admin',
  operator: 'Operator',
  doctor: 'Doctor',
  doctor_assistant: 'Doctor assistant',
  coach: 'Coach',
  customer_care: 'Customer care',
  patient: 'Patient',
};

export async function tenantSettings(ctx: AuthedCtx): Promise<TTenantSettings> {
  const tenant = await repo.findById(ctx.db, ctx.auth.tenantId);
  if (!tenant) throw new AppError('TENANT_NOT_FOUND');
  const stored = await repo.getSettings(ctx.db, tenant.id);
  const settings: Record<string, string> = {};
  for (const key of TENANT_SETTING_KEYS) {
    const v = stored[key] ?? DEFAULT_TENANT_SETTINGS[key];
    // Secrets are reported as set or not, never returned.
    settings[key] = SECRET_SETTING_KEYS.includes(key) ? (v ? '********' : '') : v;
  }
  return { tenantId: tenant.id, tenantCode: tenant.code, tenantName: tenant.name, settings };
}

/** Tenants are platform-level: a tenant manager sees all of them, anyone else only their own. */
export async function listTenants(ctx: AuthedCtx): Promise<{ items: TTenantSummary[] }> {
  const all =
    ctx.auth.permissions.has(Permission.TenantManage) && ['root', 'super_admin'].includes(ctx.auth.roleCode)
      ? await repo.listAll(ctx.db)
      : [await repo.findById(ctx.db, ctx.auth.tenantId)].filter((t) => t !== null);
  return { items: all.map((t) => ({ id: t.id, code: t.code, name: t.name, active: t.active })) };
}

/** One stored setting of the tenant, or null when unset: the caller reads it and applies its own default. */
export function tenantSetting(db: Db, tenantId: string, key: string): Promise<string | null> {
  return repo.getSetting(db, tenantId, key);
}

/** The tenant's row (active or not), or null. */
export function findTenantById(db: Db, id: string): Promise<repo.TenantRow | null> {
  return repo.findById(db, id);
}

export async function passwordRuleOf(db: Db, tenantId: string): Promise<PasswordRuleName> {
  const v = await repo.getSetting(db, tenantId, 'PASSWORD_RULE');
  return v && isPasswordRuleName(v) ? v : 'standard';
}
export async function phoneRuleOf(db: Db, tenantId: string): Promise<PhoneRuleName> {
  const v = await repo.getSetting(db, tenantId, 'PHONE_RULE');
  return v && isPhoneRuleName(v) ? v : 'flexible';
}

/** The number the patient app offers to call when an SOS cannot reach the server (EMERGENCY_NUMBER, else the country's). */
export async function emergencyNumberFor(db: Db, tenantId: string): Promise<string> {
  const s = await repo.getSettings(db, tenantId);
  return emergencyNumberOf({
    EMERGENCY_NUMBER: s.EMERGENCY_NUMBER,
    COUNTRY: s.COUNTRY ?? DEFAULT_TENANT_SETTINGS.COUNTRY,
  });
}

/** Hours without readings before a patient counts as silent (SILENT_AFTER_HOURS, default 6; issue 20). */
export async function silentAfterHoursFor(db: Db, tenantId: string): Promise<number> {
  return silentAfterHoursOf({
    SILENT_AFTER_HOURS: (await repo.getSetting(db, tenantId, 'SILENT_AFTER_HOURS')) ?? undefined,
  });
}

export async function activeTenantByCode(db: Db, code: string) {
  const t = await repo.findByCode(db, code);
  if (!t || !t.active) throw new AppError('WRONG_TENANT', { field: 'tenant' });
  return t;
}

/** Whether the tenant lets its super admin reveal recorded one-time codes (off unless provisioned so: the demo). */
export const codesRevealable = (db: Db, tenantId: string) => repo.revealsCodes(db, tenantId);

/**
 * Creates a tenant with its default settings and the default roles of spec §6 with their default matrix.
 * `revealCodes` (the demo tenants only): its super admin may reveal the codes recorded under Messages.
 */
export async function provisionTenant(
  db: Db,
  t: {
    id: string;
    code: string;
    name: string;
    officialName?: string;
    settings?: Partial<Record<string, string>>;
    newId: () => string;
    revealCodes?: boolean;
    /** Creation time of the default packages (default: now). */ now?: Date;
  },
) {
  await db.tx(async (tx) => {
    await repo.insert(tx, { id: t.id, code: t.code, name: t.name, officialName: t.officialName ?? null });
    if (t.revealCodes) await repo.setRevealCodes(tx, t.id, true);
    for (const key of TENANT_SETTING_KEYS)
      await repo.upsertSetting(tx, t.id, key, t.settings?.[key] ?? DEFAULT_TENANT_SETTINGS[key]);
    for (const code of ROLE_CODES) {
      await insertRole(tx, t.id, {
        id: t.newId(),
        code,
        name: DEFAULT_ROLE_NAMES[code],
        description: null,
        isDefault: true,
        permissions: DEFAULT_ROLE_PERMISSIONS[code],
      });
    }
    // Every tenant sells from its default Zero package and the Basic plan (issue 17).
    await ensureDefaultPackages(tx, t.id, t.now ?? new Date());
  });
}
