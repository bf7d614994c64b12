import { REDEEM_CODE_LENGTH, formatRedeemCode, normalizeRedeemCode } from '@carewatch/contracts/code-packages';

/** What is wrong with a typed code before it is sent (the server decides the rest): nothing typed, or not 12 characters. */
export function redeemCodeProblem(typed: string): 'required' | 'length' | null {
  const c = normalizeRedeemCode(typed);
  if (c === '') return 'required';
  return c.length === REDEEM_CODE_LENGTH ? null : 'length';
}

/** The code as it is typed, shown in groups of four (letters upper-cased, anything but letters and digits dropped). */
export function maskRedeemCode(typed: string): string {
  return formatRedeemCode(
    normalizeRedeemCode(typed)
      .replace(/[^0-9A-Z]/g, '')
      .slice(0, REDEEM_CODE_LENGTH),
  );
}
