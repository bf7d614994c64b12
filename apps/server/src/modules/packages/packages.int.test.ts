import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPackage } from '@carewatch/contracts/billing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { appLogin } from '../../test-support/billing.ts';

const P = '/api/account/packages';
const plan = (over: Record<string, unknown> = {}) => ({
  code: 'GOLD12',
  name: 'Gold plan',
  kind: 'plan',
  tier: 'gold',
  currency: 'VND',
  options: [{ months: 12, monthlyPriceMinor: 20_000 }],
  features: ['medical_records'],
  ...over,
});

describe('packages (issue 17)', () => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let patient: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.login('sysadmin')).access;
    admin2 = (await t.login('sysadmin', 'demo2')).access;
    patient = await appLogin(t, 'patient@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('every tenant has Zero (default, free, no features) and Basic (the spec prices, all features)', async () => {
    const res = await t.get(P, admin);
    expect(res.status, res.raw).toBe(200);
    const items = res.body.items as TPackage[];
    const zero = items.find((p) => p.code === 'ZERO')!;
    const basic = items.find((p) => p.code === 'BASIC')!;
    expect(zero).toMatchObject({
      isDefault: true,
      enabled: true,
      features: [],
      options: [{ months: 1, monthlyPriceMinor: 0 }],
    });
    expect(basic).toMatchObject({
      isDefault: false,
      currency: 'VND',
      features: ['medical_records', 'doctor_requests', 'video_visits', 'health_report'],
      options: [
        { months: 6, monthlyPriceMinor: 14_000 },
        { months: 12, monthlyPriceMinor: 10_000 },
        { months: 24, monthlyPriceMinor: 8_000 },
      ],
    });
    expect(items[0]!.code).toBe('ZERO');
  });

  it('creates plans and add-on packs; code and name are unique per tenant (case-insensitive), field errors name the field', async () => {
    const made = await t.post(P, plan(), admin);
    expect(made.status, made.raw).toBe(201);
    expect(made.body).toMatchObject({
      code: 'GOLD12',
      tier: 'gold',
      limits: { timeMinutes: -1, storageMb: -1, uses: -1 },
      enabled: true,
    });
    expect((await t.post(P, plan({ name: 'Other', code: 'gold12' }), admin)).body).toMatchObject({
      code: 'PACKAGE_CODE_EXISTS',
      details: { field: 'code' },
    });
    expect((await t.post(P, plan({ code: 'GOLD24', name: 'GOLD PLAN' }), admin)).body).toMatchObject({
      code: 'PACKAGE_NAME_EXISTS',
      details: { field: 'name' },
    });
    // Another tenant may use the same code and name.
    expect((await t.post(P, plan(), admin2)).status).toBe(201);
    const addon = await t.post(
      P,
      {
        code: 'VIDEO5',
        name: 'Five video visits',
        kind: 'addon',
        addonUses: 5,
        addonPriceMinor: 50_000,
        limits: { timeMinutes: 30, storageMb: -1, uses: 5 },
      },
      admin,
    );
    expect(addon.status, addon.raw).toBe(201);
    expect(addon.body).toMatchObject({ kind: 'addon', addonUses: 5, addonPriceMinor: 50_000, options: [] });
  });

  it('bad input answers 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [plan({ code: 'BAD CODE!' }), 'code'],
      [plan({ name: 'Gold <script>' }), 'name'],
      [plan({ options: [] }), 'options'],
      [
        plan({
          options: [
            { months: 12, monthlyPriceMinor: 1 },
            { months: 12, monthlyPriceMinor: 2 },
          ],
        }),
        'options',
      ],
      [plan({ options: [{ months: 12, monthlyPriceMinor: 1.5 }] }), 'options.0.monthlyPriceMinor'],
      [plan({ options: [{ months: 0, monthlyPriceMinor: 1 }] }), 'options.0.months'],
      [plan({ limits: { timeMinutes: -2, storageMb: -1, uses: -1 } }), 'limits.timeMinutes'],
      [plan({ currency: 'EUR' }), 'currency'],
      [plan({ tier: 'platinum' }), 'tier'],
      [plan({ features: ['sos'] }), 'features.0'],
      [{ code: 'ADD1', name: 'Add one', kind: 'addon', addonUses: 3 }, 'addonPriceMinor'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(P, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details?.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('edit, disable and enable again; the default Zero package cannot be disabled or made paid', async () => {
    const items = (await t.get(P, admin)).body.items as TPackage[];
    const zero = items.find((p) => p.code === 'ZERO')!;
    const gold = items.find((p) => p.code === 'GOLD12')!;
    const edited = await t.put(`${P}/${gold.id}`, plan({ name: 'Gold yearly', description: 'Everything' }), admin);
    expect(edited.body).toMatchObject({ name: 'Gold yearly', description: 'Everything' });
    // Keeping its own name and code is no clash.
    expect((await t.put(`${P}/${gold.id}`, plan({ name: 'Gold yearly' }), admin)).status).toBe(200);
    expect((await t.put(`${P}/${gold.id}`, plan({ code: 'BASIC' }), admin)).body).toMatchObject({
      code: 'PACKAGE_CODE_EXISTS',
    });
    expect((await t.post(`${P}/${gold.id}/enable`, { enabled: false }, admin)).body).toMatchObject({ enabled: false });
    const appList = (await t.get('/api/account/app/packages', patient)).body.items as TPackage[];
    expect(appList.map((p) => p.code)).not.toContain('GOLD12');
    expect(appList.map((p) => p.code)).toEqual(expect.arrayContaining(['ZERO', 'BASIC', 'VIDEO5']));
    expect((await t.post(`${P}/${gold.id}/enable`, { enabled: true }, admin)).body).toMatchObject({ enabled: true });
    expect(
      ((await t.get('/api/account/app/packages?kind=plan', patient)).body.items as TPackage[]).map((p) => p.code),
    ).toContain('GOLD12');

    expect((await t.post(`${P}/${zero.id}/enable`, { enabled: false }, admin)).body).toMatchObject({
      code: 'PACKAGE_DEFAULT_READONLY',
    });
    const paidZero = await t.put(
      `${P}/${zero.id}`,
      { code: 'ZERO', name: 'Zero', kind: 'plan', options: [{ months: 1, monthlyPriceMinor: 5 }] },
      admin,
    );
    expect(paidZero.body).toMatchObject({ code: 'PACKAGE_DEFAULT_READONLY', details: { field: 'options' } });
    expect(
      (
        await t.put(
          `${P}/${zero.id}`,
          { code: 'ZERO', name: 'Zero free', kind: 'plan', options: [{ months: 1, monthlyPriceMinor: 0 }] },
          admin,
        )
      ).body,
    ).toMatchObject({ name: 'Zero free', isDefault: true });
  });

  it("another tenant's package answers 404; app users may not manage packages (403)", async () => {
    const gold = ((await t.get(P, admin)).body.items as TPackage[]).find((p) => p.code === 'GOLD12')!;
    expect((await t.put(`${P}/${gold.id}`, plan({ code: 'X1', name: 'X one' }), admin2)).status).toBe(404);
    expect((await t.post(`${P}/${gold.id}/enable`, { enabled: false }, admin2)).status).toBe(404);
    expect(((await t.get(P, admin2)).body.items as TPackage[]).map((p) => p.id)).not.toContain(gold.id);
    expect((await t.get(P, patient)).status).toBe(403);
    expect((await t.post(P, plan({ code: 'P1', name: 'P one' }), patient)).status).toBe(403);
  });

  it('a new tenant gets its Zero and Basic packages when it is created', async () => {
    const { provisionTenant } = await import('../tenants/tenants.service.ts');
    const { newId } = await import('../../platform/ids.ts');
    const id = newId();
    await provisionTenant(t.db, { id, code: 'pkgtest', name: 'Package test', newId, now: t.clock.now() });
    const rows = await t.db.query<{ code: string; is_default: boolean }>(
      'select code, is_default from packages where tenant_id = $1 order by code',
      [id],
    );
    expect(rows).toEqual([
      { code: 'BASIC', is_default: false },
      { code: 'ZERO', is_default: true },
    ]);
  });
});
