import { describe, expect, it } from 'vitest';
import { maskRedeemCode, redeemCodeProblem } from './redeem-code-rules.ts';

describe('redeem code input', () => {
  it('names what is missing before sending', () => {
    expect(redeemCodeProblem('')).toBe('required');
    expect(redeemCodeProblem('  - ')).toBe('required');
    expect(redeemCodeProblem('ABCD-EFGH')).toBe('length');
    expect(redeemCodeProblem('abcd efgh jkmn')).toBeNull();
    expect(redeemCodeProblem('ABCD-EFGH-JKMN')).toBeNull();
  });
  it('shows the typed code in groups of four, upper case, at most 12 characters', () => {
    expect(maskRedeemCode('abcdefgh')).toBe('ABCD-EFGH');
    expect(maskRedeemCode('ab cd-ef.gh*jkmnpq')).toBe('ABCD-EFGH-JKMN');
    expect(maskRedeemCode('')).toBe('');
  });
});
