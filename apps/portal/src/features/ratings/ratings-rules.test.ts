import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { portalT } from '../../test-support/portal-t.ts';
import {
  RATINGS_PAGE_SIZE,
  averageText,
  ratingStatus,
  ratingsQuery,
  starSplit,
  withFilter,
  withPage,
} from './ratings-rules.ts';

const q = (s: string) => ratingsQuery(new URLSearchParams(s));

describe('the ratings list in the address', () => {
  test('no parameters: the first page of 15', () => {
    expect(q('')).toEqual({ page: 0, size: RATINGS_PAGE_SIZE });
    expect(RATINGS_PAGE_SIZE).toBe(15);
  });

  test('every filter is read back', () => {
    expect(q('doctorId=d1&stars=4&reported=true&from=2030-01-01&to=2030-01-31&page=2')).toEqual({
      page: 2,
      size: 15,
      doctorId: 'd1',
      stars: 4,
      reported: 'true',
      from: '2030-01-01',
      to: '2030-01-31',
    });
    expect(q('reported=false')).toEqual({ page: 0, size: 15, reported: 'false' });
  });

  test('malformed values are left out rather than sent', () => {
    expect(q('stars=9&reported=maybe&from=01/01/2030&to=&page=-3')).toEqual({ page: 0, size: 15 });
    expect(q('page=abc')).toMatchObject({ page: 0 });
    expect(q('page=2.7')).toMatchObject({ page: 2 });
  });

  test('a filter change clears the page in the same address change; an empty value removes the filter', () => {
    const p = new URLSearchParams('stars=4&page=3&doctorId=d1');
    expect(withFilter(p, 'stars', '5').toString()).toBe('stars=5&doctorId=d1');
    expect(withFilter(p, 'doctorId', null).toString()).toBe('stars=4');
    expect(withFilter(p, 'reported', '').toString()).toBe('stars=4&doctorId=d1');
    expect(p.toString()).toBe('stars=4&page=3&doctorId=d1');
  });

  test('paging keeps the filters', () => {
    expect(withPage(new URLSearchParams('stars=4'), 2).toString()).toBe('stars=4&page=2');
    expect(withPage(new URLSearchParams('page=2'), 0).toString()).toBe('page=0');
  });

  test('property: a page written is the page read, filters untouched', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.constantFrom('1', '2', '3', '4', '5'), (page, stars) => {
        const read = ratingsQuery(withPage(new URLSearchParams({ stars }), page));
        expect(read).toEqual({ page, size: 15, stars: Number(stars) });
      }),
    );
  });
});

describe('a review', () => {
  test('reported reviews are red and can be restored; visible ones teal and can be reported', () => {
    expect(ratingStatus({ reported: true })).toEqual({ color: 'red', labelKey: 'ratings.reported', action: 'restore' });
    expect(ratingStatus({ reported: false })).toEqual({ color: 'teal', labelKey: 'ratings.visible', action: 'report' });
    expect(portalT('vi')('ratings.reported')).not.toBe('ratings.reported');
  });

  test('stars: filled and empty always make five', () => {
    expect(starSplit(3)).toEqual({ filled: 3, empty: 2 });
    expect(starSplit(5)).toEqual({ filled: 5, empty: 0 });
    expect(starSplit(0)).toEqual({ filled: 0, empty: 5 });
    expect(starSplit(7)).toEqual({ filled: 5, empty: 0 });
    expect(starSplit(-1)).toEqual({ filled: 0, empty: 5 });
  });

  test('the average has one decimal, none without ratings', () => {
    expect(averageText(4)).toBe('4.0');
    expect(averageText(4.26)).toBe('4.3');
    expect(averageText(null)).toBeNull();
  });
});
