import { CURRENCY_MINOR_DIGITS, type TCurrency } from '@carewatch/contracts/billing';

/**
 * An integer amount in minor units, shown in its currency for the reader's language: 140000 VND → "140.000 ₫" (vi) or
 * "₫140,000" (en); 1234 USD → "$12.34". The major/minor split is done on the digits (BigInt), never by dividing a float.
 */
export function formatMoney(minor: number, currency: TCurrency, language: string): string {
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const locale = language.startsWith('vi') ? 'vi-VN' : 'en-US';
  const neg = minor < 0;
  const abs = BigInt(Math.abs(Math.trunc(minor)));
  const unit = 10n ** BigInt(digits);
  const major = abs / unit;
  const frac = (abs % unit).toString().padStart(digits, '0');
  const nf = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  // Format the integer part with the currency's pattern, then put the exact fraction digits in place.
  const parts = nf.formatToParts(neg ? -major : major);
  return parts.map((p) => {
    if (p.type === 'fraction') return frac;
    if (p.type === 'minusSign' && !neg) return '';
    return p.value;
  }).join('');
}
