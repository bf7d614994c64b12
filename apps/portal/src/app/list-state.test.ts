import { describe, expect, test } from 'vitest';
import {
  clearedFilters,
  hasFilters,
  nextSort,
  pageCount,
  parseListState,
  sortStateOf,
  splitSort,
  typedDay,
  writeListState,
  type ListSpec,
} from './list-state.ts';

const SORTS = ['-createdAt', 'createdAt', 'name', '-name', 'status', '-status'] as const;
const spec: ListSpec<'search' | 'status', (typeof SORTS)[number]> = {
  filters: ['search', 'status'],
  sorts: SORTS,
  defaultSort: '-createdAt',
  pageSize: 15,
  pageSizes: [15, 50, 100],
};
const url = (s: string) => new URLSearchParams(s);

describe('reading the list state from the URL', () => {
  test('an empty URL is the first page, default size and sort, no filters', () => {
    expect(parseListState(spec, url(''))).toEqual({
      page: 0,
      size: 15,
      sort: '-createdAt',
      filters: { search: '', status: '' },
    });
  });

  test('page is 1-based in the URL and 0-based for the API; size, sort and filters come back as written', () => {
    expect(parseListState(spec, url('page=3&size=50&sort=status&status=sos&search=%20An%20'))).toEqual({
      page: 2,
      size: 50,
      sort: 'status',
      filters: { search: 'An', status: 'sos' },
    });
  });

  test('junk reads as the default: page 0, -1 or text; a size not offered; an unknown sort', () => {
    for (const p of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page='])
      expect(parseListState(spec, url(p)).page).toBe(0);
    expect(parseListState(spec, url('size=7')).size).toBe(15);
    expect(parseListState(spec, url('size=100000')).size).toBe(15);
    expect(parseListState(spec, url('sort=password')).sort).toBe('-createdAt');
  });

  test('a list without sorts has sort "", and a prefix keeps two lists apart on one page', () => {
    const inner: ListSpec<'status'> = { filters: ['status'], pageSize: 10, prefix: 'rec.' };
    expect(parseListState(inner, url('page=4&status=x&rec.page=2&rec.status=open'))).toEqual({
      page: 1,
      size: 10,
      sort: '',
      filters: { status: 'open' },
    });
  });
});

describe('writing a change to the URL', () => {
  test('changing the page keeps the filters and sort; page 1 is left out', () => {
    const at2 = writeListState(spec, url('status=sos&sort=name'), { page: 1 });
    expect(at2.toString()).toBe('status=sos&sort=name&page=2');
    expect(writeListState(spec, at2, { page: 0 }).toString()).toBe('status=sos&sort=name');
  });

  test('changing a filter, the sort or the size goes back to the first page in the same update', () => {
    const base = url('page=3&status=sos');
    expect(writeListState(spec, base, { filters: { status: 'at_risk' } }).toString()).toBe('status=at_risk');
    expect(writeListState(spec, base, { sort: 'name' }).toString()).toBe('status=sos&sort=name');
    expect(writeListState(spec, base, { size: 50 }).toString()).toBe('status=sos&size=50');
    // A page given together with a filter change does not survive it.
    expect(writeListState(spec, base, { page: 5, filters: { search: 'An' } }).toString()).toBe('status=sos&search=An');
  });

  test('setting a value to what it already is keeps the page', () => {
    expect(
      writeListState(spec, url('page=3&status=sos'), { filters: { status: 'sos' }, sort: '-createdAt' }).toString(),
    ).toBe('page=3&status=sos');
  });

  test('defaults and empty filters are left out of the URL; filter text is trimmed', () => {
    expect(
      writeListState(spec, url('sort=name&size=50&status=sos'), {
        sort: '-createdAt',
        size: 15,
        filters: { status: '' },
      }).toString(),
    ).toBe('');
    expect(writeListState(spec, url(''), { filters: { search: '  An ' } }).toString()).toBe('search=An');
  });

  test('other params (a tab, another list) are kept; unknown filter names are ignored', () => {
    const inner: ListSpec<'status'> = { filters: ['status'], pageSize: 10, prefix: 'rec.' };
    expect(writeListState(inner, url('tab=records&page=2'), { page: 2 }).toString()).toBe(
      'tab=records&page=2&rec.page=3',
    );
    expect(writeListState(spec, url('tab=x'), { filters: { other: 'y' } as never }).toString()).toBe('tab=x');
  });

  test('a filter feeding lists below resets their pages too (alsoReset)', () => {
    const parent: ListSpec<'username'> = { filters: ['username'], pageSize: 20, alsoReset: ['p.page'] };
    expect(writeListState(parent, url('page=2&p.page=3&tab=phone'), { filters: { username: 'an' } }).toString()).toBe(
      'tab=phone&username=an',
    );
    expect(writeListState(parent, url('page=2&p.page=3'), { page: 1 }).toString()).toBe('page=2&p.page=3');
  });

  test('what is written reads back the same', () => {
    const written = writeListState(spec, url(''), {
      sort: '-status',
      size: 100,
      filters: { status: 'sos', search: 'Bình' },
    });
    const back = writeListState(spec, written, { page: 4 });
    expect(parseListState(spec, url(back.toString()))).toEqual({
      page: 4,
      size: 100,
      sort: '-status',
      filters: { search: 'Bình', status: 'sos' },
    });
  });

  test('a filter with a default (alerts: open) reads as it when absent; "all" is written as an empty param', () => {
    const alertsSpec: ListSpec<'status' | 'level'> = {
      filters: ['status', 'level'],
      filterDefaults: { status: 'open' },
      pageSize: 15,
    };
    expect(parseListState(alertsSpec, url('')).filters).toEqual({ status: 'open', level: '' });
    const all = writeListState(alertsSpec, url('page=2'), { filters: { status: '' } });
    expect(all.toString()).toBe('status=');
    expect(parseListState(alertsSpec, all).filters.status).toBe('');
    expect(writeListState(alertsSpec, all, { filters: { status: 'open' } }).toString()).toBe('');
    expect(writeListState(alertsSpec, all, { filters: { status: 'resolved' } }).toString()).toBe('status=resolved');
  });

  test('clearing the filters keeps the sort and goes back to the first page', () => {
    const params = url('page=2&status=sos&search=An&sort=name');
    const state = parseListState(spec, params);
    expect(hasFilters(state)).toBe(true);
    const cleared = writeListState(spec, params, clearedFilters(state));
    expect(cleared.toString()).toBe('sort=name');
    expect(hasFilters(parseListState(spec, cleared))).toBe(false);
  });
});

describe('sorting by a column header', () => {
  test('aria-sort follows the sort value', () => {
    expect(sortStateOf('name', 'name')).toBe('ascending');
    expect(sortStateOf('-name', 'name')).toBe('descending');
    expect(sortStateOf('-createdAt', 'name')).toBe('none');
    expect(sortStateOf('names', 'name')).toBe('none');
  });

  test("the first click sorts in the column's first direction, the next ones reverse it", () => {
    expect(nextSort('-createdAt', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'lastReadingAt', 'desc')).toBe('-lastReadingAt');
    expect(nextSort('-lastReadingAt', 'lastReadingAt', 'desc')).toBe('lastReadingAt');
  });

  test('a sort splits into field and order (for APIs with a separate order param)', () => {
    expect(splitSort('-email')).toEqual({ field: 'email', order: 'desc' });
    expect(splitSort('email')).toEqual({ field: 'email', order: 'asc' });
  });

  test('a day filter reaches the URL when complete or cleared, not half-typed', () => {
    expect(typedDay('2026-03-0', '2026-02-01')).toBe('2026-02-01');
    expect(typedDay('2026-03-05', '2026-02-01')).toBe('2026-03-05');
    expect(typedDay('', '2026-02-01')).toBe('');
  });

  test('page count is at least one', () => {
    expect(pageCount(0, 15)).toBe(1);
    expect(pageCount(15, 15)).toBe(1);
    expect(pageCount(16, 15)).toBe(2);
  });
});
