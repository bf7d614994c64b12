import type { TPackageFeature, TSubscriptionMe } from '@carewatch/contracts/billing';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { getPackage, zeroPackage } from '../packages/packages.service.ts';
import { addMonths } from '../../platform/clock.ts';
import * as repo from './subscriptions.repo.ts';
import { hasConnectedWearable } from './wearable.ts';

const DAY_MS = 86_400_000;
/** "About to expire": this many days or fewer left (the first notice goes out then). */
export const ABOUT_TO_EXPIRE_DAYS = 7;

/** What the server grants a user now: the paid plan while it runs AND a wearable is connected; otherwise Zero's (nothing). */
export type EffectivePlan = { sub: repo.SubRow | null; wearableConnected: boolean; features: TPackageFeature[] };

export async function effectivePlan(db: Db, tenantId: string, userId: string, now: Date): Promise<EffectivePlan> {
  const active = await repo.activeSub(db, tenantId, userId);
  const sub = active && active.ends_at > now ? active : null;
  const wearableConnected = hasConnectedWearable(
    (await repo.boundDeviceSyncs(db, tenantId, userId)).map((d) => ({ latestSync: d.latest_sync })),
    now,
  );
  return { sub, wearableConnected, features: sub && wearableConnected ? (sub.features as TPackageFeature[]) : [] };
}

/**
 * Throws AppError('BASIC_REQUIRED') unless the caller's effective plan grants the feature. Never used on alert/SOS
 * paths (alerts, SOS, vitals upload and contacts' notifications are never gated).
 */
export async function requireFeature(ctx: AuthedCtx, feature: TPackageFeature): Promise<void> {
  await requireFeatureOfUser(ctx, ctx.auth.userId, feature);
}

async function requireFeatureOfUser(ctx: AuthedCtx, userId: string, feature: TPackageFeature): Promise<void> {
  const plan = await effectivePlan(ctx.db, ctx.auth.tenantId, userId, ctx.clock.now());
  if (!plan.features.includes(feature)) throw new AppError('BASIC_REQUIRED', { field: 'feature', rule: feature });
}

/**
 * For data that belongs to a patient (their medical records): the plan of the patient's own app account decides —
 * it unlocks the records for the patient and for those they share them with (followers, the manager of a sub-user).
 * A patient without an app account: the caller's plan decides.
 */
export async function requirePatientFeature(
  ctx: AuthedCtx,
  patientId: string,
  feature: TPackageFeature,
): Promise<void> {
  const owner = await repo.patientUser(ctx.db, ctx.auth.tenantId, patientId);
  await requireFeatureOfUser(ctx, owner ?? ctx.auth.userId, feature);
}

export async function subscriptionOf(db: Db, tenantId: string, userId: string, now: Date): Promise<TSubscriptionMe> {
  const plan = await effectivePlan(db, tenantId, userId, now);
  const addons = (await repo.addonBalances(db, tenantId, userId)).map((b) => ({
    packageId: b.package_id,
    name: b.name,
    remainingUses: b.remaining_uses,
  }));
  const s = plan.sub;
  if (!s) {
    const zero = await zeroPackage(db, tenantId, now);
    const ended = (await repo.activeSub(db, tenantId, userId)) ?? (await repo.lastEnded(db, tenantId, userId));
    return {
      package: { id: zero.id, code: zero.code, name: zero.name, tier: zero.tier as TSubscriptionMe['package']['tier'] },
      status: ended && (ended.status === 'expired' || ended.status === 'active') ? 'expired' : 'free',
      startsAt: null,
      endsAt: null,
      nextRenewal: null,
      months: null,
      priceMinor: 0,
      currency: zero.currency as TSubscriptionMe['currency'],
      receiptId: null,
      wearableConnected: plan.wearableConnected,
      features: [],
      addons,
    };
  }
  const left = s.ends_at.getTime() - now.getTime();
  return {
    package: {
      id: s.package_id,
      code: s.package_code,
      name: s.package_name,
      tier: s.package_tier as TSubscriptionMe['package']['tier'],
    },
    status: left <= ABOUT_TO_EXPIRE_DAYS * DAY_MS ? 'about_to_expire' : 'active',
    startsAt: s.starts_at.toISOString(),
    endsAt: s.ends_at.toISOString(),
    nextRenewal: s.ends_at.toISOString(),
    months: s.months,
    priceMinor: Number(s.price_minor),
    currency: s.currency as TSubscriptionMe['currency'],
    receiptId: s.receipt_id,
    wearableConnected: plan.wearableConnected,
    features: plan.features,
    addons,
  };
}

export async function mySubscription(ctx: AuthedCtx): Promise<TSubscriptionMe> {
  return subscriptionOf(ctx.db, ctx.auth.tenantId, ctx.auth.userId, ctx.clock.now());
}

/** Cancel: the account goes back to the default Zero package at once (no refund here). */
export async function cancelMySubscription(ctx: AuthedCtx): Promise<TSubscriptionMe> {
  const { tenantId, userId } = ctx.auth;
  const now = ctx.clock.now();
  const ended = await ctx.db.tx(async (tx) => {
    const s = await repo.activeSub(tx, tenantId, userId, true);
    if (!s) return null;
    await repo.endSub(tx, tenantId, s.id, 'cancelled', now);
    await repo.setPatientExpiry(tx, tenantId, userId, null);
    return s;
  });
  if (ended)
    await audit(ctx, {
      action: 'subscription.cancel',
      resource: 'subscription',
      resourceId: ended.id,
      details: { package: ended.package_code },
    });
  return subscriptionOf(ctx.db, tenantId, userId, now);
}

/** Adds uses to the user's balance of an add-on package (a paid add-on order), inside the caller's transaction. */
export function addAddonUsesTx(
  tx: Db,
  tenantId: string,
  userId: string,
  packageId: string,
  uses: number,
  now: Date,
): Promise<void> {
  return repo.addAddonUses(tx, tenantId, userId, packageId, uses, now);
}

/**
 * Inside the caller's transaction: makes `packageId` for `months` the user's plan (extends when the same plan is
 * active: new end = old end + months; otherwise starts now). `source` says why (an order or a redeemed code).
 * The default Zero package is not a plan one buys: activating it ends the paid plan (back to Zero).
 */
export async function activatePlanTx(
  tx: Db,
  tenantId: string,
  userId: string,
  input: { packageId: string; months: number; source: 'order' | 'code'; sourceId: string },
  now: Date,
): Promise<void> {
  const pkg = await getPackage(tx, tenantId, input.packageId);
  if (pkg.kind !== 'plan') throw new AppError('PACKAGE_OPTION_INVALID');
  const current = await repo.activeSub(tx, tenantId, userId, true);
  if (pkg.is_default) {
    if (current) await repo.endSub(tx, tenantId, current.id, 'cancelled', now);
    await repo.setPatientExpiry(tx, tenantId, userId, null);
    return;
  }
  const option = pkg.options.find((o) => o.months === input.months);
  const priceMinor = option ? input.months * option.monthlyPriceMinor : 0;
  const receiptId = input.source === 'order' ? await repo.orderCodeOf(tx, tenantId, input.sourceId) : input.sourceId;
  let endsAt: Date;
  if (current && current.package_id === pkg.id && current.ends_at > now) {
    endsAt = addMonths(current.ends_at, input.months);
    await repo.extendSub(tx, tenantId, current.id, { months: input.months, endsAt, priceMinor, receiptId, now });
  } else {
    if (current) await repo.endSub(tx, tenantId, current.id, current.ends_at > now ? 'superseded' : 'expired', now);
    endsAt = addMonths(now, input.months);
    await repo.insertSub(tx, tenantId, {
      id: newId(now.getTime()),
      userId,
      packageId: pkg.id,
      months: input.months,
      priceMinor,
      currency: pkg.currency,
      startsAt: now,
      endsAt,
      source: input.source,
      sourceId: input.sourceId,
      receiptId,
      now,
    });
  }
  await repo.setPatientExpiry(tx, tenantId, userId, endsAt);
}
