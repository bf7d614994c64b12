import crypto from 'node:crypto';

/*
 * Money on the order path: integers in minor units, no floating point. Amounts are checked safe integers; products
 * and the tax are computed with BigInt so nothing rounds before the one rounding of the tax.
 */

const check = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative safe integer`);
};

/** Tax of `amountMinor` at `rateBp` basis points (1000 = 10 %), rounded half up: floor((amount × bp + 5000) / 10000). */
export function taxMinor(amountMinor: number, rateBp: number): number {
  check(amountMinor, 'amount');
  check(rateBp, 'rate');
  return Number((BigInt(amountMinor) * BigInt(rateBp) + 5000n) / 10000n);
}

/** Price of a plan option: months × the monthly price. */
export function planAmountMinor(months: number, monthlyPriceMinor: number): number {
  check(months, 'months');
  check(monthlyPriceMinor, 'price');
  const v = BigInt(months) * BigInt(monthlyPriceMinor);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount too large');
  return Number(v);
}

/** An order's amount, tax and total: amount = unit × quantity; total = amount + tax. */
export function orderTotals(
  unitMinor: number,
  quantity: number,
  rateBp: number,
): { amountMinor: number; taxMinor: number; totalMinor: number } {
  const amountMinor = planAmountMinor(quantity, unitMinor);
  const tax = taxMinor(amountMinor, rateBp);
  const total = BigInt(amountMinor) + BigInt(tax);
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('total too large');
  return { amountMinor, taxMinor: tax, totalMinor: Number(total) };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 'CW' + yyMMdd (UTC) + 8 cryptographically random base32 characters, e.g. CW261126K3QZ7M2A. */
export function newOrderCode(now: Date, random: (n: number) => Buffer = crypto.randomBytes): string {
  const d = now.toISOString();
  const ymd = d.slice(2, 4) + d.slice(5, 7) + d.slice(8, 10);
  const bytes = random(8);
  let s = '';
  for (let i = 0; i < 8; i++) s += BASE32[bytes[i]! & 31];
  return `CW${ymd}${s}`;
}
