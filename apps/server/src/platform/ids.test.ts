import { describe, expect, test } from 'vitest';
import { isUuid, newId } from './ids.ts';

describe('newId', () => {
  test('valid UUIDv7, strictly increasing within a process even many per millisecond', () => {
    const ids = Array.from({ length: 20000 }, () => newId());
    for (const id of ids) expect(isUuid(id) && id[14] === '7' && '89ab'.includes(id[19]!)).toBe(true);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
  test('a fixed timestamp still gives increasing ids; a back-dated one keeps its time', () => {
    const t = Date.now() + 5000;
    const a = newId(t),
      b = newId(t),
      c = newId(t);
    expect(a < b && b < c).toBe(true);
    const old = newId(Date.parse('2020-01-01T00:00:00Z'));
    expect(parseInt(old.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse('2020-01-01T00:00:00Z'));
  });
});
