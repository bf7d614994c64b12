import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

// Issue 20: server-side `sort` of the Devices, Staff and Audit log lists (`-` = descending), the default equal to the
// order they always had, paging kept, a bad sort a 400 naming the field. (One file for the three lists: one database.)
let t: TestApp;
let admin: string;
let cut: string;

type Item = Record<string, unknown> & { id: string };
const items = async (url: string) => {
  const res = await t.get(url, admin);
  expect(res.status, res.raw).toBe(200);
  return res.body.items as Item[];
};
const ids = (xs: Item[]) => xs.map((x) => x.id);
/** Asserts `xs` ordered by `key` (numbers, or ISO times compared as text), empty values last. */
function expectOrdered(xs: Item[], key: (x: Item) => string | number | null, desc: boolean) {
  const firstEmpty = xs.findIndex((x) => key(x) === null);
  if (firstEmpty >= 0) expect(xs.slice(firstEmpty).every((x) => key(x) === null)).toBe(true);
  const vals = xs.map(key).filter((v): v is string | number => v !== null);
  const sorted = [...vals].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (desc ? -1 : 1));
  expect(vals).toEqual(sorted);
}
/**
 * Text sorts, whatever the database's collation: the descending list holds the values of the ascending one in reverse,
 * and equal values are contiguous.
 */
function expectTextSort(asc: Item[], desc: Item[], key: (x: Item) => string) {
  expect(desc.map(key)).toEqual([...asc.map(key)].reverse());
  const seen = new Set<string>();
  asc.forEach((x, i) => {
    const k = key(x);
    if (i > 0 && key(asc[i - 1]!) !== k) {
      expect(seen.has(k), `${k} twice apart`).toBe(false);
    }
    seen.add(k);
  });
}

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login('sysadmin')).access;
  // Some audit entries of several actions and outcomes, all before `cut`.
  await t.call('POST', '/api/auth/oauth-token', {
    form: { tenant: 'demo', username: 'doctor@demo.test', password: 'wrong-Password1', grant_type: 'password' },
  });
  const patients = await t.get('/api/account/patients?size=5', admin);
  for (const p of patients.body.items as Item[]) await t.get(`/api/account/patients/${p.id}`, admin);
  await t.get('/api/account/staff?size=5', admin);
  cut = t.clock.now().toISOString();
  t.clock.advance(1000);
});
afterAll(async () => t?.close());

describe('devices', () => {
  test('default = newest first as before; serial and status sorts; pages follow the sort; bad sort 400', async () => {
    const dflt = await items('/api/account/devices?size=200');
    const newest = await t.db.query<{ id: string }>(
      "select d.id from devices d join tenants x on x.id = d.tenant_id where x.code = 'demo' order by d.created_at desc, d.id desc",
    );
    expect(ids(dflt)).toEqual(newest.map((r) => r.id));
    expect(ids(await items('/api/account/devices?size=200&sort=-createdAt'))).toEqual(ids(dflt));

    const serial = await items('/api/account/devices?size=200&sort=serial');
    const serialDesc = await items('/api/account/devices?size=200&sort=-serial');
    expectTextSort(serial, serialDesc, (d) => String(d.serial).toLowerCase());
    expect(ids(serialDesc)).toEqual([...ids(serial)].reverse());
    expectTextSort(
      await items('/api/account/devices?size=200&sort=model'),
      await items('/api/account/devices?size=200&sort=-model'),
      (d) => String(d.model),
    );
    expectOrdered(await items('/api/account/devices?size=200&sort=-status'), (d) => Number(d.connectionStatus), true);
    expectOrdered(
      await items('/api/account/devices?size=200&sort=-latestSync'),
      (d) => d.latestSync as string | null,
      true,
    );

    const pages = [
      ...(await items('/api/account/devices?size=5&page=0&sort=serial')),
      ...(await items('/api/account/devices?size=5&page=1&sort=serial')),
    ];
    expect(ids(pages)).toEqual(ids(serial).slice(0, 10));

    const bad = await t.get('/api/account/devices?sort=colour', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'sort' });
  });
});

describe('staff', () => {
  test('default = by name as before; -name reverses; email and status sorts; bad sort 400', async () => {
    const dflt = await items('/api/account/staff?size=200');
    expect(ids(await items('/api/account/staff?size=200&sort=name'))).toEqual(ids(dflt));
    const fullName = (u: Item) => `${String(u.firstName)} ${String(u.lastName)}`.toLowerCase();
    expectTextSort(dflt, await items('/api/account/staff?size=200&sort=-name'), fullName);
    // The older `order` parameter still works for the unprefixed sorts.
    expect(ids(await items('/api/account/staff?size=200&sort=email&order=desc'))).toEqual(
      ids(await items('/api/account/staff?size=200&sort=-email')),
    );
    const email = (u: Item) => (u.email as string | null)?.toLowerCase() ?? '';
    expectTextSort(
      await items('/api/account/staff?size=200&sort=email'),
      await items('/api/account/staff?size=200&sort=-email'),
      email,
    );
    expectTextSort(
      await items('/api/account/staff?size=200&sort=status'),
      await items('/api/account/staff?size=200&sort=-status'),
      (u) => String(u.status),
    );
    const pages = [
      ...(await items('/api/account/staff?size=3&page=0&sort=-createdAt')),
      ...(await items('/api/account/staff?size=3&page=1&sort=-createdAt')),
    ];
    expect(ids(pages)).toEqual(ids(await items('/api/account/staff?size=6&sort=-createdAt')));

    const bad = await t.get('/api/account/staff?sort=age', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'sort' });
  });
});

describe('audit log', () => {
  test('default = newest first as before; action and outcome sorts; bad sort 400', async () => {
    // Entries up to `cut` only: reading the log writes entries of its own.
    const A = `/api/account/audit-log?to=${encodeURIComponent(cut)}`;
    const dflt = await items(`${A}&size=200`);
    expect(dflt.length).toBeGreaterThan(8);
    const newest = await t.db.query<{ id: string }>(
      "select a.id from audit_log a join tenants x on x.id = a.tenant_id where x.code = 'demo' and a.created_at <= $1 order by a.created_at desc, a.id desc limit 200",
      [cut],
    );
    expect(ids(dflt)).toEqual(newest.map((r) => r.id));
    expect(ids(await items(`${A}&size=200&sort=-createdAt`))).toEqual(ids(dflt));
    expect(ids(await items(`${A}&size=200&sort=createdAt`))).toEqual([...ids(dflt)].reverse());
    const byAction = await items(`${A}&size=200&sort=action`);
    expect(new Set(byAction.map((a) => a.action)).size).toBeGreaterThan(1);
    expectTextSort(byAction, await items(`${A}&size=200&sort=-action`), (a) => String(a.action));
    expectTextSort(await items(`${A}&size=200&sort=outcome`), await items(`${A}&size=200&sort=-outcome`), (a) =>
      String(a.outcome),
    );
    const pages = [
      ...(await items(`${A}&size=4&page=0&sort=action`)),
      ...(await items(`${A}&size=4&page=1&sort=action`)),
    ];
    expect(ids(pages)).toEqual(ids(byAction).slice(0, 8));

    const bad = await t.get('/api/account/audit-log?sort=-ip', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'sort' });
  });
});
