import { describe, expect, it } from 'vitest';
import {
  REDEEM_CODE_ALPHABET,
  REDEEM_CODE_RE,
  formatRedeemCode,
  normalizeRedeemCode,
} from '@carewatch/contracts/code-packages';
import { generateRedeemCode, seriesOf, seriesPrefixOf } from './code-packages.service.ts';

describe('redemption codes', () => {
  it('are 12 characters of a 32-letter alphabet without 0, O, 1 and I (60 random bits)', () => {
    expect(REDEEM_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(REDEEM_CODE_ALPHABET).size).toBe(32);
    expect(REDEEM_CODE_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) expect(generateRedeemCode()).toMatch(REDEEM_CODE_RE);
  });

  it('are drawn uniformly: every letter about 1/32 of the time, no repeats in 20,000 codes', () => {
    const counts = new Map<string, number>();
    const seen = new Set<string>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const c = generateRedeemCode();
      seen.add(c);
      for (const ch of c) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(seen.size).toBe(n);
    const expected = (n * 12) / 32;
    for (const ch of REDEEM_CODE_ALPHABET)
      expect(Math.abs((counts.get(ch) ?? 0) - expected) / expected, ch).toBeLessThan(0.08);
  });

  it('are read whatever their case, spaces and dashes, and printed in groups of four', () => {
    expect(normalizeRedeemCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(formatRedeemCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN');
  });

  it('have a series for staff: the package prefix and a six-digit sequence', () => {
    expect(seriesPrefixOf(7)).toBe('CP0007');
    expect(seriesOf('CP0007', 42)).toBe('CP0007-000042');
  });
});
