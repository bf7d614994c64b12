import { describe, expect, test } from 'vitest';
import { canSaveMore, currentView, defaultToApply, viewNameProblem, viewQuery } from './saved-views-rules.ts';

const view = (id: string, name: string, query: string, isDefault = false) => ({ id, name, query, isDefault });

describe('saved views rules', () => {
  test('a view keeps filters, sort, size and tab, never the page', () => {
    expect(viewQuery('?status=sos&page=3&sort=-lastReadingAt&size=30')).toBe('status=sos&sort=-lastReadingAt&size=30');
    expect(viewQuery('tab=history&h.page=2&h.status=done')).toBe('tab=history&h.status=done');
    expect(viewQuery('?page=2')).toBe('');
    expect(viewQuery('')).toBe('');
    // An "all" filter written as an empty param is kept; a text is form-encoded as the contract accepts it.
    expect(viewQuery('?status=&search=Nguy%E1%BB%85n V')).toBe('status=&search=Nguy%E1%BB%85n+V');
  });

  test('the current view matches the URL whatever the order of params and the page', () => {
    const views = [view('a', 'SOS', 'status=sos&sort=name'), view('b', 'All', '')];
    expect(currentView(views, '?sort=name&status=sos&page=4')?.id).toBe('a');
    expect(currentView(views, '')?.id).toBe('b');
    expect(currentView(views, '?status=sos')).toBeNull();
  });

  test('the default applies once, only on a URL without params', () => {
    const views = [view('a', 'SOS', 'status=sos', true), view('b', 'All', 'sort=name')];
    expect(defaultToApply(views, '', false)).toBe('status=sos');
    expect(defaultToApply(views, '?', false)).toBe('status=sos');
    expect(defaultToApply(views, '', true)).toBeNull();
    expect(defaultToApply(views, '?page=2', false)).toBeNull();
    expect(defaultToApply([view('b', 'All', 'sort=name')], '', false)).toBeNull();
    // A default with nothing in it is the plain list already.
    expect(defaultToApply([view('c', 'Plain', '', true)], '', false)).toBeNull();
  });

  test('names: required, at most 60, unique per list whatever the case (a rename may keep its own)', () => {
    const views = [view('a', 'Mine', ''), view('b', 'SOS', '')];
    expect(viewNameProblem('  ', views)).toBe('required');
    expect(viewNameProblem('x'.repeat(61), views)).toBe('maxLength');
    expect(viewNameProblem(' mine ', views)).toBe('exists');
    expect(viewNameProblem('MINE', views, 'a')).toBeNull();
    expect(viewNameProblem('MINE', views, 'b')).toBe('exists');
    expect(viewNameProblem('Night shift', views)).toBeNull();
  });

  test('at most 20 views per list', () => {
    expect(canSaveMore(Array.from({ length: 19 }))).toBe(true);
    expect(canSaveMore(Array.from({ length: 20 }))).toBe(false);
  });
});
