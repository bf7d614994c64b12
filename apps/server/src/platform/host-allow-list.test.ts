import { describe, expect, test } from 'vitest';
import { allowedAddress, parseHostAllowList } from './host-allow-list.ts';

const lookupOf = (table: Record<string, string[]>) => async (h: string) => {
  const a = table[h];
  if (!a) throw new Error('ENOTFOUND');
  return a;
};

describe('TENANT_DB_ALLOWED_HOSTS', () => {
  test('parses names, suffixes, addresses and CIDRs; a bad entry is named', () => {
    const l = parseHostAllowList(' db.example.com, *.pg.example.org ,10.0.0.0/8, 192.0.2.7, fd00::/8, [::1] ');
    expect(l.entries).toHaveLength(6);
    expect(() => parseHostAllowList('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not a valid CIDR/);
    expect(() => parseHostAllowList('db.example.com, http://x')).toThrow(/"http:\/\/x"/);
    expect(() => parseHostAllowList('fd00::/129')).toThrow(/CIDR/);
    expect(parseHostAllowList('').entries).toEqual([]);
  });

  test('empty allows nothing, without asking the DNS', async () => {
    const asked: string[] = [];
    const l = parseHostAllowList('');
    for (const h of ['127.0.0.1', 'localhost', 'db.example.com']) {
      expect(
        await allowedAddress(l, h, async (x) => {
          asked.push(x);
          return ['10.0.0.1'];
        }),
      ).toEqual({ allowed: false, reason: 'not_allowed' });
    }
    expect(asked).toEqual([]);
  });

  test('every resolved address must be inside; the checked address is the one to use', async () => {
    const l = parseHostAllowList('10.0.0.0/8, 2001:db8::/32, db.trusted.test, *.pg.test');
    const lookup = lookupOf({
      'a.test': ['10.1.2.3'],
      'mixed.test': ['10.1.2.3', '127.0.0.1'],
      'v6.test': ['2001:db8::5'],
      'meta.test': ['169.254.169.254'],
    });
    expect(await allowedAddress(l, 'a.test', lookup)).toEqual({ allowed: true, address: '10.1.2.3' });
    expect(await allowedAddress(l, 'mixed.test', lookup)).toEqual({ allowed: false, reason: 'not_allowed' });
    expect(await allowedAddress(l, 'v6.test', lookup)).toEqual({ allowed: true, address: '2001:db8::5' });
    expect(await allowedAddress(l, 'meta.test', lookup)).toEqual({ allowed: false, reason: 'not_allowed' });
    expect(await allowedAddress(l, 'nowhere.test', lookup)).toEqual({ allowed: false, reason: 'unresolved' });
    expect(await allowedAddress(l, '10.9.9.9', lookup)).toEqual({ allowed: true, address: '10.9.9.9' });
    expect(await allowedAddress(l, '::ffff:10.9.9.9', lookup)).toMatchObject({ allowed: true });
    expect(await allowedAddress(l, '[2001:db8::1]', lookup)).toEqual({ allowed: true, address: '2001:db8::1' });
    expect(await allowedAddress(l, '11.0.0.1', lookup)).toEqual({ allowed: false, reason: 'not_allowed' });
    // Names are trusted by name (the operator vouches for them), suffixes only below the dot.
    expect(await allowedAddress(l, 'DB.Trusted.test', lookup)).toEqual({ allowed: true, address: 'db.trusted.test' });
    expect(await allowedAddress(l, 'x.pg.test', lookup)).toMatchObject({ allowed: true });
    expect(await allowedAddress(l, 'pg.test', lookup)).toMatchObject({ allowed: false });
    expect(await allowedAddress(l, 'evilpg.test', lookup)).toMatchObject({ allowed: false });
  });
});
