import { CURRENCY_MINOR_DIGITS, type TCurrency } from '@carewatch/contracts/billing';
import { packagesApi } from '@carewatch/api-client/packages';
import { api } from '../../app/api.ts';

/** The packages module's calls with the portal's session. */
export const packages = packagesApi(api.request);

export const packageKeys = {
  all: ['packages'] as const,
  list: (kind: 'plan' | 'addon') => ['packages', 'list', kind] as const,
};

/** The minor units of a major amount as typed ("14000", "12.5", "12,50"), exactly (string digits); null when not a valid amount. */
export function parseMajor(text: string, currency: TCurrency): number | null {
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const s = text.trim().replace(/[\s_]/g, '');
  const m = digits === 0 ? /^(\d+)$/.exec(s.replace(/[.,](?=\d{3}(\D|$))/g, '')) : /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const minor = BigInt(m[1]!) * 10n ** BigInt(digits) + BigInt((m[2] ?? '').padEnd(digits, '0') || '0');
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** A minor amount as the form shows it to edit (major units, the currency's decimals, no grouping). */
export function minorToInput(minor: number, currency: TCurrency): string {
  const digits = CURRENCY_MINOR_DIGITS[currency];
  if (digits === 0) return String(minor);
  const unit = 10n ** BigInt(digits);
  const v = BigInt(minor);
  return `${v / unit}.${(v % unit).toString().padStart(digits, '0')}`;
}

export const PACKAGE_ICONS = ['zero', 'basic', 'star', 'heart', 'shield', 'video', 'report'] as const;
