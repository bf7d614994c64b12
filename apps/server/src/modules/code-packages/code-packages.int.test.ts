import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_PACKAGE_FIELDS, REDEEM_CODE_ALPHABET } from '@carewatch/contracts/code-packages';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { ensureDefaultPackages } from '../packages/packages.service.ts';

type Pkg = {
  id: string;
  name: string;
  seriesPrefix: string;
  totalCodes: number;
  counts: Record<string, number>;
  upgradePackage: { id: string; name: string };
  createdBy: { id: string; name: string };
};
type Code = {
  id: string;
  series: string;
  seq: number;
  code: string;
  status: string;
  purchasedAt: string | null;
  activatedAt: string | null;
  redeemedBy: { id: string } | null;
};

const P = '/api/account/code-packages';
const PRINTED = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

describe('code packages: create, codes, statuses, statistics, export, redemption', () => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let coach: string;
  let patient: string;
  let follower: string;
  let patient2: string;
  let basicId: string;
  let patientUserId: string;
  let pkg: Pkg;
  let codes: Code[];

  const appLogin = async (local: string, tenant = 'demo') => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: `${local}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(res.raw);
    return String(res.body.access_token);
  };
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Hospital A 2026',
    type: 'COUPON',
    totalCodes: 50,
    availableFrom: '2026-11-01',
    expiresOn: '2027-10-31',
    benefits: 'Basic for 12 months',
    totalVouchers: 50,
    recipientOrganization: 'Hospital A',
    upgradePackageId: basicId,
    upgradeMonths: 12,
    ...extra,
  });
  const patch = (id: string, b: unknown, token = admin) => t.call('PATCH', `${P}/${id}/codes`, { body: b, token });
  const redeem = (code: string, token = patient) => t.post(`${P}/redeem`, { code }, token);
  const allCodes = async (id: string, query = '') =>
    (await t.get(`${P}/${id}/codes?size=200${query}`, admin)).body.items as Code[];

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await t.login('superadmin')).access;
    admin2 = (await t.login('superadmin', 'demo2')).access;
    coach = (await t.login('coach')).access;
    patient = await appLogin('patient');
    follower = await appLogin('follower');
    patient2 = await appLogin('patient', 'demo2');
    const tenants = await t.db.query<{ id: string }>("select id from tenants where code in ('demo', 'demo2')");
    for (const tn of tenants) await ensureDefaultPackages(t.db, tn.id, t.clock.now());
    const [b] = await t.db.query<{ id: string }>(
      "select p.id from packages p join tenants tn on tn.id = p.tenant_id where tn.code = 'demo' and p.code = 'BASIC'",
    );
    basicId = b!.id;
    const [u] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'patient@demo.test'",
    );
    patientUserId = u!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every field is required: a 400 names each missing one', async () => {
    const res = await t.post(P, {}, admin);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = (res.body.details!.fields as Array<{ field: string; message: string }>).map((f) => f.field);
    expect(fields.sort()).toEqual([...CODE_PACKAGE_FIELDS].sort());
    for (const f of CODE_PACKAGE_FIELDS) {
      const { [f]: _drop, ...rest } = body();
      const one = await t.post(P, rest, admin);
      expect(one.status, f).toBe(400);
      expect(one.body.details!.field, f).toBe(f);
    }
    expect((await t.post(P, body({ benefits: '   ' }), admin)).body.details!.field).toBe('benefits');
    expect((await t.post(P, body({ expiresOn: '2026-10-01' }), admin)).body.details!.field).toBe('expiresOn');
    const unknownPlan = await t.post(P, body({ upgradePackageId: '01900000-0000-7000-8000-000000000000' }), admin);
    expect(unknownPlan.status).toBe(404);
    expect(unknownPlan.body).toMatchObject({ code: 'PACKAGE_NOT_FOUND', details: { field: 'upgradePackageId' } });
    expect((await t.post(P, body(), coach)).status).toBe(403);
  });

  it('creates the package and generates its codes in series: unique, random, human-friendly', async () => {
    const res = await t.post(P, body(), admin);
    expect(res.status).toBe(201);
    pkg = res.body as unknown as Pkg;
    expect(pkg).toMatchObject({
      name: 'Hospital A 2026',
      totalCodes: 50,
      seriesPrefix: 'CP0001',
      upgradePackage: { id: basicId, name: 'Basic' },
    });
    expect(pkg.counts).toEqual({ total: 50, notPaid: 50, paid: 0, used: 0, locked: 0 });
    expect(pkg.createdBy.name).toMatch(/\S/);
    codes = await allCodes(pkg.id);
    expect(codes).toHaveLength(50);
    expect(codes.map((c) => c.series)).toEqual(
      Array.from({ length: 50 }, (_, i) => `CP0001-${String(i + 1).padStart(6, '0')}`),
    );
    for (const c of codes) expect(c.code).toMatch(PRINTED);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    const rows = await t.db.query<{ n: number; d: number }>(
      'select count(*)::int as n, count(distinct code)::int as d from code_package_codes where package_id = $1',
      [pkg.id],
    );
    expect(rows[0]).toEqual({ n: 50, d: 50 });
    // 600 characters drawn uniformly from 32: nearly every letter of the alphabet shows up, none outside it.
    const chars = codes.map((c) => c.code.replace(/-/g, '')).join('');
    const seen = new Set(chars);
    expect(seen.size).toBeGreaterThanOrEqual(28);
    for (const ch of seen) expect(REDEEM_CODE_ALPHABET).toContain(ch);
    expect(chars).not.toMatch(/[01OI]/);
    // The second package continues the series numbers; the name is unique.
    const dup = await t.post(P, body({ totalCodes: 1 }), admin);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'CODE_PACKAGE_NAME_EXISTS', details: { field: 'name' } });
    const list = await t.get(`${P}?search=hospital`, admin);
    expect(list.status).toBe(200);
    expect((list.body.items as Pkg[]).map((p) => p.id)).toEqual([pkg.id]);
    expect((await t.get(`${P}/${pkg.id}`, admin)).body).toMatchObject({ id: pkg.id, counts: { total: 50 } });
  });

  it('marks codes paid by series range, locks a selection, filters by status; used codes never change', async () => {
    const paid = await patch(pkg.id, { status: 'paid', seqFrom: 1, seqTo: 10 });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ updated: 10, skipped: 0 });
    const locked = await patch(pkg.id, { status: 'locked', codeIds: [codes[10]!.id, codes[11]!.id] });
    expect(locked.body).toEqual({ updated: 2, skipped: 0 });
    expect((await patch(pkg.id, { status: 'not_paid', codeIds: [codes[11]!.id] })).body).toEqual({
      updated: 1,
      skipped: 0,
    });
    const paidList = await allCodes(pkg.id, '&status=paid');
    expect(paidList.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paidList.every((c) => c.purchasedAt === t.clock.now().toISOString())).toBe(true);
    expect((await allCodes(pkg.id, '&status=locked')).map((c) => c.seq)).toEqual([11]);
    expect(
      (await allCodes(pkg.id, `&search=${encodeURIComponent(codes[4]!.code.slice(0, 9))}`)).map((c) => c.seq),
    ).toContain(5);
    expect((await allCodes(pkg.id, '&search=CP0001-000007')).map((c) => c.seq)).toEqual([7]);
    expect((await patch(pkg.id, { status: 'paid' })).status).toBe(400);
    expect((await patch(pkg.id, { status: 'used', seqFrom: 1, seqTo: 2 })).status).toBe(400);
    expect((await patch(pkg.id, { status: 'paid', seqFrom: 5, seqTo: 2 })).body.details!.field).toBe('seqTo');
    // A range never unlocks: code 11 stays locked when 9–12 are marked paid.
    expect((await patch(pkg.id, { status: 'paid', seqFrom: 9, seqTo: 12 })).body).toEqual({ updated: 3, skipped: 1 });
    expect((await allCodes(pkg.id, '&status=locked')).map((c) => c.seq)).toEqual([11]);
    expect((await patch(pkg.id, { status: 'not_paid', codeIds: [codes[11]!.id] })).body).toEqual({
      updated: 1,
      skipped: 0,
    });
    // A series number beyond any package is a 400 naming the field, not a database error.
    const huge = await patch(pkg.id, { status: 'paid', seqFrom: 1, seqTo: 99_999_999_999 });
    expect(huge.status).toBe(400);
    expect(huge.body.details!.field).toBe('seqTo');
  });

  it('redeeming makes the plan mine for its months, records the activation, and works once only', async () => {
    const now = t.clock.now();
    // The same plan running is extended by the code's months; otherwise the plan starts now.
    const before = (await t.get('/api/account/subscriptions/me', patient)).body as {
      package: { id: string };
      endsAt: string | null;
    };
    const from = before.package.id === basicId && before.endsAt ? new Date(before.endsAt) : now;
    const expectedEnd = new Date(
      Date.UTC(
        from.getUTCFullYear() + 1,
        from.getUTCMonth(),
        from.getUTCDate(),
        from.getUTCHours(),
        from.getUTCMinutes(),
      ),
    ).toISOString();
    const res = await redeem(codes[0]!.code.toLowerCase().replace(/-/g, ' '));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: { id: basicId, name: 'Basic' },
      months: 12,
      activatedAt: now.toISOString(),
    });
    expect(res.body.endsAt).toBe(expectedEnd);
    const me = await t.get('/api/account/subscriptions/me', patient);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ package: { id: basicId, code: 'BASIC' }, endsAt: expectedEnd });
    const [row] = await t.db.query<{ status: string; activated_at: Date; redeemed_by: string }>(
      'select status, activated_at, redeemed_by from code_package_codes where id = $1',
      [codes[0]!.id],
    );
    expect(row).toMatchObject({ status: 'used', redeemed_by: patientUserId });
    expect(row!.activated_at.toISOString()).toBe(now.toISOString());
    // The redemption is a transaction too: a paid zero-total order of channel CODE, the plan's receipt id.
    const orders = await t.db.query<{
      code: string;
      channel: string;
      item_type: string;
      status: number;
      total_minor: string;
      user_id: string;
    }>(
      'select o.code, o.channel, o.item_type, o.status::int as status, o.total_minor::text as total_minor, o.user_id from orders o join code_package_codes c on c.order_id = o.id where c.id = $1',
      [codes[0]!.id],
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      channel: 'CODE',
      item_type: 'COUPON',
      status: 2,
      total_minor: '0',
      user_id: patientUserId,
    });
    expect((me.body as { receiptId: string }).receiptId).toBe(orders[0]!.code);
    const again = await redeem(codes[0]!.code);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CODE_USED', details: { field: 'code' } });
    expect((await redeem(codes[0]!.code, follower)).body.code).toBe('CODE_USED');
    // A used code is skipped by a status change.
    expect((await patch(pkg.id, { status: 'locked', seqFrom: 1, seqTo: 1 })).body).toEqual({ updated: 0, skipped: 1 });
  });

  it('two concurrent redemptions of one code: one success', async () => {
    const results = await Promise.all([redeem(codes[1]!.code, patient), redeem(codes[1]!.code, follower)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [n] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from code_package_codes where id = $1 and status = 'used'",
      [codes[1]!.id],
    );
    expect(n!.n).toBe(1);
  });

  it('locked, unknown, not yet available and expired codes are refused; another tenant’s code is unknown', async () => {
    expect((await redeem(codes[10]!.code, follower)).body).toMatchObject({
      code: 'CODE_LOCKED',
      details: { field: 'code' },
    });
    expect((await redeem(codes[10]!.code, follower)).status).toBe(423);
    const unknown = await redeem('2345-6789-ABCD', follower);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'CODE_UNKNOWN', details: { field: 'code' } });
    expect((await redeem('not a code', follower)).body.code).toBe('CODE_UNKNOWN');
    expect((await redeem('', follower)).body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'code' } });
    const later = (
      await t.post(
        P,
        body({ name: 'Later', totalCodes: 1, availableFrom: '2026-11-23', expiresOn: '2026-12-31' }),
        admin,
      )
    ).body as unknown as Pkg;
    const [laterCode] = await allCodes(later.id);
    // Not paid for yet: refused until staff mark it paid.
    expect((await redeem(laterCode!.code, follower)).body).toMatchObject({
      code: 'CODE_NOT_PAID',
      details: { field: 'code' },
    });
    expect((await redeem(codes[20]!.code, follower)).body.code).toBe('CODE_NOT_PAID');
    await patch(later.id, { status: 'paid', seqFrom: 1, seqTo: 1 });
    expect((await redeem(laterCode!.code, follower)).body.code).toBe('CODE_NOT_YET_AVAILABLE');
    const old = (
      await t.post(P, body({ name: 'Old', totalCodes: 1, availableFrom: '2026-10-01', expiresOn: '2026-11-21' }), admin)
    ).body as unknown as Pkg;
    expect(old.seriesPrefix).toBe('CP0003');
    const [oldCode] = await allCodes(old.id);
    await patch(old.id, { status: 'paid', seqFrom: 1, seqTo: 1 });
    expect((await redeem(oldCode!.code, follower)).body.code).toBe('CODE_EXPIRED');
    // Another tenant: the code does not exist there, and the package answers 404.
    expect((await redeem(codes[5]!.code, patient2)).body.code).toBe('CODE_UNKNOWN');
    expect((await t.get(`${P}/${pkg.id}`, admin2)).status).toBe(404);
    expect((await t.get(`${P}/${pkg.id}/codes`, admin2)).status).toBe(404);
    expect((await patch(pkg.id, { status: 'locked', seqFrom: 1, seqTo: 50 }, admin2)).status).toBe(404);
  });

  it('statistics count codes by status and redemptions by month of activation', async () => {
    const res = await t.get(`${P}/${pkg.id}/statistics`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      packageId: pkg.id,
      counts: { total: 50, notPaid: 39, paid: 8, used: 2, locked: 1 },
      byActivationMonth: [{ month: '2026-11', used: 2 }],
    });
  });

  it('exports the codes as .xlsx (audited)', async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: `${P}/${pkg.id}/export`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toBe('attachment; filename="code-package-CP0001.xlsx"');
    const wb = new (await loadExcel()).Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(51);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Series',
      'Code',
      'Status',
      'Purchase date',
      'Activation date',
      'Redeemed by',
    ]);
    const first = ws.getRow(2).values as unknown[];
    expect(first.slice(1, 6)).toEqual([
      'CP0001-000001',
      codes[0]!.code,
      'Used',
      '22/11/2026 15:00:00',
      '22/11/2026 15:00:00',
    ]);
    expect(String(first[6])).toMatch(/\S/);
    expect((ws.getRow(12).values as unknown[])[3]).toBe('Locked');
    expect((ws.getRow(51).values as unknown[]).slice(1, 4)).toEqual(['CP0001-000050', codes[49]!.code, 'Not paid']);
    const [a] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'code_package.export' and resource_id = $1",
      [pkg.id],
    );
    expect(a!.n).toBe(1);
  });

  it('redemption attempts are rate-limited per user', async () => {
    const results: number[] = [];
    for (let i = 0; i < 11; i++) results.push((await redeem(`2345-6789-ABC${REDEEM_CODE_ALPHABET[i]}`, coach)).status);
    expect(results.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(results[10]).toBe(429);
    // A code that exists is refused too while the limit holds; the next window lets the user try again.
    expect((await redeem(codes[2]!.code, coach)).status).toBe(429);
    t.clock.set(new Date(t.clock.now().getTime() + 15 * 60_000));
    coach = (await t.login('coach')).access;
    expect((await redeem(codes[2]!.code, coach)).status).toBe(200);
  });
});
