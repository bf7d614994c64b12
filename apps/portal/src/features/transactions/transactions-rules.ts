import { TRANSACTION_EXPORT_COLUMNS, type TTransactionExportColumn } from '@carewatch/contracts/transactions';
import type { TTxStatus } from '@carewatch/contracts/billing';

/**
 * The transaction screens' pure rules: the status badge, the export dialog's body, errors and "select all" box, and
 * the name of a downloaded file.
 */

/** Status number (spec: failed 0, pending 1, success 2, refund 3) → its i18n key and colour. */
export const TX_STATUS_KEY = ['failed', 'pending', 'success', 'refund'] as const;
const TX_STATUS_COLOR = ['red', 'yellow', 'green', 'gray'] as const;
export const txStatusBadge = (s: TTxStatus): { labelKey: string; color: (typeof TX_STATUS_COLOR)[number] } => ({
  labelKey: `transactions.status.${TX_STATUS_KEY[s]}`,
  color: TX_STATUS_COLOR[s],
});

/** The columns ticked when the export dialog opens. */
export const DEFAULT_EXPORT_ATTRIBUTES: readonly TTransactionExportColumn[] = [
  'code',
  'createdAt',
  'customerName',
  'phone',
  'packageName',
  'provider',
  'channel',
  'total',
  'currency',
  'status',
];

/** The dialog's values as the contract reads them: an empty choice is a missing one. */
export const exportBody = (v: {
  channel: string;
  from: string;
  to: string;
  attributes: readonly TTransactionExportColumn[];
}) => ({
  channel: v.channel || undefined,
  from: v.from || undefined,
  to: v.to || undefined,
  attributes: [...v.attributes],
});

/** The message of a field the contract refused: the attributes' own, days out of order, else "required". */
export function exportErrorKey(
  field: string,
  from: string,
  to: string,
): 'transactions.export.atLeastOne' | 'transactions.list.toBeforeFrom' | 'transactions.export.required' {
  if (field === 'attributes') return 'transactions.export.atLeastOne';
  if (field === 'to' && from && to && from > to) return 'transactions.list.toBeforeFrom';
  return 'transactions.export.required';
}

/** Each refused field once (its first issue), by the first segment of its path ('_' for the form). */
export function exportErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }>,
  from: string,
  to: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= exportErrorKey(field, from, to);
  }
  return out;
}

/** The ticked columns in the file's column order (the boxes may be ticked in any order). */
export const orderedColumns = (ticked: readonly string[]): TTransactionExportColumn[] =>
  TRANSACTION_EXPORT_COLUMNS.filter((c) => ticked.includes(c));

/** The "select all" box: ticked with every column, half-ticked with some. */
export function selectAllBox(ticked: readonly string[]): { checked: boolean; indeterminate: boolean } {
  const all = ticked.length === TRANSACTION_EXPORT_COLUMNS.length;
  return { checked: all, indeterminate: !all && ticked.length > 0 };
}

/** A download's file name from its Content-Disposition (RFC 5987 `filename*` first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition ?? '');
  if (!m) return fallback;
  try {
    return decodeURIComponent(m[1] ?? m[2] ?? fallback);
  } catch {
    return m[1] ?? m[2] ?? fallback;
  }
}
