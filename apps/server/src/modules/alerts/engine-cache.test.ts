import { describe, expect, it } from 'vitest';
import { EngineContextCache } from './engine-cache.ts';

describe('EngineContextCache', () => {
  const make = (max = 10) => {
    let now = 0;
    const c = new EngineContextCache<string>(max, () => now);
    return {
      c,
      tick: (ms: number) => {
        now += ms;
      },
    };
  };

  it('keeps an entry for ttlMs, then forgets it', () => {
    const { c, tick } = make();
    c.set('t1', 'p1', 'ctx', 1000, c.begin());
    expect(c.get('t1', 'p1', 1000)).toBe('ctx');
    tick(1000);
    expect(c.get('t1', 'p1', 1000)).toBe('ctx');
    tick(1);
    expect(c.get('t1', 'p1', 1000)).toBeUndefined();
  });

  it('is off with a ttl of 0', () => {
    const { c } = make();
    c.set('t1', 'p1', 'ctx', 0, c.begin());
    expect(c.size).toBe(0);
    expect(c.get('t1', 'p1', 0)).toBeUndefined();
  });

  it('does not store a load that began before an invalidation (it may hold old values)', () => {
    const { c } = make();
    const started = c.begin();
    c.invalidate('t1', 'p1');
    c.set('t1', 'p1', 'stale', 1000, started);
    expect(c.get('t1', 'p1', 1000)).toBeUndefined();
    c.set('t1', 'p1', 'fresh', 1000, c.begin());
    expect(c.get('t1', 'p1', 1000)).toBe('fresh');
  });

  it('drops one patient, or a whole tenant, and never another tenant', () => {
    const { c } = make();
    for (const [t, p] of [
      ['t1', 'a'],
      ['t1', 'b'],
      ['t2', 'a'],
    ] as const)
      c.set(t, p, `${t}${p}`, 1000, c.begin());
    c.invalidate('t1', 'a');
    expect(c.get('t1', 'a', 1000)).toBeUndefined();
    expect(c.get('t1', 'b', 1000)).toBe('t1b');
    c.invalidate('t1');
    expect(c.get('t1', 'b', 1000)).toBeUndefined();
    expect(c.get('t2', 'a', 1000)).toBe('t2a');
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const { c } = make(3);
    for (const p of ['a', 'b', 'c', 'd']) c.set('t', p, p, 1000, c.begin());
    expect(c.size).toBe(3);
    expect(c.get('t', 'a', 1000)).toBeUndefined();
    expect(c.get('t', 'd', 1000)).toBe('d');
  });
});
