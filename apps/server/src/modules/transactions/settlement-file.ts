import { CURRENCY_MINOR_DIGITS, type TCurrency } from '@carewatch/contracts/billing';
import type { TBadLine, TBadLineProblem } from '@carewatch/contracts/transactions';
import type { SettlementLine } from './reconcile-match.ts';

/**
 * Reading a provider's settlement file (pure: text and cells in, lines or bad lines out). The first row is a header
 * naming the four columns in any order: order code, amount, provider reference, date (a few spellings each). Amounts
 * are in major units of the currency ("140000" đ, "12.50" USD; thousands separated by "," allowed) and become integers
 * in minor units by string arithmetic, never floating point. Dates: YYYY-MM-DD or dd/MM/yyyy, optionally with a time,
 * or a spreadsheet date.
 */
export type SettlementColumn = 'orderCode' | 'amount' | 'providerRef' | 'date';
const HEADER_NAMES: Record<SettlementColumn, readonly string[]> = {
  orderCode: ['ordercode', 'order', 'orderid', 'ordercodeid', 'code', 'madonhang', 'madon', 'vnptxnref', 'txnref'],
  amount: ['amount', 'total', 'sotien', 'amountminor'],
  providerRef: [
    'providerreference',
    'providerref',
    'reference',
    'referenceid',
    'ref',
    'transactionno',
    'transactionid',
    'magiaodich',
    'vnptransactionno',
  ],
  date: ['date', 'paydate', 'paidat', 'paymentdate', 'transactiondate', 'ngay', 'ngaygiaodich'],
};
const normHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Where each column is, or the columns the header lacks. */
export function mapHeader(
  cells: readonly string[],
): { ok: true; index: Record<SettlementColumn, number> } | { ok: false; missing: SettlementColumn[] } {
  const index: Partial<Record<SettlementColumn, number>> = {};
  cells.forEach((c, i) => {
    const n = normHeader(c);
    for (const col of Object.keys(HEADER_NAMES) as SettlementColumn[]) {
      if (index[col] === undefined && HEADER_NAMES[col].includes(n)) index[col] = i;
    }
  });
  const missing = (Object.keys(HEADER_NAMES) as SettlementColumn[]).filter((c) => index[c] === undefined);
  return missing.length ? { ok: false, missing } : { ok: true, index: index as Record<SettlementColumn, number> };
}

/** "140,000" / "140000" / "12.5" → minor units of `currency`; null when not an amount (negative, too many decimals, junk). */
export function parseAmountMinor(text: string, currency: TCurrency): number | null {
  const s = text.trim().replace(/\s/g, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(s)) return null;
  const [int = '', frac = ''] = s.replace(/,/g, '').split('.');
  const digits = CURRENCY_MINOR_DIGITS[currency];
  const extra = frac.slice(digits);
  if (/[1-9]/.test(extra)) return null; // more precision than the currency has
  const minor = BigInt(int + frac.slice(0, digits).padEnd(digits, '0'));
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

const pad = (n: number) => String(n).padStart(2, '0');
const realDay = (y: number, m: number, d: number): string | null => {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d ? `${y}-${pad(m)}-${pad(d)}` : null;
};
/** A settlement date → YYYY-MM-DD (the calendar day the file names; a time part is ignored), or null. */
export function parseSettlementDay(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) return realDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})(\d{2})(\d{2})(\d{6})?$/.exec(s); // VNPay's yyyyMMddHHmmss
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{5})(\.\d+)?$/.exec(s); // a spreadsheet date (Excel serial day, 1900 system)
  if (m) {
    const d = new Date((Number(m[1]) - 25569) * 86_400_000);
    return realDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return null;
}

/** Splits CSV text into rows of cells (RFC 4180 quotes; "," or ";" separated, guessed from the header line). */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A looks-like-text check for an upload claimed to be CSV: UTF-8, no NUL bytes or other binary control characters. */
export function looksLikeText(buf: Buffer): boolean {
  const head = buf.subarray(0, 8192);
  for (const b of head) if (b === 0 || b < 9 || (b > 13 && b < 32 && b !== 27)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}
export const isZip = (buf: Buffer) =>
  buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

export type ReadOutcome =
  | { ok: true; lines: SettlementLine[] }
  | { ok: false; reason: 'header'; missing: SettlementColumn[] }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'too_many' }
  | { ok: false; reason: 'lines'; bad: TBadLine[] };

/**
 * Rows of cells (header first; row numbers are file lines, 1-based) → checked lines. Blank rows are skipped; every
 * bad line is listed with its reason (first 100), so the uploader can fix the file in one go.
 */
export function readSettlementRows(
  rows: Iterable<{ line: number; cells: string[] }>,
  currency: TCurrency,
  maxLines: number,
): ReadOutcome {
  let index: Record<SettlementColumn, number> | null = null;
  const lines: SettlementLine[] = [];
  const bad: TBadLine[] = [];
  const codes = new Map<string, number>();
  for (const { line, cells } of rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!index) {
      const h = mapHeader(cells);
      if (!h.ok) return { ok: false, reason: 'header', missing: h.missing };
      index = h.index;
      continue;
    }
    if (lines.length + bad.length >= maxLines) return { ok: false, reason: 'too_many' };
    const at = (c: SettlementColumn) => (cells[index![c]] ?? '').trim();
    const code = at('orderCode');
    const amount = parseAmountMinor(at('amount'), currency);
    const day = parseSettlementDay(at('date'));
    const ref = at('providerRef');
    const problems: TBadLineProblem[] = [];
    const reasons: string[] = [];
    const add = (p: TBadLineProblem, text: string) => {
      problems.push(p);
      reasons.push(text);
    };
    if (!code) add('code_missing', 'order code missing');
    else if (code.length > 64) add('code_too_long', 'order code too long');
    if (amount === null) add('amount_invalid', `amount "${at('amount').slice(0, 30)}" is not an amount in ${currency}`);
    if (day === null) add('date_invalid', `date "${at('date').slice(0, 30)}" is not a date`);
    if (ref.length > 128) add('reference_too_long', 'provider reference too long');
    const key = code.toUpperCase();
    const repeatOf = code ? (codes.get(key) ?? null) : null;
    if (repeatOf !== null) add('code_repeated', `order code repeated (line ${repeatOf})`);
    else if (code) codes.set(key, line); // the first line of a code, good or bad: a later one is a repeat either way
    if (problems.length) {
      bad.push({ line, problems, repeatOf, reason: reasons.join('; ') });
      continue;
    }
    lines.push({ line, orderCode: code, amountMinor: amount!, providerRef: ref || null, date: day! });
  }
  if (!index) return { ok: false, reason: 'empty' };
  if (bad.length) return { ok: false, reason: 'lines', bad: bad.slice(0, 100) };
  if (!lines.length) return { ok: false, reason: 'empty' };
  return { ok: true, lines };
}
