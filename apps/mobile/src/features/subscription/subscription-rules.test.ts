import { describe, expect, test } from 'vitest';
import type { TPackage, TSubscriptionMe } from '@carewatch/contracts/billing';
import { formatMoney } from '@carewatch/i18n/money';
import {
  buyableAddons,
  buyablePlans,
  daysLeft,
  expiryNotice,
  optionTotalMinor,
  orderOutcome,
  subscriptionView,
} from './subscription-rules.ts';

const NOW = new Date('2030-03-05T08:00:00Z');
const pkg = (over: Partial<TPackage>): TPackage => ({
  id: 'p1',
  code: 'BASIC',
  name: 'Basic',
  kind: 'plan',
  tier: 'standard',
  currency: 'VND',
  options: [
    { months: 12, monthlyPriceMinor: 10_000 },
    { months: 6, monthlyPriceMinor: 14_000 },
    { months: 24, monthlyPriceMinor: 8_000 },
  ],
  addonUses: null,
  addonPriceMinor: null,
  features: ['medical_records'],
  limits: { timeMinutes: -1, storageMb: -1, uses: -1 },
  icon: null,
  description: '',
  enabled: true,
  isDefault: false,
  createdAt: NOW.toISOString(),
  ...over,
});

describe('packages on sale', () => {
  test('paid, enabled plans with their options shortest first; Zero and disabled plans are left out; add-ons apart', () => {
    const zero = pkg({
      id: 'z',
      code: 'ZERO',
      name: 'Zero',
      isDefault: true,
      options: [{ months: 1, monthlyPriceMinor: 0 }],
    });
    const off = pkg({ id: 'off', enabled: false });
    const addon = pkg({ id: 'a', kind: 'addon', options: [], addonUses: 5, addonPriceMinor: 20_000 });
    const plans = buyablePlans([zero, pkg({}), off, addon]);
    expect(plans.map((p) => p.id)).toEqual(['p1']);
    expect(plans[0]?.options.map((o) => o.months)).toEqual([6, 12, 24]);
    expect(buyableAddons([zero, pkg({}), addon]).map((p) => p.id)).toEqual(['a']);
  });
});

describe('subscription status', () => {
  const s = (status: TSubscriptionMe['status'], wearableConnected = true) =>
    subscriptionView({ status, wearableConnected });

  test('each status has its text key and colour; only a running plan can be cancelled', () => {
    expect(s('free')).toEqual({
      statusKey: 'status.free',
      color: 'gray',
      paid: false,
      needsWearable: false,
      canExtend: false,
      canCancel: false,
    });
    expect(s('active')).toMatchObject({
      statusKey: 'status.active',
      color: 'teal',
      paid: true,
      canExtend: true,
      canCancel: true,
    });
    expect(s('about_to_expire')).toMatchObject({
      statusKey: 'status.about_to_expire',
      color: 'orange',
      canExtend: true,
      canCancel: true,
    });
    expect(s('expired')).toMatchObject({
      statusKey: 'status.expired',
      color: 'red',
      paid: true,
      canExtend: true,
      canCancel: false,
    });
  });

  test('a running paid plan without a connected wearable takes no effect (spec §6); Zero never asks for one', () => {
    expect(s('active', false).needsWearable).toBe(true);
    expect(s('about_to_expire', false).needsWearable).toBe(true);
    expect(s('active', true).needsWearable).toBe(false);
    expect(s('free', false).needsWearable).toBe(false);
    expect(s('expired', false).needsWearable).toBe(false);
  });

  test('days left round up; none once passed', () => {
    expect(daysLeft(null, NOW)).toBeNull();
    expect(daysLeft('2030-03-12T08:00:00Z', NOW)).toBe(7);
    expect(daysLeft('2030-03-11T09:00:00Z', NOW)).toBe(7);
    expect(daysLeft('2030-03-05T08:00:01Z', NOW)).toBe(1);
    expect(daysLeft('2030-03-05T08:00:00Z', NOW)).toBe(0);
    expect(daysLeft('2030-03-01T00:00:00Z', NOW)).toBe(0);
  });

  test('Home’s notice: about to expire (with days) and expired; nothing for free or active plans', () => {
    expect(expiryNotice(undefined, NOW)).toBeNull();
    expect(expiryNotice({ status: 'free', endsAt: null }, NOW)).toBeNull();
    expect(expiryNotice({ status: 'active', endsAt: '2030-06-01T00:00:00Z' }, NOW)).toBeNull();
    expect(expiryNotice({ status: 'about_to_expire', endsAt: '2030-03-06T08:00:00Z' }, NOW)).toEqual({
      kind: 'about_to_expire',
      days: 1,
    });
    expect(expiryNotice({ status: 'about_to_expire', endsAt: '2030-03-12T08:00:00Z' }, NOW)).toEqual({
      kind: 'about_to_expire',
      days: 7,
    });
    expect(expiryNotice({ status: 'expired', endsAt: '2030-03-01T00:00:00Z' }, NOW)).toEqual({ kind: 'expired' });
  });

  test('order status (failed 0, pending 1, success 2, refund 3) → the result page’s outcome', () => {
    expect(orderOutcome(0)).toBe('failed');
    expect(orderOutcome(1)).toBe('pending');
    expect(orderOutcome(2)).toBe('success');
    expect(orderOutcome(3)).toBe('refunded');
  });
});

describe('option totals', () => {
  test('an option total is months × the monthly price (the spec’s Basic prices)', () => {
    expect(optionTotalMinor({ months: 6, monthlyPriceMinor: 14_000 })).toBe(84_000);
    expect(optionTotalMinor({ months: 12, monthlyPriceMinor: 10_000 })).toBe(120_000);
    expect(optionTotalMinor({ months: 24, monthlyPriceMinor: 8_000 })).toBe(192_000);
    expect(formatMoney(optionTotalMinor({ months: 12, monthlyPriceMinor: 10_000 }), 'VND', 'vi')).toBe('120.000 đ');
  });
});
