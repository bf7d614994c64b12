import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrder, TSubscriptionMe } from '@carewatch/contracts/billing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { appLogin, connectWearable, defaultPackageIds, grantBasic } from '../../test-support/billing.ts';
import { newId } from '../../platform/ids.ts';
import { failOrder, getOrderByCode, setOrderProvider, settleOrder } from '../payments/orders.service.ts';
import { sweepSubscriptions } from './subscriptions.jobs.ts';

const DAY = 86_400_000;
const ME = '/api/account/subscriptions/me';
const O = '/api/account/orders';

describe('subscriptions, orders and Basic gating (issue 17)', () => {
  let t: TestApp;
  let tenantId: string;
  let tenant2Id: string;
  let ids2: { zero: string; basic: string };
  let zeroTok: string; // patient@demo2.test: on Zero, with a connected watch
  let zeroUserId: string;
  let basicTok: string; // patient@demo.test: Basic in the demo seed
  let hash: string;

  async function makeAppUser(tid: string): Promise<{ id: string; email: string }> {
    const id = newId();
    const phone = `0766${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const email = `b${phone}@${tid === tenantId ? 'demo' : 'demo2'}.test`;
    await t.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1,$2,$3,$4,$5,'Bill','Payer','active')`,
      [id, tid, email, phone, hash],
    );
    const [r] = await t.db.query<{ id: string }>("select id from roles where tenant_id = $1 and code = 'patient'", [
      tid,
    ]);
    await t.db.query('insert into user_roles (id, tenant_id, user_id, role_id, is_main) values ($1,$2,$3,$4,true)', [
      newId(),
      tid,
      id,
      r!.id,
    ]);
    return { id, email };
  }
  const order = async (tok: string, body: Record<string, unknown>): Promise<TOrder> => {
    const res = await t.post(O, body, tok);
    if (res.status !== 201) throw new Error(`order: ${res.status} ${res.raw}`);
    return res.body as unknown as TOrder;
  };
  const me = async (tok: string) => (await t.get(ME, tok)).body as unknown as TSubscriptionMe;
  const settle = (code: string, amountMinor: number, ref = 'REF-1') =>
    settleOrder(t.deps, tenant2Id, {
      provider: 'SANDBOX',
      orderCode: code,
      amountMinor,
      providerRef: ref,
      merchant: 'M1',
      responseCode: '00',
      responseMessage: 'ok',
    });

  beforeAll(async () => {
    t = await startTestApp();
    const [a, b] = await t.db.query<{ id: string }>(
      "select id from tenants where code in ('demo', 'demo2') order by code",
    );
    tenantId = a!.id;
    tenant2Id = b!.id;
    ids2 = await defaultPackageIds(t.db, tenant2Id, t.clock.now());
    const [u] = await t.db.query<{ id: string; password_hash: string }>(
      "select id, password_hash from users where tenant_id = $1 and email = 'patient@demo2.test'",
      [tenant2Id],
    );
    zeroUserId = u!.id;
    hash = u!.password_hash;
    zeroTok = await appLogin(t, 'patient@demo2.test');
    basicTok = await appLogin(t, 'patient@demo.test');
    // A 10 % tax in tenant demo2.
    await t.db.query(
      'insert into payment_configs (tenant_id, tax_rate_bp, updated_at) values ($1, 1000, now()) on conflict (tenant_id) do update set tax_rate_bp = 1000',
      [tenant2Id],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('me: without a purchase the account is on Zero; the demo patient is on Basic with a connected watch', async () => {
    expect(await me(zeroTok)).toMatchObject({
      package: { code: 'ZERO' },
      status: 'free',
      endsAt: null,
      priceMinor: 0,
      receiptId: null,
      wearableConnected: true,
      features: [],
      addons: [],
    });
    const basic = await me(basicTok);
    expect(basic).toMatchObject({
      package: { code: 'BASIC' },
      status: 'active',
      months: 12,
      wearableConnected: true,
      currency: 'VND',
    });
    expect(basic.features).toEqual(['medical_records', 'doctor_requests', 'video_visits', 'health_report']);
    expect(basic.endsAt).toBe('2027-11-22T08:00:00.000Z');
  });

  it('gating: Zero answers BASIC_REQUIRED (402) on a Basic route; SOS, alerts and vitals upload are never gated', async () => {
    const rec = await t.get('/api/account/app/medical-records', zeroTok);
    expect(rec.status, rec.raw).toBe(402);
    expect(rec.body).toMatchObject({ code: 'BASIC_REQUIRED' });
    expect((await t.get('/api/account/app/medical-records', basicTok)).status).toBe(200);
    expect((await t.get('/api/account/me/alerts', zeroTok)).status).toBe(200);
    const sos = await t.post(
      '/api/account/me/sos',
      { message: { kind: 'choice', choice: 'need_help' }, location: { lat: 21.03, lng: 105.85 } },
      zeroTok,
    );
    expect(sos.status, sos.raw).toBe(201);
    const vit = await t.post(
      '/api/ingest/measurements',
      { readings: [{ metric: 'heart_rate', value: 72, measuredAt: t.clock.now().toISOString() }] },
      zeroTok,
    );
    expect(vit.status, vit.raw).not.toBe(402);
    expect(vit.status).toBeLessThan(300);
  });

  it("orders: a plan option with the tenant tax (integer minor units); bad options, disabled and other tenants' packages refused", async () => {
    const o = await order(zeroTok, { packageId: ids2.basic, months: 12 });
    expect(o).toMatchObject({
      status: 1,
      itemType: 'SERVICE_PACKAGE',
      months: 12,
      quantity: 1,
      amountMinor: 120_000,
      taxMinor: 12_000,
      totalMinor: 132_000,
      currency: 'VND',
      channel: 'APP',
      provider: null,
      paidAt: null,
    });
    expect(o.code).toMatch(/^CW261122[A-Z2-7]{8}$/);
    expect((await t.get(`${O}/${o.code}`, zeroTok)).body).toMatchObject({ id: o.id, status: 1 });
    expect((await t.get(O, zeroTok)).body.items).toEqual([expect.objectContaining({ code: o.code })]);
    // Someone else's order, a missing one: 404.
    const other = await makeAppUser(tenant2Id);
    expect((await t.get(`${O}/${o.code}`, await appLogin(t, other.email))).status).toBe(404);
    expect((await t.get(`${O}/CW000000AAAAAAAA`, zeroTok)).status).toBe(404);
    expect((await t.post(O, { packageId: ids2.basic, months: 7 }, zeroTok)).body).toMatchObject({
      code: 'PACKAGE_OPTION_INVALID',
      details: { field: 'months' },
    });
    expect((await t.post(O, { packageId: ids2.basic }, zeroTok)).body).toMatchObject({ details: { field: 'months' } });
    expect((await t.post(O, { packageId: ids2.zero, months: 1 }, zeroTok)).body).toMatchObject({
      details: { field: 'packageId' },
    });
    const demoBasic = (await defaultPackageIds(t.db, tenantId, t.clock.now())).basic;
    const foreign = await t.post(O, { packageId: demoBasic, months: 12 }, zeroTok);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'PACKAGE_NOT_FOUND', details: { field: 'packageId' } });
    expect((await t.post(O, { packageId: 'nope', months: 12 }, zeroTok)).body).toMatchObject({
      details: { field: 'packageId' },
    });
    // No connected wearable: a paid plan would not take effect, so it is not sold.
    expect((await t.post(O, { packageId: ids2.basic, months: 12 }, await appLogin(t, other.email))).body).toMatchObject(
      { code: 'PAID_PACKAGE_NEEDS_WEARABLE' },
    );
    await t.db.query('update packages set enabled = false where id = $1', [ids2.basic]);
    expect((await t.post(O, { packageId: ids2.basic, months: 12 }, zeroTok)).body).toMatchObject({
      code: 'PACKAGE_DISABLED',
    });
    await t.db.query('update packages set enabled = true where id = $1', [ids2.basic]);
  });

  it('settle: a wrong amount changes nothing; 10 concurrent settlements make one payment and one subscription change', async () => {
    const o = await order(zeroTok, { packageId: ids2.basic, months: 12 });
    expect(await settle(o.code, 132_001)).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await getOrderByCode(t.deps, tenant2Id, o.code))!.status).toBe(1);
    expect(await settle('CW000000AAAAAAAA', 132_000)).toEqual({ outcome: 'order_not_found', order: null });
    await setOrderProvider(t.deps, tenant2Id, o.code, 'SANDBOX');
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => settle(o.code, 132_000, `REF-${i}`)));
    expect(outcomes.filter((r) => r.outcome === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((r) => r.outcome === 'already_confirmed')).toHaveLength(9);
    const subs = await t.db.query<{ status: string; ends_at: Date }>(
      'select status, ends_at from subscriptions where tenant_id = $1 and user_id = $2',
      [tenant2Id, zeroUserId],
    );
    expect(subs).toHaveLength(1);
    const paid = (await t.get(`${O}/${o.code}`, zeroTok)).body;
    expect(paid).toMatchObject({ status: 2, provider: 'SANDBOX', paidAt: t.clock.now().toISOString() });
    const s = await me(zeroTok);
    expect(s).toMatchObject({
      package: { code: 'BASIC' },
      status: 'active',
      months: 12,
      priceMinor: 120_000,
      receiptId: o.code,
      endsAt: '2027-11-22T08:00:00.000Z',
    });
    expect(s.features).toContain('medical_records');
    // The portal's "package expiry date" of the patient record follows (a day in the user's zone).
    const [p] = await t.db.query<{ d: string }>(
      "select to_char(package_expiry, 'YYYY-MM-DD') as d from patients where tenant_id = $1 and user_id = $2",
      [tenant2Id, zeroUserId],
    );
    expect(p!.d).toBe('2027-11-22');
    // Now gated routes answer.
    expect((await t.get('/api/account/app/medical-records', zeroTok)).status).toBe(200);
    // A settled order is final: another settlement, a failure, a provider change leave it alone.
    expect(
      await failOrder(t.deps, tenant2Id, {
        provider: 'SANDBOX',
        orderCode: o.code,
        providerRef: null,
        responseCode: '24',
        responseMessage: 'cancelled',
      }),
    ).toEqual({ outcome: 'already_final' });
    await expect(setOrderProvider(t.deps, tenant2Id, o.code, 'VN_PAY')).rejects.toMatchObject({
      code: 'ORDER_NOT_PENDING',
    });
  });

  it('extend: buying the same plan again moves the end on; a failed payment changes nothing', async () => {
    const failed = await order(zeroTok, { packageId: ids2.basic, months: 6 });
    expect(
      await failOrder(t.deps, tenant2Id, {
        provider: 'VN_PAY',
        orderCode: failed.code,
        providerRef: 'X',
        responseCode: '51',
        responseMessage: 'not enough money',
      }),
    ).toEqual({ outcome: 'failed' });
    expect((await t.get(`${O}/${failed.code}`, zeroTok)).body).toMatchObject({
      status: 0,
      responseCode: '51',
      responseMessage: 'not enough money',
    });
    expect(await settle(failed.code, failed.totalMinor)).toMatchObject({ outcome: 'already_confirmed' });
    expect(
      await failOrder(t.deps, tenant2Id, {
        provider: 'VN_PAY',
        orderCode: 'CW000000AAAAAAAA',
        providerRef: null,
        responseCode: null,
        responseMessage: null,
      }),
    ).toEqual({ outcome: 'order_not_found' });
    expect((await me(zeroTok)).endsAt).toBe('2027-11-22T08:00:00.000Z');

    t.clock.advance(DAY);
    zeroTok = await appLogin(t, 'patient@demo2.test');
    const again = await order(zeroTok, { packageId: ids2.basic, months: 6 });
    expect(again).toMatchObject({ amountMinor: 84_000, taxMinor: 8_400, totalMinor: 92_400 });
    expect((await settle(again.code, 92_400)).outcome).toBe('confirmed');
    const s = await me(zeroTok);
    expect(s).toMatchObject({
      status: 'active',
      months: 18,
      endsAt: '2028-05-22T08:00:00.000Z',
      receiptId: again.code,
    });
    expect(
      await t.db.query("select 1 from subscriptions where tenant_id = $1 and user_id = $2 and status = 'active'", [
        tenant2Id,
        zeroUserId,
      ]),
    ).toHaveLength(1);
  });

  it('add-on packs: uses are added on payment', async () => {
    const pack = await t.post(
      '/api/account/packages',
      { code: 'VIDEO5', name: 'Five video visits', kind: 'addon', addonUses: 5, addonPriceMinor: 50_000 },
      (await t.login('sysadmin', 'demo2')).access,
    );
    expect(pack.status, pack.raw).toBe(201);
    const o = await order(zeroTok, { packageId: String(pack.body.id), quantity: 2 });
    expect(o).toMatchObject({
      itemType: 'COUPON',
      months: null,
      quantity: 2,
      amountMinor: 100_000,
      taxMinor: 10_000,
      totalMinor: 110_000,
    });
    expect((await settle(o.code, 110_000)).outcome).toBe('confirmed');
    expect((await settle(o.code, 110_000)).outcome).toBe('already_confirmed');
    expect((await me(zeroTok)).addons).toEqual([
      { packageId: pack.body.id, name: 'Five video visits', remainingUses: 10 },
    ]);
  });

  it('a paid plan takes effect only with a connected wearable (last sync within 48 h)', async () => {
    expect((await t.get('/api/account/app/medical-records', zeroTok)).status).toBe(200);
    // The watch last synced at the seed time; 49 hours on it no longer counts (the plan itself is still active).
    t.clock.set(new Date('2026-11-24T09:00:00Z'));
    zeroTok = await appLogin(t, 'patient@demo2.test');
    const off = await t.get('/api/account/app/medical-records', zeroTok);
    expect(off.status).toBe(402);
    expect(off.body).toMatchObject({ code: 'BASIC_REQUIRED' });
    expect(await me(zeroTok)).toMatchObject({ status: 'active', wearableConnected: false, features: [] });
    // SOS is never gated.
    expect(
      (await t.post('/api/account/me/sos', { message: { kind: 'choice', choice: 'need_help' } }, zeroTok)).status,
    ).not.toBe(402);
    // It syncs again.
    await t.db.query(
      'update devices set latest_sync = $3 where tenant_id = $1 and patient_id = (select id from patients where tenant_id = $1 and user_id = $2)',
      [tenant2Id, zeroUserId, t.clock.now()],
    );
    expect((await t.get('/api/account/app/medical-records', zeroTok)).status).toBe(200);
  });

  it('Basic without any wearable: BASIC_REQUIRED on doctor requests; with one: not gated', async () => {
    const u = await makeAppUser(tenant2Id);
    await grantBasic(t.db, tenant2Id, u.id, t.clock.now(), { wearable: false });
    const tok = await appLogin(t, u.email);
    const [doc] = await t.db.query<{ id: string }>(
      "select id from users where tenant_id = $1 and email = 'doctor@demo2.test'",
      [tenant2Id],
    );
    const ask = await t.post('/api/account/contacts/requests', { userId: doc!.id, kind: 'family_doctor' }, tok);
    expect(ask.status, ask.raw).toBe(402);
    expect(ask.body).toMatchObject({ code: 'BASIC_REQUIRED' });
    // Followers and emergency contacts are never gated.
    const [f] = await t.db.query<{ phone: string }>(
      "select phone from users where tenant_id = $1 and email = 'follower@demo2.test'",
      [tenant2Id],
    );
    expect((await t.post('/api/account/contacts/requests', { phone: f!.phone, kind: 'caring' }, tok)).status).toBe(201);
    await connectWearable(t.db, tenant2Id, u.id, t.clock.now());
    expect(
      (await t.post('/api/account/contacts/requests', { userId: doc!.id, kind: 'family_doctor' }, tok)).status,
    ).toBe(201);
  });

  it('cancel: back to Zero at once; the patient record loses its package expiry date', async () => {
    const s = await t.post(`${ME}/cancel`, {}, zeroTok);
    expect(s.status, s.raw).toBe(200);
    expect(s.body).toMatchObject({ package: { code: 'ZERO' }, status: 'free', endsAt: null, features: [] });
    expect((await t.get('/api/account/app/medical-records', zeroTok)).status).toBe(402);
    const [p] = await t.db.query<{ package_expiry: unknown }>(
      'select package_expiry from patients where tenant_id = $1 and user_id = $2',
      [tenant2Id, zeroUserId],
    );
    expect(p!.package_expiry).toBeNull();
    // Cancelling on Zero is harmless.
    expect((await t.post(`${ME}/cancel`, {}, zeroTok)).body).toMatchObject({ status: 'free' });
  });

  it("about to expire: notices 7 days and 1 day before the end, in the user's language, once each; then expired → Zero", async () => {
    const u = await makeAppUser(tenant2Id);
    await t.db.query("update users set language = 'vi' where id = $1", [u.id]);
    const start = t.clock.now();
    await grantBasic(t.db, tenant2Id, u.id, start, { months: 6 });
    const tok = () => appLogin(t, u.email);
    const end = new Date((await me(await tok())).endsAt!);
    const notices = async () =>
      t.db.query<{ template: string; channel: string; payload: { title: string; kind: string } }>(
        "select template, channel, payload from deliveries where recipient_user_id = $1 and template like 'subscription.%' order by created_at, channel",
        [u.id],
      );

    t.clock.set(new Date(end.getTime() - 8 * DAY));
    await sweepSubscriptions(t.deps);
    expect(await notices()).toHaveLength(0);
    t.clock.set(new Date(end.getTime() - 7 * DAY + 60_000));
    expect((await me(await tok())).status).toBe('about_to_expire');
    await sweepSubscriptions(t.deps);
    await sweepSubscriptions(t.deps);
    let n = await notices();
    expect(n.map((d) => [d.template, d.channel, d.payload.kind])).toEqual([
      ['subscription.expiring', 'in_app', '7d'],
      ['subscription.expiring', 'push', '7d'],
    ]);
    expect(n[0]!.payload.title).toBe('Gói Basic sắp hết hạn');
    t.clock.set(new Date(end.getTime() - DAY + 60_000));
    await sweepSubscriptions(t.deps);
    await sweepSubscriptions(t.deps);
    n = await notices();
    expect(n.filter((d) => d.payload.kind === '1d')).toHaveLength(2);
    t.clock.set(new Date(end.getTime() + 60_000));
    // Past the end the plan no longer grants anything, even before the sweep.
    expect(await me(await tok())).toMatchObject({ package: { code: 'ZERO' }, status: 'expired', features: [] });
    await sweepSubscriptions(t.deps);
    expect(
      await t.db.query("select 1 from subscriptions where user_id = $1 and status = 'active'", [u.id]),
    ).toHaveLength(0);
    expect((await notices()).filter((d) => d.template === 'subscription.expired')).toHaveLength(2);
    expect(await me(await tok())).toMatchObject({ package: { code: 'ZERO' }, status: 'expired' });
  });

  it('extending re-arms the notices for the new end', async () => {
    const u = await makeAppUser(tenant2Id);
    const start = t.clock.now();
    await grantBasic(t.db, tenant2Id, u.id, start, { months: 6 });
    const end = new Date((await me(await appLogin(t, u.email))).endsAt!);
    t.clock.set(new Date(end.getTime() - 6 * DAY));
    await sweepSubscriptions(t.deps);
    await grantBasic(t.db, tenant2Id, u.id, t.clock.now(), { months: 6, wearable: false });
    const end2 = new Date((await me(await appLogin(t, u.email))).endsAt!);
    expect(end2.getTime()).toBeGreaterThan(end.getTime() + 150 * DAY);
    t.clock.set(new Date(end2.getTime() - 7 * DAY + 60_000));
    await sweepSubscriptions(t.deps);
    const rows = await t.db.query(
      "select 1 from deliveries where recipient_user_id = $1 and template = 'subscription.expiring'",
      [u.id],
    );
    expect(rows).toHaveLength(4);
  });
});
