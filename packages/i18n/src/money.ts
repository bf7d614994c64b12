import { CURRENCY_MINOR_DIGITS, type TCurrency } from '@carewatch/contracts/billing';

/**
 * Money as text, the one formatter of both web apps and the server's pages: integers only (the minor units are split as
 * digits, never divided into a float), the same text in every browser (no Intl currency data that differs by engine).
 */
type Separators = { group: string; decimal: string };
const isVietnamese = (lang: string) => lang.toLowerCase().startsWith('vi');
const separators = (lang: string): Separators =>
  isVietnamese(lang) ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };

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
  const symbol = currency === 'USD' ? (canadian ? 'US$' : '$') : canadian ? '$' : 'CA$';
  return n.startsWith('-') ? `-${symbol}${n.slice(1)}` : `${symbol}${n}`;
}
