import { describe, expect, test } from 'vitest';
import { ErrorCodes } from '@carewatch/contracts/errors';
import { Permission } from '@carewatch/contracts/permissions';
import { portalEn } from './portal-en.ts';
import { portalVi } from './portal-vi.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const en = leaves(portalEn);
const vi = leaves(portalVi);

describe('portal catalogues', () => {
  test('every permission has its label in both languages (the roles page shows no raw key)', () => {
    for (const name of Object.keys(Permission)) {
      expect(portalEn.permissions, name).toHaveProperty(name);
      expect(portalVi.permissions, name).toHaveProperty(name);
    }
  });
  test('English and Vietnamese have exactly the same keys', () => {
    expect(vi.map(([k]) => k).sort()).toEqual(en.map(([k]) => k).sort());
  });

  test('no message is empty', () => {
    for (const [key, value] of [...en, ...vi]) expect(value.trim(), key).not.toBe('');
  });

  test('every error code of the contracts has a message', () => {
    const keys = new Set(en.map(([k]) => k));
    for (const code of ErrorCodes) expect(keys.has(`errors.${code}`), code).toBe(true);
  });

  test('interpolation placeholders match between languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const viMap = new Map(vi);
    for (const [key, value] of en) expect(placeholders(viMap.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  test('the Vietnamese catalogue is really translated', () => {
    const same = en.filter(([k, v]) => new Map(vi).get(k) === v);
    expect(same.length).toBeLessThan(en.length / 10);
  });
});
