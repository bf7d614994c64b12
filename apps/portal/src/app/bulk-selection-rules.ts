import type { TBulkResult } from '@carewatch/contracts/bulk';

/**
 * The pure rules of a list's row selection and bulk actions (bulk-selection.tsx): which rows are selected, what the
 * header checkbox shows, and the summary of a bulk call's answer.
 */

/** A selection belongs to one list query (page, filters, sort): another query shows none of it. */
export type Selection = { key: string; ids: ReadonlySet<string> };

export const selectedIn = (s: Selection, key: string): ReadonlySet<string> =>
  s.key === key ? s.ids : new Set<string>();

/** One row checked or unchecked. */
export function toggleRow(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The header checkbox: every row of the page selected → none of them; otherwise all of them. */
export function togglePage(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const next = new Set(selected);
  for (const id of pageIds) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** Checked when every row of the page is selected, indeterminate when some are. */
export function headerState(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
): { checked: boolean; indeterminate: boolean } {
  const n = pageIds.filter((id) => selected.has(id)).length;
  return { checked: n > 0 && n === pageIds.length, indeterminate: n > 0 && n < pageIds.length };
}

/** A bulk answer as counts: done, failed, and the failures grouped by code (most frequent first, then by code). */
export function summarize(r: TBulkResult): {
  done: number;
  failed: number;
  reasons: Array<{ code: string; count: number }>;
} {
  const byCode = new Map<string, number>();
  for (const f of r.failed) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  const reasons = [...byCode]
    .map(([code, count]) => ({ code, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  return { done: r.done.length, failed: r.failed.length, reasons };
}
