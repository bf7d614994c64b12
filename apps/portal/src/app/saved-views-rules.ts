import { SAVED_VIEW_NAME_MAX, SAVED_VIEWS_PER_LIST, type TSavedView } from '@carewatch/contracts/saved-views';

/**
 * The pure rules of the "Views" control (saved-views.tsx): what of the URL a view keeps, which view the page shows,
 * when the default applies, and the name checks made before asking the server.
 */

/** Page params are not part of a view: `page`, and a prefixed list's `x.page`. */
const isPageKey = (key: string) => key === 'page' || key.endsWith('.page');

/** The query a view saves from the page's URL search (`?a=1&page=3` → `a=1`): filters, sort, size, tab; never the page. */
export function viewQuery(search: string | URLSearchParams): string {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const [k, v] of params) if (!isPageKey(k)) out.append(k, v);
  return out.toString();
}

/** A canonical form of a query (pairs sorted, page left out), to compare two of them. */
const canonical = (query: string) => {
  const p = new URLSearchParams(viewQuery(query));
  p.sort();
  return p.toString();
};

/** The saved view the URL shows now (same params in any order, whatever the page), or null. */
export function currentView<V extends Pick<TSavedView, 'query'>>(views: readonly V[], search: string): V | null {
  const now = canonical(search);
  return views.find((v) => canonical(v.query) === now) ?? null;
}

/**
 * The query to apply when the list opens: the default view's, only when the URL has no params at all and the default
 * was not applied already on this visit of the page (clearing the filters afterwards must not bring it back).
 */
export function defaultToApply(
  views: readonly Pick<TSavedView, 'query' | 'isDefault'>[],
  search: string,
  alreadyApplied: boolean,
): string | null {
  if (alreadyApplied || new URLSearchParams(search).size > 0) return null;
  const def = views.find((v) => v.isDefault);
  return def && def.query !== '' ? def.query : null;
}

export type ViewNameProblem = 'required' | 'maxLength' | 'exists';

/** What is wrong with a name typed for a view (`exceptId`: the view being renamed), checked as the server does. */
export function viewNameProblem(
  name: string,
  views: readonly Pick<TSavedView, 'id' | 'name'>[],
  exceptId: string | null = null,
): ViewNameProblem | null {
  const n = name.trim();
  if (n === '') return 'required';
  if (n.length > SAVED_VIEW_NAME_MAX) return 'maxLength';
  const lower = n.toLowerCase();
  if (views.some((v) => v.id !== exceptId && v.name.toLowerCase() === lower)) return 'exists';
  return null;
}

/** Whether one more view may be saved on this list (the server's limit). */
export const canSaveMore = (views: readonly unknown[]) => views.length < SAVED_VIEWS_PER_LIST;
