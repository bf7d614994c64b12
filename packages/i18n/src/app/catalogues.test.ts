import { describe, expect, test } from 'vitest';
import { appEn } from './en.ts';
import { appEnCa } from './en-ca.ts';
import { appVi } from './vi.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const en = leaves(appEn);
const catalogues: Array<[string, Array<[string, string]>]> = [
  ['en', en],
  ['en-CA', leaves(appEnCa)],
  ['vi', leaves(appVi)],
];
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('patient app catalogues', () => {
  test.each(catalogues)('%s has exactly the keys of English', (_name, cat) => {
    expect(cat.map(([k]) => k).sort()).toEqual(en.map(([k]) => k).sort());
  });

  test.each(catalogues)('%s has no empty message', (_name, cat) => {
    for (const [key, value] of cat) expect(value.trim(), key).not.toBe('');
  });

  test.each(catalogues)('%s uses the same interpolation placeholders as English', (_name, cat) => {
    const map = new Map(cat);
    for (const [key, value] of en) expect(placeholders(map.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  test('the Vietnamese catalogue is really translated', () => {
    const vi = new Map(leaves(appVi));
    const same = en.filter(([k, v]) => vi.get(k) === v);
    expect(same.length).toBeLessThan(en.length / 10);
  });

  test('Canadian English uses Canadian spelling (colour, centre), English the US one', () => {
    const ca = leaves(appEnCa)
      .map(([, v]) => v)
      .join('\n');
    expect(ca).not.toMatch(/\bcolor|\bcenter/i);
    expect(ca).toMatch(/colour/);
    expect(ca).toMatch(/centre/);
    expect(en.map(([, v]) => v).join('\n')).not.toMatch(/colour|centre/);
  });
});
