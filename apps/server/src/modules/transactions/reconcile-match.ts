import type { TReconciliationGroup } from '@carewatch/contracts/transactions';
import type { TTxStatus } from '@carewatch/contracts/billing';

/** One data line of a provider's settlement file, already read and checked. */
export type SettlementLine = {
  line: number;
  orderCode: string;
  amountMinor: number;
  providerRef: string | null;
  date: string;
};
/** One of our orders, as the matcher needs it. */
export type OurOrder = {
  id: string;
  code: string;
  status: TTxStatus;
  totalMinor: number;
  providerRef: string | null;
  paidDay: string | null;
};

export type MatchItem = {
  group: TReconciliationGroup;
  line: number | null;
  orderCode: string;
  orderId: string | null;
  ourStatus: TTxStatus | null;
  fileAmountMinor: number | null;
  ourAmountMinor: number | null;
  providerRef: string | null;
  date: string | null;
};

const SUCCESS = 2;
/** Order codes compare without case and surrounding blanks (providers echo them in upper case, some pad them). */
export const codeKey = (code: string) => code.trim().toUpperCase();

/**
 * Sorts a settlement file against our orders into the four groups (pure: no I/O, no clock).
 * - `lines`: the file's lines (codes unique).
 * - `byCode`: our orders whose codes the file names (any status, any date, any provider).
 * - `inPeriod`: our successful orders of the file's provider paid within the file's date range.
 * A line whose code is one of our successful orders is matched when the amounts agree, else an amount mismatch; any
 * other line (unknown code, or an order not successful here) is missing on our side; an order of `inPeriod` that no
 * line names is missing on theirs.
 */
export function matchSettlement(
  lines: readonly SettlementLine[],
  byCode: readonly OurOrder[],
  inPeriod: readonly OurOrder[],
): MatchItem[] {
  const ours = new Map(byCode.map((o) => [codeKey(o.code), o]));
  const seen = new Set<string>();
  const out: MatchItem[] = [];
  for (const l of lines) {
    const key = codeKey(l.orderCode);
    seen.add(key);
    const o = ours.get(key) ?? null;
    const base = {
      line: l.line,
      orderCode: o?.code ?? l.orderCode.trim(),
      fileAmountMinor: l.amountMinor,
      providerRef: l.providerRef,
      date: l.date,
    };
    if (!o || o.status !== SUCCESS) {
      out.push({
        ...base,
        group: 'missing_ours',
        orderId: o?.id ?? null,
        ourStatus: o?.status ?? null,
        ourAmountMinor: o?.totalMinor ?? null,
      });
    } else {
      out.push({
        ...base,
        group: o.totalMinor === l.amountMinor ? 'matched' : 'amount_mismatch',
        orderId: o.id,
        ourStatus: o.status,
        ourAmountMinor: o.totalMinor,
      });
    }
  }
  const missing = inPeriod.filter((o) => o.status === SUCCESS && !seen.has(codeKey(o.code)));
  missing.sort((a, b) => (a.paidDay ?? '').localeCompare(b.paidDay ?? '') || a.code.localeCompare(b.code));
  for (const o of missing) {
    out.push({
      group: 'missing_theirs',
      line: null,
      orderCode: o.code,
      orderId: o.id,
      ourStatus: o.status,
      fileAmountMinor: null,
      ourAmountMinor: o.totalMinor,
      providerRef: o.providerRef,
      date: o.paidDay,
    });
  }
  return out;
}

/** Items per group (all four present). */
export function countGroups(items: readonly { group: TReconciliationGroup }[]): Record<TReconciliationGroup, number> {
  const c: Record<TReconciliationGroup, number> = {
    matched: 0,
    missing_ours: 0,
    missing_theirs: 0,
    amount_mismatch: 0,
  };
  for (const i of items) c[i.group]++;
  return c;
}
