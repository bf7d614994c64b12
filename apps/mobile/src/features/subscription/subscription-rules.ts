import {
  CURRENCY_MINOR_DIGITS, TX_STATUS, type TCurrency, type TPackage, type TPackageOption, type TSubscriptionMe,
} from '@carewatch/contracts/billing';

/**
 * The subscription screens' pure rules: money as text (integers only: the minor units are split as digits, never
 * divided into a float), what a subscription's status says, and when Home shows the expiry notice.
 */

type Separators = { group: string; decimal: string };
const isVietnamese = (lang: string) => lang.toLowerCase().startsWith('vi');
const separators = (lang: string): Separators => (isVietnamese(lang) ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' });

/** 14000 → "14,000" (en) / "14.000" (vi): digits grouped by three, from a whole number's decimal digits. */
function groupDigits(digits: string, group: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += group;
    out += digits[i];
  }
  return out;
}

/** The number part of an amount: grouped whole units, then the minor digits (cents) when the currency has them. */
export function amountNumber(minor: number, currency: TCurrency, lang: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError('Amounts are whole minor units');
  const sep = separators(lang);
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const negative = minor < 0;
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? text.slice(text.length - digits) : '';
  return `${negative ? '-' : ''}${groupDigits(whole, sep.group)}${fraction ? `${sep.decimal}${fraction}` : ''}`;
}

/**
 * An amount in minor units as the reader expects it: "14.000 đ" (vi), "14,000 ₫" (en); "$12.50" / "CA$12.50" (en),
 * "$12.50" for CAD in Canadian English; "12,50 US$" (vi).
 */
export function formatMoney(minor: number, currency: TCurrency, lang: string): string {
  const n = amountNumber(minor, currency, lang);
  if (currency === 'VND') return isVietnamese(lang) ? `${n} đ` : `${n} ₫`;
  if (isVietnamese(lang)) return `${n} ${currency === 'USD' ? 'US$' : 'CA$'}`;
  const canadian = lang.toLowerCase() === 'en-ca';
  const symbol = currency === 'USD' ? (canadian ? 'US$' : '$') : (canadian ? '$' : 'CA$');
  return n.startsWith('-') ? `-${symbol}${n.slice(1)}` : `${symbol}${n}`;
}

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

const STATUS_COLOR: Record<TSubscriptionMe['status'], SubscriptionView['color']> = { free: 'gray', active: 'teal', about_to_expire: 'orange', expired: 'red' };

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
  if (s.status === 'about_to_expire') return { kind: 'about_to_expire', days: Math.max(daysLeft(s.endsAt, now) ?? 0, 0) };
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
