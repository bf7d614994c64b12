import { TX_STATUS, type TPackage, type TPackageOption, type TSubscriptionMe } from '@carewatch/contracts/billing';

/**
 * The subscription screens' pure rules: what a subscription's status says, which packages are on sale, and when Home
 * shows the expiry notice. Money as text is `formatMoney` of @carewatch/i18n/money (one formatter for both apps).
 */

/** A plan option's total: months × the monthly price (integers, so exact). */
export const optionTotalMinor = (o: TPackageOption): number => o.months * o.monthlyPriceMinor;

/** The plans a patient can buy (enabled, paid, with options), and the add-on packs, cheapest first. */
export function buyablePlans(packages: readonly TPackage[]): TPackage[] {
  return packages
    .filter((p) => p.enabled && p.kind === 'plan' && !p.isDefault && p.options.some((o) => o.monthlyPriceMinor > 0))
    .map((p) => ({ ...p, options: [...p.options].sort((a, b) => a.months - b.months) }));
}
export function buyableAddons(packages: readonly TPackage[]): TPackage[] {
  return packages.filter((p) => p.enabled && p.kind === 'addon' && p.addonPriceMinor !== null && p.addonUses !== null);
}

const DAY_MS = 24 * 60 * 60_000;
/** Whole days left until `endsAt` (rounded up: 6 days and 1 hour is 7 days); 0 once it has passed. */
export function daysLeft(endsAt: string | null, now: Date): number | null {
  if (!endsAt) return null;
  const ms = new Date(endsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

export type SubscriptionView = {
  /** Catalogue key of the status badge (subscription.status.*). */
  statusKey: `status.${TSubscriptionMe['status']}`;
  color: 'gray' | 'teal' | 'orange' | 'red';
  /** A paid plan is (or was) bought: dates, price and receipt make sense. */
  paid: boolean;
  /** A paid plan is running but takes no effect: no wearable connected (patient-app spec §6). */
  needsWearable: boolean;
  /** Extend (renew the same plan) and Cancel (back to Zero) are offered. */
  canExtend: boolean;
  canCancel: boolean;
};

const STATUS_COLOR: Record<TSubscriptionMe['status'], SubscriptionView['color']> = {
  free: 'gray',
  active: 'teal',
  about_to_expire: 'orange',
  expired: 'red',
};

/** What the current-subscription screen says about a subscription. */
export function subscriptionView(s: Pick<TSubscriptionMe, 'status' | 'wearableConnected'>): SubscriptionView {
  const running = s.status === 'active' || s.status === 'about_to_expire';
  return {
    statusKey: `status.${s.status}`,
    color: STATUS_COLOR[s.status],
    paid: s.status !== 'free',
    needsWearable: running && !s.wearableConnected,
    canExtend: s.status !== 'free',
    canCancel: running,
  };
}

export type ExpiryNotice = { kind: 'about_to_expire'; days: number } | { kind: 'expired' } | null;

/** Home's notice: 7 days or less left, or the paid plan has ended (the account is back on Zero). */
export function expiryNotice(s: Pick<TSubscriptionMe, 'status' | 'endsAt'> | undefined, now: Date): ExpiryNotice {
  if (!s) return null;
  if (s.status === 'expired') return { kind: 'expired' };
  if (s.status === 'about_to_expire')
    return { kind: 'about_to_expire', days: Math.max(daysLeft(s.endsAt, now) ?? 0, 0) };
  return null;
}

export type OrderOutcome = 'pending' | 'success' | 'failed' | 'refunded';
/** An order's numeric status (spec: failed 0, pending 1, success 2, refund 3) as the result page's outcome. */
export function orderOutcome(status: number): OrderOutcome {
  if (status === TX_STATUS.PENDING) return 'pending';
  if (status === TX_STATUS.SUCCESS) return 'success';
  if (status === TX_STATUS.REFUND) return 'refunded';
  return 'failed';
}
