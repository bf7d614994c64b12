import { UNLIMITED, type TCurrency, type TPackage, type TPackageOption } from '@carewatch/contracts/billing';
import { minorToInput, parseMajor } from './packages-shared.ts';

/**
 * The package screens' pure rules: the form's values from a package and back to the contract's input (money typed in
 * major units becomes exact minor units), the list's price and limit texts.
 */

export type PackageKind = 'plan' | 'addon';
export type OptionRow = { months: string; price: string };
export type PackageValues = {
  code: string;
  name: string;
  tier: string;
  currency: TCurrency;
  icon: string;
  description: string;
  features: string[];
  options: OptionRow[];
  addonUses: string;
  addonPrice: string;
  timeMinutes: string;
  storageMb: string;
  uses: string;
};

/** At most this many price options a plan has (the contract's rule: the add button stops there). */
export const MAX_OPTIONS = 12;

export const packageListPath = (kind: PackageKind): string => (kind === 'plan' ? '/packages' : '/add-on-packs');

/** The form of a new package (a plan starts with one 12-month option) or of an existing one. */
export function initialPackageValues(kind: PackageKind, p: TPackage | null): PackageValues {
  if (!p) {
    return {
      code: '',
      name: '',
      tier: 'standard',
      currency: 'VND',
      icon: '',
      description: '',
      features: [],
      options: kind === 'plan' ? [{ months: '12', price: '' }] : [],
      addonUses: '',
      addonPrice: '',
      timeMinutes: '-1',
      storageMb: '-1',
      uses: '-1',
    };
  }
  return {
    code: p.code,
    name: p.name,
    tier: p.tier,
    currency: p.currency,
    icon: p.icon ?? '',
    description: p.description,
    features: [...p.features],
    options: p.options.map((o) => ({ months: String(o.months), price: minorToInput(o.monthlyPriceMinor, p.currency) })),
    addonUses: p.addonUses === null ? '' : String(p.addonUses),
    addonPrice: p.addonPriceMinor === null ? '' : minorToInput(p.addonPriceMinor, p.currency),
    timeMinutes: String(p.limits.timeMinutes),
    storageMb: String(p.limits.storageMb),
    uses: String(p.limits.uses),
  };
}

/** A number field as typed: empty is missing (the contract names it), anything else its Number (NaN is refused there). */
export const optionalNumber = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s.trim()));

/** The form as the contract reads it; each money field that is not an amount of the currency is named in moneyErrors. */
export function toPackageInput(
  kind: PackageKind,
  v: PackageValues,
): { input: Record<string, unknown>; moneyErrors: Record<string, true> } {
  const moneyErrors: Record<string, true> = {};
  const money = (s: string, path: string) => {
    if (s.trim() === '') return undefined;
    const m = parseMajor(s, v.currency);
    if (m === null) moneyErrors[path] = true;
    return m ?? undefined;
  };
  const input = {
    code: v.code,
    name: v.name,
    kind,
    tier: v.tier,
    currency: v.currency,
    icon: v.icon || null,
    description: v.description,
    features: v.features,
    options:
      kind === 'plan'
        ? v.options.map((o, i) => ({
            months: optionalNumber(o.months),
            monthlyPriceMinor: money(o.price, `options.${i}.monthlyPriceMinor`),
          }))
        : [],
    addonUses: kind === 'addon' ? (optionalNumber(v.addonUses) ?? null) : null,
    addonPriceMinor: kind === 'addon' ? (money(v.addonPrice, 'addonPriceMinor') ?? null) : null,
    limits: {
      timeMinutes: optionalNumber(v.timeMinutes),
      storageMb: optionalNumber(v.storageMb),
      uses: optionalNumber(v.uses),
    },
  };
  return { input, moneyErrors };
}

/** The error key an option's input shows its problem under (the months, or the price's minor amount). */
export const optionErrorKey = (i: number, field: keyof OptionRow): string =>
  `options.${i}.${field === 'months' ? 'months' : 'monthlyPriceMinor'}`;

/** The contract's own messages of the code and name rules (spec: no special characters) → their catalogue keys. */
const OWN_MESSAGES: Record<string, string> = {
  'Letters, digits, - and _ only': 'packages.validation.code',
  'No special characters': 'packages.validation.name',
};
export const ownMessageKey = (message: string): string | null => OWN_MESSAGES[message] ?? null;

/** Issues keyed by their full path ('options.0.months'; '_' for the form itself), the first one of each path kept. */
export function issuesByPath<T>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  text: (message: string) => T,
): Record<string, T> {
  const out: Record<string, T> = {};
  for (const i of issues) out[i.path.map(String).join('.') || '_'] ??= text(i.message);
  return out;
}

/** A limit's text: the catalogue key of "Unlimited" for -1, else the number itself. */
export const limitText = (n: number): { key: 'packages.list.unlimited' } | { value: string } =>
  n === UNLIMITED ? { key: 'packages.list.unlimited' } : { value: String(n) };

export type PriceSummary =
  | { kind: 'addon'; uses: number; priceMinor: number }
  | { kind: 'free' }
  | { kind: 'options'; options: TPackageOption[] };

/** What the list's price column says: an add-on's uses and price, a plan free at every length, or each option. */
export function priceSummary(
  kind: PackageKind,
  p: Pick<TPackage, 'options' | 'addonUses' | 'addonPriceMinor'>,
): PriceSummary {
  if (kind === 'addon') return { kind: 'addon', uses: p.addonUses ?? 0, priceMinor: p.addonPriceMinor ?? 0 };
  if (p.options.every((o) => o.monthlyPriceMinor === 0)) return { kind: 'free' };
  return { kind: 'options', options: p.options };
}

/** The enable/disable dialog's texts and whether its confirm button warns (disabling does). */
export function toggleDialog(p: Pick<TPackage, 'enabled'>): { titleKey: string; bodyKey: string; danger: boolean } {
  return p.enabled
    ? { titleKey: 'packages.list.confirmDisableTitle', bodyKey: 'packages.list.confirmDisable', danger: true }
    : { titleKey: 'packages.list.confirmEnableTitle', bodyKey: 'packages.list.confirmEnable', danger: false };
}

/** The toast once switched, from the package as the server answers it (after the switch). */
export const toggledToastKey = (after: Pick<TPackage, 'enabled'>): string =>
  after.enabled ? 'packages.list.enabledToast' : 'packages.list.disabledToast';
