import type { TBulkResult } from '@carewatch/contracts/bulk';
import { AppError } from './errors.ts';

/**
 * Runs a single action on each id (duplicates once, in the order sent). An AppError of one item is that item's
 * failure with its code; anything else is a fault and ends the call (500), the items before it staying done.
 */
export async function eachItem(ids: readonly string[], act: (id: string) => Promise<unknown>): Promise<TBulkResult> {
  const out: TBulkResult = { done: [], failed: [] };
  for (const id of [...new Set(ids.map((x) => x.toLowerCase()))]) {
    try {
      await act(id);
      out.done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      out.failed.push({ id, code: e.code });
    }
  }
  return out;
}
