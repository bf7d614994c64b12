/** A tax rate typed in percent ("10", "8.5", "8,25") to basis points, without floating point; null when not a rate 0–100 with at most 2 decimals. */
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return bp <= 10_000 ? bp : null;
}

/** Basis points to a percent text ("1000" → "10", "850" → "8.5"), in the language's decimal mark. */
export function bpToPercent(bp: number, language = 'en'): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}${language.startsWith('vi') ? ',' : '.'}${frac}` : String(whole);
}
