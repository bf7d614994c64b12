import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newOrderCode, orderTotals, planAmountMinor, taxMinor } from './orders.math.ts';
import { addMonths } from '../../platform/clock.ts';

/** Reference model with exact rationals: tax = amount × bp / 10000 rounded half up. */
function refTax(amount: bigint, bp: bigint): bigint {
  const num = amount * bp;
  const q = num / 10000n;
  const r = num % 10000n;
  return r * 2n >= 10000n ? q + 1n : q;
}

describe('order money math (integers in minor units)', () => {
  it('the spec prices of Basic: 6 × 14,000, 12 × 10,000, 24 × 8,000 đ', () => {
    expect(planAmountMinor(6, 14_000)).toBe(84_000);
    expect(planAmountMinor(12, 10_000)).toBe(120_000);
    expect(planAmountMinor(24, 8_000)).toBe(192_000);
    expect(orderTotals(120_000, 1, 1000)).toEqual({ amountMinor: 120_000, taxMinor: 12_000, totalMinor: 132_000 });
    expect(orderTotals(0, 1, 1000)).toEqual({ amountMinor: 0, taxMinor: 0, totalMinor: 0 });
  });

  it('rounds the tax half up, once', () => {
    expect(taxMinor(5, 1000)).toBe(1); // 0.5 → 1
    expect(taxMinor(4, 1000)).toBe(0); // 0.4 → 0
    expect(taxMinor(15, 1000)).toBe(2); // 1.5 → 2
    expect(taxMinor(999, 833)).toBe(83); // 83.2167 → 83
    expect(taxMinor(100, 0)).toBe(0);
    expect(taxMinor(100, 10_000)).toBe(100);
  });

  it('property: tax matches the exact rational model, stays within [0, amount] for rates ≤ 100 %, and total = amount + tax', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const tax = taxMinor(amount, bp);
        expect(BigInt(tax)).toBe(refTax(BigInt(amount), BigInt(bp)));
        expect(Number.isSafeInteger(tax)).toBe(true);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
        const t = orderTotals(amount, 1, bp);
        expect(t.totalMinor).toBe(amount + tax);
      }),
    );
  });

  it('property: the tax is monotonic in the amount and in the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        (a, d, bp, dbp) => {
          expect(taxMinor(a + d, bp)).toBeGreaterThanOrEqual(taxMinor(a, bp));
          expect(taxMinor(a, Math.min(10_000, bp + dbp))).toBeGreaterThanOrEqual(taxMinor(a, bp));
        },
      ),
    );
  });

  it('property: quantity × unit is exact, and amounts never lose precision', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (unit, qty) => {
        const t = orderTotals(unit, qty, 0);
        expect(BigInt(t.amountMinor)).toBe(BigInt(unit) * BigInt(qty));
        expect(t.taxMinor).toBe(0);
      }),
    );
  });

  it('refuses fractions, negatives and unsafe integers', () => {
    expect(() => taxMinor(1.5, 1000)).toThrow(RangeError);
    expect(() => taxMinor(-1, 1000)).toThrow(RangeError);
    expect(() => planAmountMinor(2, Number.MAX_SAFE_INTEGER)).toThrow(RangeError);
  });

  it('order codes: CW + yyMMdd + 8 base32 characters', () => {
    expect(newOrderCode(new Date('2026-11-26T23:59:00Z'), () => Buffer.from([0, 1, 2, 3, 4, 5, 30, 31]))).toBe(
      'CW261126ABCDEF67',
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (d) => {
        expect(newOrderCode(d)).toMatch(/^CW\d{6}[A-Z2-7]{8}$/);
      }),
    );
  });

  it('adds calendar months, keeping the day or the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-11-22T08:00:00Z'), 12).toISOString()).toBe('2027-11-22T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2027-12-31T10:00:00Z'), 2).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 60 }),
        (d, m) => {
          const r = addMonths(d, m);
          expect(r.getTime()).toBeGreaterThan(d.getTime());
          expect((r.getUTCFullYear() - d.getUTCFullYear()) * 12 + r.getUTCMonth() - d.getUTCMonth()).toBe(m);
          expect(r.getUTCDate()).toBeLessThanOrEqual(d.getUTCDate());
        },
      ),
    );
  });
});
