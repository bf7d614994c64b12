import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ZPackageInput, type TPackage } from '@carewatch/contracts/billing';
import { hasKey } from '../../test-support/portal-t.ts';
import {
  MAX_OPTIONS,
  initialPackageValues,
  issuesByPath,
  limitText,
  optionErrorKey,
  optionalNumber,
  ownMessageKey,
  packageListPath,
  priceSummary,
  toPackageInput,
  toggleDialog,
  toggledToastKey,
} from './packages-rules.ts';

const pkg = (over: Partial<TPackage> = {}): TPackage => ({
  id: 'p1',
  code: 'BASIC',
  name: 'Basic',
  kind: 'plan',
  tier: 'standard',
  currency: 'USD',
  options: [
    { months: 12, monthlyPriceMinor: 1250 },
    { months: 6, monthlyPriceMinor: 1400 },
  ],
  addonUses: null,
  addonPriceMinor: null,
  features: ['medical_records'],
  limits: { timeMinutes: -1, storageMb: 500, uses: -1 },
  icon: null,
  description: 'd',
  enabled: true,
  isDefault: false,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

describe('the package form', () => {
  test('a new plan starts with one 12-month option and unlimited limits; a new add-on pack with none', () => {
    const plan = initialPackageValues('plan', null);
    expect(plan.options).toEqual([{ months: '12', price: '' }]);
    expect([plan.timeMinutes, plan.storageMb, plan.uses]).toEqual(['-1', '-1', '-1']);
    expect(plan.currency).toBe('VND');
    expect(initialPackageValues('addon', null).options).toEqual([]);
  });

  test('an existing package is shown in major units of its currency, empty for what it has not', () => {
    const v = initialPackageValues('plan', pkg());
    expect(v.options).toEqual([
      { months: '12', price: '12.50' },
      { months: '6', price: '14.00' },
    ]);
    expect(v.icon).toBe('');
    expect(v.addonUses).toBe('');
    expect(v.storageMb).toBe('500');
    const addon = initialPackageValues(
      'addon',
      pkg({ kind: 'addon', currency: 'VND', options: [], addonUses: 5, addonPriceMinor: 20_000 }),
    );
    expect([addon.addonUses, addon.addonPrice]).toEqual(['5', '20000']);
  });

  test('the features list is a copy: editing the form does not change the cached package', () => {
    const p = pkg();
    initialPackageValues('plan', p).features.push('video_call');
    expect(p.features).toEqual(['medical_records']);
  });

  test('a plan becomes the contract input: exact minor units, no add-on fields, empty numbers missing', () => {
    const v = {
      ...initialPackageValues('plan', pkg()),
      options: [
        { months: '12', price: '12,5' },
        { months: '', price: '' },
      ],
    };
    const { input, moneyErrors } = toPackageInput('plan', v);
    expect(moneyErrors).toEqual({});
    expect(input.options).toEqual([
      { months: 12, monthlyPriceMinor: 1250 },
      { months: undefined, monthlyPriceMinor: undefined },
    ]);
    expect(input.addonUses).toBeNull();
    expect(input.addonPriceMinor).toBeNull();
    expect(input.icon).toBeNull();
    expect(input.limits).toEqual({ timeMinutes: -1, storageMb: 500, uses: -1 });
  });

  test('an add-on pack sends no options, its uses and price; a bad amount is named on its own path', () => {
    const v = {
      ...initialPackageValues('addon', null),
      code: 'PACK',
      name: 'Pack',
      addonUses: '10',
      addonPrice: '12.345',
      currency: 'USD' as const,
    };
    const { input, moneyErrors } = toPackageInput('addon', v);
    expect(input.options).toEqual([]);
    expect(input.addonUses).toBe(10);
    expect(input.addonPriceMinor).toBeNull();
    expect(moneyErrors).toEqual({ addonPriceMinor: true });
    const plan = toPackageInput('plan', {
      ...initialPackageValues('plan', null),
      options: [{ months: '1', price: 'abc' }],
    });
    expect(plan.moneyErrors).toEqual({ 'options.0.monthlyPriceMinor': true });
  });

  test('a filled plan passes the contract', () => {
    const v = {
      ...initialPackageValues('plan', null),
      code: 'GOLD',
      name: 'Gold',
      options: [{ months: '12', price: '100000' }],
      features: ['medical_records'],
    };
    const parsed = ZPackageInput.safeParse(toPackageInput('plan', v).input);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.options).toEqual([{ months: 12, monthlyPriceMinor: 100_000 }]);
  });

  test('number fields: blank is missing, anything else its number (NaN left for the contract to refuse)', () => {
    expect(optionalNumber('  ')).toBeUndefined();
    expect(optionalNumber(' 7 ')).toBe(7);
    expect(optionalNumber('-1')).toBe(-1);
    expect(optionalNumber('x')).toBeNaN();
  });

  test('option inputs clear the error of their own path', () => {
    expect(optionErrorKey(2, 'months')).toBe('options.2.months');
    expect(optionErrorKey(0, 'price')).toBe('options.0.monthlyPriceMinor');
    expect(MAX_OPTIONS).toBe(12);
  });

  test('the code and name rules have texts of their own in both languages; other messages none', () => {
    expect(ownMessageKey('Letters, digits, - and _ only')).toBe('packages.validation.code');
    expect(ownMessageKey('No special characters')).toBe('packages.validation.name');
    expect(ownMessageKey('Required')).toBeNull();
    for (const lng of ['en', 'vi'] as const) {
      expect(hasKey('packages.validation.code', lng)).toBe(true);
      expect(hasKey('packages.validation.name', lng)).toBe(true);
    }
  });

  test('issues by path: the first message of a path wins, the form itself is "_"', () => {
    const out = issuesByPath(
      [
        { path: ['options', 0, 'months'], message: 'Min value is 1' },
        { path: ['options', 0, 'months'], message: 'second' },
        { path: [], message: 'form' },
      ],
      (m) => m.toUpperCase(),
    );
    expect(out).toEqual({ 'options.0.months': 'MIN VALUE IS 1', _: 'FORM' });
  });
});

describe('the package list', () => {
  test('the list of plans and the list of add-on packs live at their own paths', () => {
    expect(packageListPath('plan')).toBe('/packages');
    expect(packageListPath('addon')).toBe('/add-on-packs');
  });

  test('-1 is unlimited, any other limit its number', () => {
    expect(limitText(-1)).toEqual({ key: 'packages.list.unlimited' });
    expect(limitText(0)).toEqual({ value: '0' });
    expect(limitText(120)).toEqual({ value: '120' });
  });

  test('price column: an add-on pack by its uses, a plan free at every length, or each option', () => {
    expect(priceSummary('addon', pkg({ addonUses: 5, addonPriceMinor: 900 }))).toEqual({
      kind: 'addon',
      uses: 5,
      priceMinor: 900,
    });
    expect(priceSummary('addon', pkg())).toEqual({ kind: 'addon', uses: 0, priceMinor: 0 });
    expect(priceSummary('plan', pkg({ options: [{ months: 1, monthlyPriceMinor: 0 }] }))).toEqual({ kind: 'free' });
    expect(priceSummary('plan', pkg({ options: [] }))).toEqual({ kind: 'free' });
    expect(
      priceSummary(
        'plan',
        pkg({
          options: [
            { months: 1, monthlyPriceMinor: 0 },
            { months: 12, monthlyPriceMinor: 5 },
          ],
        }),
      ).kind,
    ).toBe('options');
  });

  test('disabling warns, enabling does not; the toast follows the state after the switch', () => {
    expect(toggleDialog({ enabled: true })).toEqual({
      titleKey: 'packages.list.confirmDisableTitle',
      bodyKey: 'packages.list.confirmDisable',
      danger: true,
    });
    expect(toggleDialog({ enabled: false })).toEqual({
      titleKey: 'packages.list.confirmEnableTitle',
      bodyKey: 'packages.list.confirmEnable',
      danger: false,
    });
    expect(toggledToastKey({ enabled: true })).toBe('packages.list.enabledToast');
    expect(toggledToastKey({ enabled: false })).toBe('packages.list.disabledToast');
    for (const k of [
      'packages.list.confirmDisableTitle',
      'packages.list.confirmEnable',
      'packages.list.enabledToast',
      'packages.list.disabledToast',
    ]) {
      expect(hasKey(k, 'vi'), k).toBe(true);
    }
  });

  test('property: a package shown in the form and read back gives its own prices and limits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('VND' as const, 'USD' as const, 'CAD' as const),
        fc.array(
          fc.record({ months: fc.integer({ min: 1, max: 60 }), monthlyPriceMinor: fc.integer({ min: 0, max: 1e12 }) }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: -1, max: 100_000 }),
        (currency, options, uses) => {
          const p = pkg({ currency, options, limits: { timeMinutes: -1, storageMb: 10, uses } });
          const { input, moneyErrors } = toPackageInput('plan', initialPackageValues('plan', p));
          expect(moneyErrors).toEqual({});
          expect(input.options).toEqual(options);
          expect(input.limits).toEqual(p.limits);
        },
      ),
    );
  });
});
