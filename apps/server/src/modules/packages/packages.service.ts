import {
  BASIC_PACKAGE_CODE,
  PACKAGE_FEATURES,
  UNLIMITED,
  ZERO_PACKAGE_CODE,
  type TPackage,
  type TPackageInput,
  type TPackageList,
} from '@carewatch/contracts/billing';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './packages.repo.ts';

/** Spec prices of Basic (patient-app spec §9): 6 months at 14,000 đ/month, 12 at 10,000, 24 at 8,000. Zero is free. */
export const BASIC_OPTIONS = [
  { months: 6, monthlyPriceMinor: 14_000 },
  { months: 12, monthlyPriceMinor: 10_000 },
  { months: 24, monthlyPriceMinor: 8_000 },
];
const ALL_UNLIMITED = { timeMinutes: UNLIMITED, storageMb: UNLIMITED, uses: UNLIMITED };

/** The two packages every tenant has: Zero (the default: free, no features) and Basic (all features). */
export function defaultPackages(): Array<repo.PackageWrite & { isDefault: boolean }> {
  return [
    {
      code: ZERO_PACKAGE_CODE,
      name: 'Zero',
      kind: 'plan',
      tier: 'standard',
      currency: 'VND',
      options: [{ months: 1, monthlyPriceMinor: 0 }],
      addonUses: null,
      addonPriceMinor: null,
      features: [],
      limits: ALL_UNLIMITED,
      icon: 'zero',
      description: 'Free: vital signs, alerts, SOS and contacts',
      isDefault: true,
    },
    {
      code: BASIC_PACKAGE_CODE,
      name: 'Basic',
      kind: 'plan',
      tier: 'standard',
      currency: 'VND',
      options: BASIC_OPTIONS,
      addonUses: null,
      addonPriceMinor: null,
      features: [...PACKAGE_FEATURES],
      limits: ALL_UNLIMITED,
      icon: 'basic',
      description: 'Medical records, doctor requests, video visits and health reports',
      isDefault: false,
    },
  ];
}

/** Creates the tenant's Zero and Basic packages when missing (tenant creation; tenants older than the packages table). Idempotent. */
export async function ensureDefaultPackages(db: Db, tenantId: string, now: Date): Promise<void> {
  for (const p of defaultPackages()) {
    if (await repo.findByCode(db, tenantId, p.code)) continue;
    await repo.insert(db, tenantId, newId(now.getTime()), p, now, true);
  }
}

/** The tenant's Zero package (created on first need). */
export async function zeroPackage(db: Db, tenantId: string, now: Date): Promise<repo.PackageRow> {
  let zero = await repo.findByCode(db, tenantId, ZERO_PACKAGE_CODE);
  if (!zero) {
    await ensureDefaultPackages(db, tenantId, now);
    zero = await repo.findByCode(db, tenantId, ZERO_PACKAGE_CODE);
  }
  return zero!;
}

export function toPackage(r: repo.PackageRow): TPackage {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind as TPackage['kind'],
    tier: r.tier as TPackage['tier'],
    currency: r.currency as TPackage['currency'],
    options: r.options,
    addonUses: r.addon_uses,
    addonPriceMinor: r.addon_price_minor === null ? null : Number(r.addon_price_minor),
    features: r.features as TPackage['features'],
    limits: r.limits,
    icon: r.icon,
    description: r.description,
    enabled: r.enabled,
    isDefault: r.is_default,
    createdAt: r.created_at.toISOString(),
  };
}

export async function listPackages(
  ctx: AuthedCtx,
  f: { kind?: 'plan' | 'addon'; enabledOnly: boolean },
): Promise<TPackageList> {
  await ensureDefaultPackages(ctx.db, ctx.auth.tenantId, ctx.clock.now());
  return { items: (await repo.list(ctx.db, ctx.auth.tenantId, f)).map(toPackage) };
}

export async function getPackage(db: Db, tenantId: string, id: string): Promise<repo.PackageRow> {
  const p = await repo.findById(db, tenantId, id);
  if (!p) throw new AppError('PACKAGE_NOT_FOUND');
  return p;
}

const toWrite = (i: TPackageInput): repo.PackageWrite => ({
  code: i.code,
  name: i.name,
  kind: i.kind,
  tier: i.tier,
  currency: i.currency,
  options: i.kind === 'plan' ? i.options : [],
  addonUses: i.kind === 'addon' ? i.addonUses : null,
  addonPriceMinor: i.kind === 'addon' ? i.addonPriceMinor : null,
  features: [...new Set(i.features)],
  limits: i.limits,
  icon: i.icon,
  description: i.description,
});

async function checkUnique(db: Db, tenantId: string, i: TPackageInput, exceptId: string | null) {
  const c = await repo.clashes(db, tenantId, i.code, i.name, exceptId);
  if (c.code) throw fieldError('PACKAGE_CODE_EXISTS', 'code');
  if (c.name) throw fieldError('PACKAGE_NAME_EXISTS', 'name');
}
/** A unique index fired (two saves at once): the same answers as the check before. */
function uniqueError(e: unknown): AppError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err.code !== '23505') return null;
  return `${err.constraint ?? ''} ${err.message ?? ''}`.includes('name_unique')
    ? fieldError('PACKAGE_NAME_EXISTS', 'name')
    : fieldError('PACKAGE_CODE_EXISTS', 'code');
}

export async function createPackage(ctx: AuthedCtx, input: TPackageInput): Promise<TPackage> {
  const { tenantId } = ctx.auth;
  const now = ctx.clock.now();
  await ensureDefaultPackages(ctx.db, tenantId, now);
  await checkUnique(ctx.db, tenantId, input, null);
  const id = newId(now.getTime());
  try {
    await repo.insert(ctx.db, tenantId, id, { ...toWrite(input), isDefault: false }, now);
  } catch (e) {
    throw uniqueError(e) ?? e;
  }
  await audit(ctx, {
    action: 'package.create',
    resource: 'package',
    resourceId: id,
    details: { code: input.code, kind: input.kind },
  });
  return toPackage((await repo.findById(ctx.db, tenantId, id))!);
}

/** The Zero package stays what it is: free, no features, enabled (its code, options and features cannot change). */
function checkDefaultEdit(p: repo.PackageRow, input: TPackageInput) {
  if (!p.is_default) return;
  const paid = input.options.some((o) => o.monthlyPriceMinor > 0);
  if (input.code.toUpperCase() !== p.code || input.kind !== 'plan' || paid || input.features.length > 0)
    throw fieldError('PACKAGE_DEFAULT_READONLY', paid ? 'options' : input.features.length > 0 ? 'features' : 'code');
}

export async function updatePackage(ctx: AuthedCtx, id: string, input: TPackageInput): Promise<TPackage> {
  const { tenantId } = ctx.auth;
  const p = await getPackage(ctx.db, tenantId, id);
  checkDefaultEdit(p, input);
  await checkUnique(ctx.db, tenantId, input, id);
  try {
    await repo.update(ctx.db, tenantId, id, toWrite(input), ctx.clock.now());
  } catch (e) {
    throw uniqueError(e) ?? e;
  }
  await audit(ctx, { action: 'package.update', resource: 'package', resourceId: id, details: { code: input.code } });
  return toPackage((await repo.findById(ctx.db, tenantId, id))!);
}

export async function setPackageEnabled(ctx: AuthedCtx, id: string, enabled: boolean): Promise<TPackage> {
  const { tenantId } = ctx.auth;
  const p = await getPackage(ctx.db, tenantId, id);
  if (p.is_default && !enabled) throw new AppError('PACKAGE_DEFAULT_READONLY');
  await repo.setEnabled(ctx.db, tenantId, id, enabled, ctx.clock.now());
  await audit(ctx, { action: enabled ? 'package.enable' : 'package.disable', resource: 'package', resourceId: id });
  return toPackage((await repo.findById(ctx.db, tenantId, id))!);
}
