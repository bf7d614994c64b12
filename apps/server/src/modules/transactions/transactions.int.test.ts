import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { appLogin, connectWearable } from '../../test-support/billing.ts';
import { failOrder, settleOrder } from '../payments/orders.service.ts';

let app: TestApp;
let cskh: string;
let sysadmin: string;
let sysadmin2: string;
const ids: Record<string, string> = {};

type OrderSeed = {
  code: string;
  tenant: 'demo' | 'demo2';
  user: 'patient' | 'follower';
  status: 0 | 1 | 2 | 3;
  provider: string | null;
  channel: 'APP' | 'PORTAL' | 'CODE';
  amount: number;
  tax: number;
  currency?: 'VND' | 'USD';
  at: string;
  ref?: string | null;
  responseCode?: string | null;
  responseMessage?: string | null;
};
/** Orders written straight into H1's table (its service sells only to patients wearing a connected watch; these tests read). */
async function insertOrder(o: OrderSeed): Promise<string> {
  const id = newId();
  const t = ids[o.tenant]!;
  const at = new Date(o.at);
  await app.db.query(
    `insert into orders (id, tenant_id, code, user_id, package_id, item_type, months, quantity, amount_minor, tax_minor, total_minor, currency, provider,
       channel, status, provider_ref, merchant, response_code, response_message, created_at, paid_at, updated_at)
     values ($1,$2,$3,$4,$5,'SERVICE_PACKAGE',12,1,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$17)`,
    [
      id,
      t,
      o.code,
      ids[`${o.user}@${o.tenant}`]!,
      ids[`basic@${o.tenant}`]!,
      o.amount,
      o.tax,
      o.amount + o.tax,
      o.currency ?? 'VND',
      o.provider,
      o.channel,
      o.status,
      o.ref ?? null,
      o.status === 2 || o.status === 3 ? 'CAREWATCH' : null,
      o.responseCode ?? null,
      o.responseMessage ?? null,
      at,
      o.status >= 2 ? at : null,
    ],
  );
  return id;
}

function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>,
) {
  const boundary = '----cwtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (
  token: string,
  file: Buffer,
  opts: { provider?: string; filename?: string; type?: string; currency?: string } = {},
) => {
  const m = multipart([
    ...(opts.provider === undefined
      ? [{ name: 'provider', value: 'VN_PAY' }]
      : opts.provider
        ? [{ name: 'provider', value: opts.provider }]
        : []),
    ...(opts.currency ? [{ name: 'currency', value: opts.currency }] : []),
    { name: 'file', filename: opts.filename ?? 'settlement.csv', type: opts.type ?? 'text/csv', data: file },
  ]);
  return app.call('POST', '/api/account/transactions/reconciliations', { token, ...m });
};
const codes = (body: Record<string, unknown>) => (body.items as Array<{ code: string }>).map((i) => i.code);

beforeAll(async () => {
  app = await startTestApp();
  for (const t of ['demo', 'demo2'] as const) {
    ids[t] = (await app.db.query<{ id: string }>('select id from tenants where code = $1', [t]))[0]!.id;
    for (const u of ['patient', 'follower']) {
      ids[`${u}@${t}`] = (
        await app.db.query<{ id: string }>('select id from users where email = $1', [`${u}@${t}.test`])
      )[0]!.id;
    }
    ids[`basic@${t}`] = (
      await app.db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [ids[t]])
    )[0]!.id;
  }
  // Times in UTC; the readers' zone is Asia/Ho_Chi_Minh (+07:00).
  ids.A = await insertOrder({
    code: 'CW261120AAAA0001',
    tenant: 'demo',
    user: 'patient',
    status: 2,
    provider: 'VN_PAY',
    channel: 'APP',
    amount: 120_000,
    tax: 12_000,
    at: '2026-11-20T03:00:00Z',
    ref: 'VNP0001',
  });
  ids.B = await insertOrder({
    code: 'CW261120BBBB0002',
    tenant: 'demo',
    user: 'follower',
    status: 2,
    provider: 'VN_PAY',
    channel: 'APP',
    amount: 96_000,
    tax: 0,
    at: '2026-11-20T05:00:00Z',
    ref: 'VNP0002',
  });
  ids.C = await insertOrder({
    code: 'CW261121CCCC0003',
    tenant: 'demo',
    user: 'patient',
    status: 2,
    provider: 'VN_PAY',
    channel: 'PORTAL',
    amount: 168_000,
    tax: 0,
    at: '2026-11-21T02:00:00Z',
    ref: 'VNP0003',
  });
  ids.D = await insertOrder({
    code: 'CW261121DDDD0004',
    tenant: 'demo',
    user: 'follower',
    status: 1,
    provider: 'STRIPE',
    channel: 'APP',
    amount: 1_234,
    tax: 0,
    currency: 'USD',
    at: '2026-11-21T04:00:00Z',
  });
  ids.E = await insertOrder({
    code: 'CW261119EEEE0005',
    tenant: 'demo',
    user: 'patient',
    status: 0,
    provider: 'VN_PAY',
    channel: 'CODE',
    amount: 140_000,
    tax: 0,
    at: '2026-11-19T16:30:00Z',
    responseCode: '51',
    responseMessage: 'Insufficient balance',
  });
  ids.F = await insertOrder({
    code: 'CW261122FFFF0006',
    tenant: 'demo',
    user: 'patient',
    status: 3,
    provider: 'STRIPE',
    channel: 'APP',
    amount: 999,
    tax: 100,
    currency: 'USD',
    at: '2026-11-22T01:00:00Z',
    ref: 'pi_F',
  });
  ids.G = await insertOrder({
    code: 'CW261120GGGG0007',
    tenant: 'demo2',
    user: 'patient',
    status: 2,
    provider: 'VN_PAY',
    channel: 'APP',
    amount: 120_000,
    tax: 0,
    at: '2026-11-20T03:00:00Z',
  });
  cskh = (await app.login('cskh')).access;
  sysadmin = (await app.login('sysadmin')).access;
  sysadmin2 = (await app.login('sysadmin', 'demo2')).access;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

test('the OpenAPI document describes the routes with their permissions', async () => {
  const doc = await app.get('/api/docs/json');
  expect(doc.status).toBe(200);
  const paths = doc.body.paths as Record<string, Record<string, { 'x-permission'?: unknown }>>;
  expect(paths['/api/account/transactions']?.get?.['x-permission']).toBe(200);
  expect(paths['/api/account/transactions/export']?.post?.['x-permission']).toBe(201);
  expect(paths['/api/account/transactions/reconciliations']?.post?.['x-permission']).toBe(204);
  expect(Object.keys(paths)).toEqual(
    expect.arrayContaining([
      '/api/account/transactions/{id}',
      '/api/account/transactions/reconciliations/{id}/items/{itemId}/resolve',
    ]),
  );
});

describe('transaction list', () => {
  test('status -1 (the default) lists all, newest first; 0..3 filter; anything else is a 400 naming status', async () => {
    const all = await app.get('/api/account/transactions', cskh);
    expect(all.status).toBe(200);
    expect(codes(all.body)).toEqual([
      'CW261122FFFF0006',
      'CW261121DDDD0004',
      'CW261121CCCC0003',
      'CW261120BBBB0002',
      'CW261120AAAA0001',
      'CW261119EEEE0005',
    ]);
    expect(all.body.total).toBe(6);
    expect(codes((await app.get('/api/account/transactions?status=-1', cskh)).body)).toHaveLength(6);
    expect(codes((await app.get('/api/account/transactions?status=2', cskh)).body)).toEqual([
      'CW261121CCCC0003',
      'CW261120BBBB0002',
      'CW261120AAAA0001',
    ]);
    expect(codes((await app.get('/api/account/transactions?status=0', cskh)).body)).toEqual(['CW261119EEEE0005']);
    expect(codes((await app.get('/api/account/transactions?status=1', cskh)).body)).toEqual(['CW261121DDDD0004']);
    expect(codes((await app.get('/api/account/transactions?status=3', cskh)).body)).toEqual(['CW261122FFFF0006']);
    const bad = await app.get('/api/account/transactions?status=4', cskh);
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('status');
  });

  test('method, channel, days in the reader zone, customer name / phone / order code, sort, paging', async () => {
    expect(codes((await app.get('/api/account/transactions?provider=STRIPE', cskh)).body)).toEqual([
      'CW261122FFFF0006',
      'CW261121DDDD0004',
    ]);
    expect(codes((await app.get('/api/account/transactions?channel=CODE', cskh)).body)).toEqual(['CW261119EEEE0005']);
    expect(codes((await app.get('/api/account/transactions?from=2026-11-20&to=2026-11-20', cskh)).body)).toEqual([
      'CW261120BBBB0002',
      'CW261120AAAA0001',
    ]);
    expect(codes((await app.get('/api/account/transactions?from=2026-11-20&to=2026-11-20', cskh)).body)).not.toContain(
      'CW261119EEEE0005',
    );
    expect(codes((await app.get('/api/account/transactions?to=2026-11-19', cskh)).body)).toEqual(['CW261119EEEE0005']);
    const order = await app.get('/api/account/transactions?from=2026-11-21&to=2026-11-20', cskh);
    expect(order.status).toBe(400);
    expect(order.body.details?.field).toBe('to');
    expect(codes((await app.get('/api/account/transactions?search=bbbb0002', cskh)).body)).toEqual([
      'CW261120BBBB0002',
    ]);
    expect(codes((await app.get('/api/account/transactions?search=0900000012', cskh)).body)).toEqual([
      'CW261121DDDD0004',
      'CW261120BBBB0002',
    ]);
    expect(codes((await app.get('/api/account/transactions?search=phong', cskh)).body)).toEqual([
      'CW261121DDDD0004',
      'CW261120BBBB0002',
    ]);
    expect(codes((await app.get('/api/account/transactions?search=100%25', cskh)).body)).toEqual([]);
    expect(codes((await app.get('/api/account/transactions?sort=total&status=2', cskh)).body)).toEqual([
      'CW261120BBBB0002',
      'CW261120AAAA0001',
      'CW261121CCCC0003',
    ]);
    const p = await app.get('/api/account/transactions?size=2&page=1', cskh);
    expect(codes(p.body)).toEqual(['CW261121CCCC0003', 'CW261120BBBB0002']);
    expect(p.body).toMatchObject({ total: 6, page: 1, size: 2 });
  });

  test("a row names the customer, package and money in minor units; another tenant's are never listed", async () => {
    const list = await app.get('/api/account/transactions?search=aaaa0001', cskh);
    expect((list.body.items as unknown[])[0]).toMatchObject({
      id: ids.A,
      customerName: 'Phuong Hoang',
      phone: '0900000011',
      packageName: 'Basic',
      provider: 'VN_PAY',
      channel: 'APP',
      itemType: 'SERVICE_PACKAGE',
      category: 'plan',
      amountMinor: 120_000,
      taxMinor: 12_000,
      totalMinor: 132_000,
      currency: 'VND',
      status: 2,
      createdAt: '2026-11-20T03:00:00.000Z',
    });
    expect(codes((await app.get('/api/account/transactions?search=GGGG', cskh)).body)).toEqual([]);
    expect(codes((await app.get('/api/account/transactions', sysadmin2)).body)).toEqual(['CW261120GGGG0007']);
  });
});

describe('transaction detail', () => {
  test('the spec fields and its items', async () => {
    const res = await app.get(`/api/account/transactions/${ids.E}`, cskh);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 'CW261119EEEE0005',
      status: 0,
      channel: 'CODE',
      responseCode: '51',
      responseMessage: 'Insufficient balance',
      referenceId: null,
      merchant: null,
      email: 'patient@demo.test',
      items: [{ type: 'SERVICE_PACKAGE', name: 'Basic', months: 12, quantity: 1, amountMinor: 140_000 }],
    });
    expect((await app.get(`/api/account/transactions/${ids.A}`, cskh)).body).toMatchObject({
      referenceId: 'VNP0001',
      merchant: 'CAREWATCH',
      paidAt: '2026-11-20T03:00:00.000Z',
    });
  });

  test("another tenant's transaction answers 404 like a missing one", async () => {
    const other = await app.get(`/api/account/transactions/${ids.G}`, cskh);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('TRANSACTION_NOT_FOUND');
    expect((await app.get(`/api/account/transactions/${newId()}`, cskh)).status).toBe(404);
    expect((await app.get(`/api/account/transactions/${ids.G}`, sysadmin2)).status).toBe(200);
  });
});

describe('export', () => {
  const body = { channel: 'ALL', from: '2026-11-19', to: '2026-11-22', attributes: ['code', 'total', 'status'] };
  test('payment channel, both dates and at least one attribute are required: 400 naming the field', async () => {
    const missing = async (b: Record<string, unknown>) => {
      const res = await app.post('/api/account/transactions/export', b, sysadmin);
      expect(res.status).toBe(400);
      return res.body.details?.field;
    };
    const { channel: _c, ...noChannel } = body;
    const { from: _f, ...noFrom } = body;
    const { to: _t, ...noTo } = body;
    const { attributes: _a, ...noAttributes } = body;
    expect(await missing(noChannel)).toBe('channel');
    expect(await missing(noFrom)).toBe('from');
    expect(await missing(noTo)).toBe('to');
    expect(await missing(noAttributes)).toBe('attributes');
    expect(await missing({ ...body, attributes: [] })).toBe('attributes');
    expect(await missing({ ...body, channel: 'FAX' })).toBe('channel');
    expect(await missing({ ...body, from: '2026-11-23' })).toBe('to');
    expect((await app.post('/api/account/transactions/export', body, cskh)).status).toBe(403);
  });

  test('the file holds the chosen attributes of the chosen rows; money in major units; audited', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/account/transactions/export',
      headers: { authorization: `Bearer ${sysadmin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...body,
        channel: 'APP',
        attributes: ['total', 'code', 'createdAt', 'status', 'currency', 'customerName'],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Order code', 'Time', 'Customer', 'Total amount', 'Currency', 'Status']);
    // Channel APP, 19th–22nd: A, B, D, F (oldest first); C is PORTAL and E is CODE.
    expect(rows.slice(1)).toEqual([
      ['CW261120AAAA0001', '20/11/2026 10:00:00', 'Phuong Hoang', 132000, 'VND', 'Success'],
      ['CW261120BBBB0002', '20/11/2026 12:00:00', 'Phong Hoang', 96000, 'VND', 'Success'],
      ['CW261121DDDD0004', '21/11/2026 11:00:00', 'Phong Hoang', 12.34, 'USD', 'Pending'],
      ['CW261122FFFF0006', '22/11/2026 08:00:00', 'Phuong Hoang', 10.99, 'USD', 'Refund'],
    ]);
    expect(ws.getRow(2).getCell(4).numFmt).toBe('#,##0');
    expect(ws.getRow(4).getCell(4).numFmt).toBe('#,##0.00');
    const audit = await app.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'transaction.export' and tenant_id = $1",
      [ids.demo],
    );
    expect(audit[0]!.n).toBeGreaterThan(0);
  });

  test('status filter and an empty range give a header-only file', async () => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/account/transactions/export',
      headers: { authorization: `Bearer ${sysadmin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...body, from: '2025-01-01', to: '2025-01-31' }),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount).toBe(1);
  });
});

describe('reconciliation', () => {
  const CSV = [
    'Order code,Amount,Provider reference,Date',
    'CW261120AAAA0001,"132,000",VNP0001,2026-11-20',
    'CW261120BBBB0002,90000,VNP0002,20/11/2026',
    'CW261121ZZZZ9999,50000,VNP0099,2026-11-21',
    'CW261119EEEE0005,140000,VNP0005,2026-11-21',
  ].join('\r\n');

  test("a line naming another provider's order is not this provider's payment: missing on our side, not matched to it", async () => {
    const res = await upload(
      sysadmin,
      Buffer.from(['Order code,Amount,Provider reference,Date', 'CW261121DDDD0004,1234,X1,2026-11-21'].join('\r\n')),
    );
    expect(res.status).toBe(201);
    const items = (
      await app.get(
        `/api/account/transactions/reconciliations/${String(res.body.id)}/items?group=missing_ours`,
        sysadmin,
      )
    ).body.items as Array<Record<string, unknown>>;
    expect(items).toMatchObject([{ orderCode: 'CW261121DDDD0004', transactionId: null, ourStatus: null }]);
  });

  test('a file with one of each group; resolving keeps who, when and the note (audited)', async () => {
    const res = await upload(sysadmin, Buffer.from(CSV));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      provider: 'VN_PAY',
      currency: 'VND',
      fileName: 'settlement.csv',
      periodFrom: '2026-11-20',
      periodTo: '2026-11-21',
      lines: 4,
      createdBy: 'Sam System',
      counts: {
        matched: { total: 1, unresolved: 0 },
        amount_mismatch: { total: 1, unresolved: 1 },
        missing_ours: { total: 2, unresolved: 2 },
        missing_theirs: { total: 1, unresolved: 1 },
      },
    });
    const id = String(res.body.id);
    const items = async (group: string, extra = '') =>
      (await app.get(`/api/account/transactions/reconciliations/${id}/items?group=${group}${extra}`, sysadmin)).body
        .items as Array<Record<string, unknown>>;
    expect(await items('matched')).toMatchObject([
      {
        orderCode: 'CW261120AAAA0001',
        transactionId: ids.A,
        fileAmountMinor: 132_000,
        ourAmountMinor: 132_000,
        line: 2,
      },
    ]);
    expect(await items('amount_mismatch')).toMatchObject([
      { orderCode: 'CW261120BBBB0002', fileAmountMinor: 90_000, ourAmountMinor: 96_000, date: '2026-11-20' },
    ]);
    expect(await items('missing_ours')).toMatchObject([
      { orderCode: 'CW261121ZZZZ9999', transactionId: null, ourStatus: null, line: 4 },
      { orderCode: 'CW261119EEEE0005', transactionId: ids.E, ourStatus: 0, line: 5 },
    ]);
    const theirs = await items('missing_theirs');
    expect(theirs).toMatchObject([
      {
        orderCode: 'CW261121CCCC0003',
        transactionId: ids.C,
        line: null,
        fileAmountMinor: null,
        ourAmountMinor: 168_000,
        providerRef: 'VNP0003',
        date: '2026-11-21',
        resolved: false,
      },
    ]);

    const itemId = String(theirs[0]!.id);
    const url = `/api/account/transactions/reconciliations/${id}/items/${itemId}/resolve`;
    expect((await app.post(url, { note: '' }, sysadmin)).body.details?.field).toBe('note');
    app.clock.advance(60_000);
    const at = app.clock.now().toISOString();
    const resolved = await app.post(url, { note: 'VNPay settles it in the next file' }, sysadmin);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      resolved: true,
      resolutionNote: 'VNPay settles it in the next file',
      resolvedBy: 'Sam System',
      resolvedAt: at,
    });
    expect((await app.post(url, { note: 'again' }, sysadmin)).status).toBe(409);
    const matchedId = String((await items('matched'))[0]!.id);
    expect(
      (
        await app.post(
          `/api/account/transactions/reconciliations/${id}/items/${matchedId}/resolve`,
          { note: 'x' },
          sysadmin,
        )
      ).body.code,
    ).toBe('RECONCILIATION_ITEM_RESOLVED');
    expect(await items('missing_theirs', '&unresolved=true')).toEqual([]);
    const detail = await app.get(`/api/account/transactions/reconciliations/${id}`, sysadmin);
    expect(detail.body.counts).toMatchObject({ missing_theirs: { total: 1, unresolved: 0 } });
    const audit = await app.db.query<{ actor_id: string; resource_id: string }>(
      "select actor_id, resource_id from audit_log where action = 'reconciliation.resolve' and tenant_id = $1",
      [ids.demo],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.resource_id).toBe(itemId);

    const list = await app.get('/api/account/transactions/reconciliations', sysadmin);
    expect((list.body.items as Array<{ id: string }>).map((r) => r.id)).toContain(id);
    // Another tenant sees none of it.
    expect((await app.get(`/api/account/transactions/reconciliations/${id}`, sysadmin2)).status).toBe(404);
    expect(
      (await app.get(`/api/account/transactions/reconciliations/${id}/items?group=matched`, sysadmin2)).status,
    ).toBe(404);
    expect((await app.post(url, { note: 'x' }, sysadmin2)).status).toBe(404);
    expect((await app.get('/api/account/transactions/reconciliations', sysadmin2)).body.total).toBe(0);
    expect((await app.get('/api/account/transactions/reconciliations', cskh)).status).toBe(403);
  });

  test('an .xlsx settlement file is read too (spreadsheet numbers and dates)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Settlement');
    ws.addRow(['order_code', 'amount', 'reference', 'date']);
    ws.addRow(['CW261122FFFF0006', 10.99, 'pi_F', new Date('2026-11-22T00:00:00Z')]);
    const res = await upload(sysadmin, Buffer.from(await wb.xlsx.writeBuffer()), {
      provider: 'STRIPE',
      currency: 'USD',
      filename: 'stripe.xlsx',
      type: 'application/octet-stream',
    });
    expect(res.status).toBe(201);
    // F is refunded here: missing on our side; nothing of STRIPE succeeded on the 22nd.
    expect(res.body).toMatchObject({
      provider: 'STRIPE',
      periodFrom: '2026-11-22',
      periodTo: '2026-11-22',
      counts: { missing_ours: { total: 1 }, matched: { total: 0 }, missing_theirs: { total: 0 } },
    });
  });

  test('bad files: clear 400s, bad lines listed', async () => {
    const bad = await upload(
      sysadmin,
      Buffer.from(
        'order code,amount,reference,date\nCW1,12.5,r,2026-11-20\n,100,r,2026-11-20\nCW3,100,r,31/02/2026\nCW4,100,r,2026-11-20\n',
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SETTLEMENT_FILE_INVALID');
    expect(bad.body.details).toMatchObject({ field: 'file', rule: 'lines' });
    expect(bad.body.details!.lines).toMatchObject([
      { line: 2, problems: ['amount_invalid'] },
      { line: 3, problems: ['code_missing'] },
      { line: 4, problems: ['date_invalid'] },
    ]);
    expect(bad.body.message).toContain('line 2');

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect((await upload(sysadmin, png, { filename: 'settlement.csv' })).body.code).toBe('INVALID_FILE_TYPE');
    expect(
      (await upload(sysadmin, Buffer.from('PK\u0003\u0004 not really a zip'), { filename: 'x.xlsx' })).body.code,
    ).toBe('INVALID_FILE_TYPE');
    expect((await upload(sysadmin, Buffer.from(''))).body.code).toBe('FILE_EMPTY');
    expect((await upload(sysadmin, Buffer.from('order code,amount,reference,date\n'))).body.code).toBe('FILE_EMPTY');
    const header = await upload(sysadmin, Buffer.from('code,amount\nCW1,100\n'));
    expect(header.body).toMatchObject({
      code: 'FILE_INVALID_TEMPLATE',
      details: { field: 'file', missing: ['providerRef', 'date'] },
    });
    const noProvider = await upload(sysadmin, Buffer.from(CSV), { provider: '' });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.details?.field).toBe('provider');
    const big = await upload(sysadmin, Buffer.alloc(10 * 1024 * 1024 + 10, 0x41));
    expect(big.body.code).toBe('FILE_TOO_LARGE');
    expect(
      (
        await app.db.query<{ n: number }>('select count(*)::int as n from reconciliations where tenant_id = $1', [
          ids.demo,
        ])
      )[0]!.n,
    ).toBe(3); // the good files of the tests above only
  });
});

describe("orders written by the billing core's own service", () => {
  test('a bought and settled order, and a declined one, are listed, shown and reconciled', async () => {
    const t = ids.demo2!;
    const patient = ids['patient@demo2']!;
    await connectWearable(app.db, t, patient, app.clock.now());
    const token = await appLogin(app, 'patient@demo2.test');
    const buy = async () => {
      const res = await app.post('/api/account/orders', { packageId: ids['basic@demo2'], months: 12 }, token);
      expect(res.status, res.raw).toBe(201);
      return res.body as { id: string; code: string; totalMinor: number };
    };
    const paid = await buy();
    const declined = await buy();
    const settled = await settleOrder(app.deps, t, {
      provider: 'VN_PAY',
      orderCode: paid.code,
      amountMinor: paid.totalMinor,
      providerRef: 'VNP-REAL-1',
      merchant: 'CWDEMO2',
      responseCode: '00',
      responseMessage: 'Success',
    });
    expect(settled.outcome).toBe('confirmed');
    expect(
      (
        await failOrder(app.deps, t, {
          provider: 'VN_PAY',
          orderCode: declined.code,
          providerRef: null,
          responseCode: '51',
          responseMessage: 'Insufficient balance',
        })
      ).outcome,
    ).toBe('failed');

    const list = await app.get(`/api/account/transactions?search=${paid.code}`, sysadmin2);
    expect(list.body.items).toMatchObject([
      {
        id: paid.id,
        code: paid.code,
        status: 2,
        provider: 'VN_PAY',
        channel: 'APP',
        totalMinor: paid.totalMinor,
        customerName: 'Phuong Hoang',
      },
    ]);
    expect((await app.get(`/api/account/transactions/${declined.id}`, sysadmin2)).body).toMatchObject({
      status: 0,
      responseCode: '51',
      responseMessage: 'Insufficient balance',
    });
    expect((await app.get(`/api/account/transactions/${paid.id}`, cskh)).status).toBe(404);

    const day = String((await app.get(`/api/account/transactions/${paid.id}`, sysadmin2)).body.paidAt).slice(0, 10);
    const csv = `order code,amount,reference,date\n${paid.code},${paid.totalMinor},VNP-REAL-1,${day}\n${declined.code},${paid.totalMinor},VNP-REAL-2,${day}\n`;
    const rec = await upload(sysadmin2, Buffer.from(csv));
    expect(rec.status, rec.raw).toBe(201);
    expect(rec.body.counts).toMatchObject({
      matched: { total: 1 },
      missing_ours: { total: 1 },
      amount_mismatch: { total: 0 },
    });
  });
});
