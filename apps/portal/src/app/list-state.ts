/**
 * The state of a list page (page, page size, sort, filters) kept in the URL's search params, so that it is shareable
 * and comes back on reload and Back. Pure functions: `use-list-state.ts` binds them to the router.
 *
 * In the URL: `page` is 1-based (`page=2` is the second page) and left out on the first page; `size`, `sort` and each
 * filter are left out when they hold their default. A sort is a field name, `-field` for descending (the contracts'
 * `sort` values).
 */

export type SortOrder = 'asc' | 'desc';
export type AriaSort = 'ascending' | 'descending' | 'none';

export interface ListSpec<F extends string = string, S extends string = string> {
  /** Filter keys kept in the URL; a missing filter reads as its default, else ''. */
  filters?: readonly F[];
  /**
   * Filters that start set (alerts: status "open"): absent from the URL = the default; "all" ('') is written as
   * an empty param (`status=`).
   */
  filterDefaults?: Partial<Record<F, string>>;
  /** The sort values the list accepts (e.g. the contract's `PATIENT_SORTS`); anything else in the URL reads as `defaultSort`. */
  sorts?: readonly S[];
  defaultSort?: S;
  /** Default page size. */
  pageSize: number;
  /** Page sizes offered; a `size` in the URL outside them reads as `pageSize`. */
  pageSizes?: readonly number[];
  /** Prefix of every key, for a second list on the same page (e.g. a tab of a detail page): `rec.page`. */
  prefix?: string;
  /** Other params dropped when a filter, the sort or the size changes: the pages of lists that these filters feed. */
  alsoReset?: readonly string[];
}

export interface ListState<F extends string = string, S extends string = string> {
  /** 0-based, as the API's `page`. */
  page: number;
  size: number;
  /** '' when the list has no sorts. */
  sort: S | '';
  filters: Record<F, string>;
}

export interface ListChange<F extends string = string, S extends string = string> {
  /** 0-based. Kept only when nothing else changes. */
  page?: number;
  size?: number;
  sort?: S;
  filters?: Partial<Record<F, string>>;
}

const key = (spec: ListSpec, name: string) => `${spec.prefix ?? ''}${name}`;
const sizesOf = (spec: ListSpec) => spec.pageSizes ?? [spec.pageSize];
const positiveInt = (v: string | null) => (v && /^[1-9]\d{0,5}$/.test(v) ? Number(v) : null);

/** Reads the list state from the URL; junk (page=abc, an unknown sort, an unoffered size) reads as the default. */
export function parseListState<F extends string, S extends string>(
  spec: ListSpec<F, S>,
  params: URLSearchParams,
): ListState<F, S> {
  const page = positiveInt(params.get(key(spec, 'page')));
  const size = positiveInt(params.get(key(spec, 'size')));
  const rawSort = params.get(key(spec, 'sort'));
  const sort = spec.sorts?.find((s) => s === rawSort) ?? spec.defaultSort ?? '';
  const filters = Object.fromEntries(
    (spec.filters ?? []).map((f) => [f, params.get(key(spec, f))?.trim() ?? spec.filterDefaults?.[f] ?? '']),
  ) as Record<F, string>;
  return {
    page: page ? page - 1 : 0,
    size: size && sizesOf(spec).includes(size) ? size : spec.pageSize,
    sort,
    filters,
  };
}

/**
 * The URL after a change; other params (a detail page's `tab`, another list's prefixed keys) are kept. A change of
 * size, sort or a filter goes back to the first page in the same update, so the old page is never fetched.
 */
export function writeListState<F extends string, S extends string>(
  spec: ListSpec<F, S>,
  params: URLSearchParams,
  change: ListChange<F, S>,
): URLSearchParams {
  const current = parseListState(spec, params);
  const next = new URLSearchParams(params);
  const put = (name: string, value: string, fallback: string) => {
    if (value === fallback || value === '') next.delete(key(spec, name));
    else next.set(key(spec, name), value);
  };
  let reset = false;
  if (change.size !== undefined && change.size !== current.size) {
    put('size', String(change.size), String(spec.pageSize));
    reset = true;
  }
  if (change.sort !== undefined && change.sort !== current.sort) {
    put('sort', change.sort, spec.defaultSort ?? '');
    reset = true;
  }
  for (const [f, raw] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
    const value = (raw ?? '').trim();
    if (!(spec.filters ?? []).includes(f) || value === current.filters[f]) continue;
    const fallback = spec.filterDefaults?.[f] ?? '';
    if (value === '' && fallback !== '') next.set(key(spec, f), '');
    else put(f, value, fallback);
    reset = true;
  }
  if (reset) for (const k of [key(spec, 'page'), ...(spec.alsoReset ?? [])]) next.delete(k);
  else if (change.page !== undefined) put('page', change.page > 0 ? String(Math.floor(change.page) + 1) : '', '');
  return next;
}

/** Whether any filter is set (to show "clear filters" and the "nothing matches" empty text). */
export function hasFilters(state: ListState): boolean {
  return Object.values(state.filters).some((v) => v !== '');
}

/** The change that clears every filter (the page goes back to the first). */
export function clearedFilters<F extends string, S extends string>(state: ListState<F, S>): ListChange<F, S> {
  return { filters: Object.fromEntries(Object.keys(state.filters).map((f) => [f, ''])) as Record<F, string> };
}

/** `-name` → name, descending. */
export function splitSort(sort: string): { field: string; order: SortOrder } {
  return sort.startsWith('-') ? { field: sort.slice(1), order: 'desc' } : { field: sort, order: 'asc' };
}

/** How a column sorted by `field` shows the current sort (the header's `aria-sort`). */
export function sortStateOf(sort: string, field: string): AriaSort {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/**
 * The sort after a click on the header of `field`: the other direction when the list is sorted by it already,
 * else `first` (e.g. newest first for a date, most severe first for a status).
 */
export function nextSort(sort: string, field: string, first: SortOrder = 'asc'): string {
  const state = sortStateOf(sort, field);
  if (state === 'ascending') return `-${field}`;
  if (state === 'descending') return field;
  return first === 'asc' ? field : `-${field}`;
}

/** The number of pages for `total` rows (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * A day filter typed into a `DayInput`: a complete day (YYYY-MM-DD) or '' goes to the URL; a half-typed one keeps
 * `current`, so the URL (and the query) changes once the day is complete, not at every key.
 */
export function typedDay(typed: string, current: string): string {
  return typed === '' || /^\d{4}-\d{2}-\d{2}$/.test(typed) ? typed : current;
}
