import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEVICE_IMPORT_HEADER, DEVICE_IMPORT_MAX_BYTES } from '@carewatch/contracts/devices';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { verifyDeviceSecret } from './device-credentials.ts';
import { DEVICES_ROUTES } from './devices.routes.ts';

let t: TestApp;
let operator: string;
let doctor: string;
let cskh: string;
let patient: string;
let sa: string;
let demoTenant: string;
let demoPatient: string;
let patientUser: string;
let otherCenterPatient: string | null = null;

const D = '/api/account/devices';
let seq = 0;
/** A fresh MAC / IMEI / serial per call, unlike anything the demo seed creates. */
const mac = () => {
  seq += 1;
  return `F0:0D:${(seq >> 8).toString(16).padStart(2, '0')}:${(seq & 255).toString(16).padStart(2, '0')}:BE:EF`.toUpperCase();
};
const imei = () => {
  seq += 1;
  return `35${String(seq).padStart(13, '0')}`;
};
const serial = () => {
  seq += 1;
  return `SN-TEST-${seq}`;
};

function multipart(name: string, data: Buffer) {
  const boundary = '----cwdev' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string, name: string, data: Buffer) =>
  t.call('POST', `${D}/import`, { token, ...multipart(name, data) });

async function xlsx(rows: unknown[][], header: readonly string[] = DEVICE_IMPORT_HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const createWatch = (token: string, extra: Record<string, unknown> = {}) =>
  t.post(D, { model: 'GT2', account: 'someone@demo.test', mac: mac(), serial: serial(), ...extra }, token);

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.login('operator')).access;
  doctor = (await t.login('doctor')).access;
  cskh = (await t.login('cskh')).access;
  const app = await t.call('POST', '/api/auth/oauth-token', {
    form: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patient = String(app.body.access_token);
  sa = (await t.login('superadmin')).access;
  demoTenant = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  const p = (
    await t.db.query<{ id: string; user_id: string }>(
      "select id, user_id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'",
      [demoTenant],
    )
  )[0]!;
  demoPatient = p.id;
  patientUser = p.user_id;
  // A patient of another health center (not followed by the demo doctor), for the visibility rules.
  const other = await t.db.query<{ id: string }>(
    `select c.id from health_centers c where c.tenant_id = $1 and c.id <> (select center_id from patients where id = $2) limit 1`,
    [demoTenant, demoPatient],
  );
  expect(other[0]).toBeDefined();
  if (other[0]) {
    otherCenterPatient = newId();
    await t.db.query(
      'insert into patients (id, tenant_id, center_id, first_name, last_name, patient_code, status) values ($1, $2, $3, $4, $5, $6, $7)',
      [otherCenterPatient, demoTenant, other[0].id, 'Other', 'Center', `DEV-OTHER-${seq}`, 'normal'],
    );
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('create and edit', () => {
  test('a watch is created available, its account resolved to the user and their patient record', async () => {
    const m = mac();
    const res = await t.post(
      D,
      {
        model: 'GT5',
        account: 'Patient@Demo.test',
        mac: m.toLowerCase().replace(/:/g, '-'),
        serial: serial(),
        name: 'Wrist',
      },
      operator,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      model: 'GT5',
      category: 'watch',
      mac: m,
      status: 'available',
      connectionStatus: -1,
      activated: false,
      userId: patientUser,
      patientId: demoPatient,
      hasCredentials: false,
    });
    const got = await t.get(`${D}/${String(res.body.id)}`, operator);
    expect(got.status).toBe(200);
    expect(got.body.patientName).toContain('Phuong');
    const audit = await t.db.query('select 1 from audit_log where action = $1 and resource_id = $2', [
      'device.create',
      res.body.id as string,
    ]);
    expect(audit).toHaveLength(1);
  });

  test('an account not matching a user is kept as typed', async () => {
    const res = await createWatch(operator, { account: 'nobody-here@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ account: 'nobody-here@example.com', userId: null, patientId: null });
  });

  test('unsupported type, missing MAC / IMEI and bad formats are 400s naming the field', async () => {
    const bad = await t.post(D, { model: 'X9', account: 'a@b.c', mac: mac(), serial: serial() }, operator);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'UNSUPPORTED_DEVICE_TYPE', details: { field: 'model' } });
    const noMac = await t.post(D, { model: 'V19', account: 'a@b.c', serial: serial() }, operator);
    expect(noMac.status).toBe(400);
    expect(noMac.body.details).toMatchObject({ field: 'mac' });
    const badMac = await t.post(D, { model: 'V19', account: 'a@b.c', mac: '12:34', serial: serial() }, operator);
    expect(badMac.status).toBe(400);
    expect(badMac.body.details).toMatchObject({ field: 'mac' });
    const noImei = await t.post(D, { model: 'J2025E', account: 'a@b.c', serial: serial() }, operator);
    expect(noImei.status).toBe(400);
    expect(noImei.body.details).toMatchObject({ field: 'imei' });
    const badImei = await t.post(D, { model: 'J2025B', account: 'a@b.c', imei: '123', serial: serial() }, operator);
    expect(badImei.status).toBe(400);
    expect(badImei.body.details).toMatchObject({ field: 'imei' });
    const noSerial = await t.post(D, { model: 'V19', account: 'a@b.c', mac: mac() }, operator);
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.details).toMatchObject({ field: 'serial' });
    const noAccount = await t.post(D, { model: 'V19', mac: mac(), serial: serial() }, operator);
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.details).toMatchObject({ field: 'account' });
  });

  test('duplicate MAC (any spelling), IMEI or serial → 409 DEVICE_EXISTS naming the field', async () => {
    const m = mac();
    const s = serial();
    expect((await t.post(D, { model: 'V19', account: 'a@b.c', mac: m, serial: s }, operator)).status).toBe(201);
    const dupMac = await t.post(
      D,
      { model: 'GT2', account: 'a@b.c', mac: m.toLowerCase().replace(/:/g, '-'), serial: serial() },
      operator,
    );
    expect(dupMac.status).toBe(409);
    expect(dupMac.body).toMatchObject({ code: 'DEVICE_EXISTS', details: { field: 'mac' } });
    const dupSerial = await t.post(D, { model: 'GT2', account: 'a@b.c', mac: mac(), serial: s }, operator);
    expect(dupSerial.status).toBe(409);
    expect(dupSerial.body.details).toMatchObject({ field: 'serial' });
    const i = imei();
    expect((await t.post(D, { model: 'J2025E', account: 'a@b.c', imei: i, serial: serial() }, operator)).status).toBe(
      201,
    );
    const dupImei = await t.post(D, { model: 'J2025B', account: 'a@b.c', imei: i, serial: serial() }, operator);
    expect(dupImei.status).toBe(409);
    expect(dupImei.body.details).toMatchObject({ field: 'imei' });
  });

  test('a device not yet activated can be edited; an activated one cannot', async () => {
    const created = await createWatch(operator);
    const id = String(created.body.id);
    const edited = await t.put(`${D}/${id}`, { name: 'Renamed', model: 'V19' }, operator);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renamed', model: 'V19' });
    const clash = await createWatch(operator);
    const dup = await t.put(`${D}/${id}`, { serial: clash.body.serial }, operator);
    expect(dup.status).toBe(409);
    expect(dup.body.details).toMatchObject({ field: 'serial' });
    const toCellular = await t.put(`${D}/${id}`, { model: 'J2025E' }, operator);
    expect(toCellular.status).toBe(400);
    expect(toCellular.body.details).toMatchObject({ field: 'imei' });

    await t.db.query('update devices set activated_at = now() where id = $1', [id]);
    const refused = await t.put(`${D}/${id}`, { name: 'Again' }, operator);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DEVICE_ACTIVATED_READONLY');
  });

  test('permissions: customer care may view but not add devices', async () => {
    expect((await createWatch(cskh)).status).toBe(403);
    expect((await t.get(D, cskh)).status).toBe(200);
    expect((await t.get(D, patient)).status).toBe(403);
  });
});

describe('list and visibility', () => {
  test('filters by category, model, status and search', async () => {
    const a = await t.post(
      D,
      { model: 'J2025B', account: 'list@demo.test', imei: imei(), serial: serial(), name: 'Findable-One' },
      operator,
    );
    expect(a.status).toBe(201);
    const cellular = await t.get(`${D}?category=cellular&size=200`, operator);
    expect(cellular.status).toBe(200);
    const items = cellular.body.items as Array<{ category: string; id: string }>;
    expect(items.every((d) => d.category === 'cellular')).toBe(true);
    expect(items.some((d) => d.id === a.body.id)).toBe(true);
    const byModel = await t.get(`${D}?model=J2025B&search=findable-one`, operator);
    expect(byModel.body.items).toEqual([expect.objectContaining({ id: a.body.id })]);
    expect(byModel.body.total).toBe(1);
    const byStatus = await t.get(`${D}?status=1&search=findable-one`, operator);
    expect(byStatus.body.total).toBe(0);
    const badStatus = await t.get(`${D}?status=7`, operator);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.details).toMatchObject({ field: 'status' });
    const badModel = await t.get(`${D}?model=X1`, operator);
    expect(badModel.status).toBe(400);
  });

  test('doctors see unassigned devices and those of patients they may see, not others', async () => {
    const mine = await createWatch(operator);
    expect((await t.put(`${D}/${String(mine.body.id)}/assign`, { patientId: demoPatient }, operator)).status).toBe(200);
    expect((await t.get(`${D}/${String(mine.body.id)}`, doctor)).status).toBe(200);
    expect((await t.get(`/api/account/doctor/device/${String(mine.body.id)}`, doctor)).status).toBe(200);
    const free = await createWatch(operator);
    expect((await t.get(`${D}/${String(free.body.id)}`, doctor)).status).toBe(200);
    if (otherCenterPatient) {
      const other = await createWatch(sa);
      expect((await t.put(`${D}/${String(other.body.id)}/assign`, { patientId: otherCenterPatient }, sa)).status).toBe(
        200,
      );
      const hidden = await t.get(`${D}/${String(other.body.id)}`, doctor);
      expect(hidden.status).toBe(404);
      expect(hidden.body.code).toBe('DEVICE_NOT_FOUND');
      const list = await t.get(`${D}?size=200&search=${encodeURIComponent(String(other.body.serial))}`, doctor);
      expect(list.body.total).toBe(0);
      expect(
        (await t.get(`${D}?size=200&search=${encodeURIComponent(String(other.body.serial))}`, sa)).body.total,
      ).toBe(1);
      // The operator (center Ba Dinh) cannot assign to a patient of another center.
      const refused = await t.put(`${D}/${String(free.body.id)}/assign`, { patientId: otherCenterPatient }, operator);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('PATIENT_NOT_FOUND');
    }
  });

  test('another tenant’s device is a 404 like a missing one', async () => {
    const other = await t.login('operator', 'demo2');
    const theirs = await t.post(
      D,
      { model: 'GT2', account: 'x@demo2.test', mac: mac(), serial: serial() },
      other.access,
    );
    expect(theirs.status).toBe(201);
    const id = String(theirs.body.id);
    for (const url of [`${D}/${id}`, `/api/account/admin/device/${id}`]) {
      const res = await t.get(url, operator);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('DEVICE_NOT_FOUND');
    }
    expect((await t.put(`${D}/${id}`, { name: 'x' }, operator)).status).toBe(404);
    expect((await t.put(`${D}/${id}/assign`, { patientId: null }, operator)).status).toBe(404);
    expect((await t.post(`${D}/${id}/credentials`, {}, operator)).status).toBe(404);
    expect((await t.get(`${D}/${newId()}`, operator)).status).toBe(404);
    // Same identifiers are allowed in another tenant.
    expect(
      (
        await t.post(
          D,
          { model: 'GT2', account: 'x@demo.test', mac: theirs.body.mac, serial: theirs.body.serial },
          operator,
        )
      ).status,
    ).toBe(201);
  });
});

describe('assign and credentials', () => {
  test('assign to a visible patient, unassign, unknown patient → PATIENT_NOT_FOUND', async () => {
    const d = await createWatch(operator);
    const id = String(d.body.id);
    const res = await t.put(`${D}/${id}/assign`, { patientId: demoPatient }, operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ patientId: demoPatient, userId: patientUser });
    const missing = await t.put(`${D}/${id}/assign`, { patientId: newId() }, operator);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PATIENT_NOT_FOUND');
    const bad = await t.put(`${D}/${id}/assign`, { patientId: 'nope' }, operator);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'patientId' });
    const un = await t.put(`${D}/${id}/assign`, { patientId: null }, operator);
    expect(un.status).toBe(200);
    expect(un.body.patientId).toBeNull();
  });

  test('only cellular devices get credentials; the secret verifies and the topic is the device’s own', async () => {
    const watch = await createWatch(operator);
    const refused = await t.post(`${D}/${String(watch.body.id)}/credentials`, {}, operator);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('DEVICE_NOT_DIRECT');
    const cell = await t.post(
      D,
      { model: 'J2025E', account: 'patient@demo.test', imei: imei(), serial: serial() },
      operator,
    );
    const id = String(cell.body.id);
    const res = await t.post(`${D}/${id}/credentials`, {}, operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deviceId: id,
      mqtt: { username: id, topic: `carewatch/demo/devices/${id}/measurements` },
    });
    const principal = await verifyDeviceSecret(t.db, t.deps.pepper, id, String(res.body.secret));
    expect(principal).toMatchObject({ deviceId: id, tenantId: demoTenant, patientId: demoPatient });
    expect(await verifyDeviceSecret(t.db, t.deps.pepper, id, 'wrong')).toBeNull();
    expect((await t.get(`${D}/${id}`, operator)).body.hasCredentials).toBe(true);
    expect((await t.post(`${D}/${id}/credentials`, {}, cskh)).status).toBe(403);
  });
});

describe('import', () => {
  test('the template has the import header', async () => {
    const res = await t.call('GET', `${D}/import/template`, { token: operator });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    const buf = (
      await t.app.inject({
        method: 'GET',
        url: `${D}/import/template`,
        headers: { authorization: `Bearer ${operator}` },
      })
    ).rawPayload;
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...DEVICE_IMPORT_HEADER]);
  });

  test('good rows are imported, bad rows listed with line and field', async () => {
    const existing = await createWatch(operator);
    const m1 = mac();
    const i1 = imei();
    const s1 = serial();
    const file = await xlsx([
      ['patient@demo.test', m1, '', 'GT2', s1, 'Imported watch'], // line 2 ok
      ['someone@demo.test', '', Number(i1), 'J2025E', serial(), ''], // line 3 ok (IMEI typed as a number)
      ['', mac(), '', 'GT2', serial(), ''], // line 4 account missing
      ['x@demo.test', mac(), '', 'Z100', serial(), ''], // line 5 unsupported type
      ['x@demo.test', '', '', 'V19', serial(), ''], // line 6 MAC missing
      ['x@demo.test', m1, '', 'GT5', serial(), ''], // line 7 MAC duplicated in the file
      ['x@demo.test', mac(), '', 'GT5', existing.body.serial, ''], // line 8 serial exists in the tenant
      ['x@demo.test', 'zz', '', 'GT5', serial(), ''], // line 9 MAC format
      [],
      ['x@demo.test', mac(), '', 'V19', '', ''], // line 11 serial missing
    ]);
    const res = await upload(operator, 'devices.xlsx', file);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.errors).toEqual([
      { line: 4, field: 'account', message: 'Required' },
      { line: 5, field: 'model', message: 'Unsupported device type' },
      { line: 6, field: 'mac', message: 'Required' },
      { line: 7, field: 'mac', message: 'Duplicated in the file' },
      { line: 8, field: 'serial', message: 'Device exists' },
      { line: 9, field: 'mac', message: 'Invalid Mac address format' },
      { line: 11, field: 'serial', message: 'Required' },
    ]);
    const rows = await t.db.query<{ imei: string | null; patient_id: string | null }>(
      'select imei, patient_id from devices where serial = $1 or imei = $2 order by serial',
      [s1, i1],
    );
    expect(rows).toHaveLength(2);
    expect(rows.some((r) => r.patient_id === demoPatient)).toBe(true);
    expect(rows.some((r) => r.imei === i1)).toBe(true);
    // Importing the same file again refuses every row as existing.
    const again = await upload(operator, 'devices.xlsx', file);
    expect(again.body.imported).toBe(0);
    expect(
      (again.body.errors as Array<{ line: number; message: string }>)
        .filter((e) => e.line === 2 || e.line === 3)
        .map((e) => e.message),
    ).toEqual(['Device exists', 'Device exists']);
  });

  test('wrong header, empty file, wrong type are refused', async () => {
    const wrong = await upload(operator, 'devices.xlsx', await xlsx([['a', 'b']], ['Account', 'MAC', 'Model']));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('FILE_INVALID_TEMPLATE');
    const empty = await upload(operator, 'devices.xlsx', await xlsx([]));
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('FILE_EMPTY');
    const notXlsx = await upload(operator, 'devices.csv', Buffer.from('Account,MAC\n'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.code).toBe('INVALID_FILE_TYPE');
    const renamed = await upload(operator, 'devices.xlsx', Buffer.from('not a zip at all'));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('INVALID_FILE_TYPE');
    const corrupt = await upload(
      operator,
      'devices.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]),
    );
    expect(corrupt.status).toBe(400);
    expect((await upload(cskh, 'devices.xlsx', await xlsx([]))).status).toBe(403);
    // Up to DEVICE_IMPORT_MAX_BYTES (above the server's default 10 MB upload limit) is read; beyond is refused.
    const big = await upload(
      operator,
      'devices.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(11 * 1024 * 1024, 1)]),
    );
    expect(big.status).toBe(400);
    const tooBig = await upload(
      operator,
      'devices.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(DEVICE_IMPORT_MAX_BYTES + 10, 1)]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('FILE_TOO_LARGE');
  });
});

describe('patient app reports and history', () => {
  test('device-status creates the watch for the patient, activates it, and the history shows it', async () => {
    const m = mac();
    const first = await t.post(
      '/api/account/me/device-status',
      { mac: m, model: 'GT5', status: 0, firmwareVersion: '1.0.0' },
      patient,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      mac: m,
      model: 'GT5',
      patientId: demoPatient,
      userId: patientUser,
      connectionStatus: 0,
      activated: false,
      firmwareVersion: '1.0.0',
    });
    const startAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const on = await t.post('/api/account/me/device-status', { mac: m, model: 'GT5', status: 1 }, patient);
    expect(on.body).toMatchObject({
      connectionStatus: 1,
      status: 'connected',
      activated: true,
      firmwareVersion: '1.0.0',
    });
    expect(on.body.firstConnect).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const off = await t.post('/api/account/me/device-status', { mac: m, model: 'GT5', status: 0 }, patient);
    expect(off.body).toMatchObject({ status: 'disconnected', activated: true });
    const id = String(off.body.id);

    // Activated: staff can no longer edit it.
    expect((await t.put(`${D}/${id}`, { name: 'x' }, operator)).body.code).toBe('DEVICE_ACTIVATED_READONLY');

    const H = '/api/account/device-connection-history/searchByUsername';
    const all = await t.get(`${H}?username=patient@demo.test&size=50`, doctor);
    expect(all.status).toBe(200);
    const mine = (all.body.items as Array<{ deviceId: string; status: number; eventAt: string }>).filter(
      (e) => e.deviceId === id,
    );
    expect(mine.map((e) => e.status)).toEqual([0, 1, 0]);
    const asc = await t.get(`${H}?username=patient@demo.test&sort=eventAt&model=GT5&size=50`, doctor);
    const ascMine = (asc.body.items as Array<{ deviceId: string; status: number }>).filter((e) => e.deviceId === id);
    expect(ascMine.map((e) => e.status)).toEqual([0, 1, 0]);
    const connected = await t.get(`${H}?username=patient@demo.test&status=1&size=50`, doctor);
    expect((connected.body.items as Array<{ status: number }>).every((e) => e.status === 1)).toBe(true);
    expect((connected.body.items as Array<{ deviceId: string }>).some((e) => e.deviceId === id)).toBe(true);
    const range = await t.get(
      `${H}?username=patient@demo.test&start=${encodeURIComponent(startAt)}&end=${encodeURIComponent(new Date(Date.parse(startAt) + 90_000).toISOString())}&search=${encodeURIComponent(m)}`,
      doctor,
    );
    expect(range.body.total).toBe(2);
    const byModel = await t.get(`${H}?username=patient@demo.test&model=V19&search=${encodeURIComponent(m)}`, doctor);
    expect(byModel.body.total).toBe(0);
    const badRange = await t.get(`${H}?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z`, doctor);
    expect(badRange.status).toBe(400);
    expect(badRange.body.details).toMatchObject({ field: 'end' });
    const badDate = await t.get(`${H}?start=yesterday`, doctor);
    expect(badDate.status).toBe(400);
    expect(badDate.body.details).toMatchObject({ field: 'start' });
    const unknown = await t.get(`${H}?username=ghost@demo.test`, doctor);
    expect(unknown.body).toMatchObject({ items: [], total: 0 });

    const count = await t.get('/api/account/device/getDisconnectDeviceCount', doctor);
    expect(count.status).toBe(200);
    expect(count.body.count).toBeGreaterThanOrEqual(1);
    const names = await t.get('/api/account/device-connection-history/getDeviceNameList', doctor);
    expect(names.body.items).toContain('GT5');
    const devices = await t.get('/api/account/device/getUserDevicesByUsername?username=patient@demo.test', doctor);
    expect((devices.body.items as Array<{ id: string }>).some((d) => d.id === id)).toBe(true);
    const opDevices = await t.get('/api/account/operator/device?username=patient@demo.test', operator);
    expect((opDevices.body.items as Array<{ id: string }>).some((d) => d.id === id)).toBe(true);
    expect((await t.get('/api/account/operator/device', operator)).status).toBe(400);
  });

  test('a MAC connected by another user is refused with the reason', async () => {
    const d = await createWatch(operator, { account: 'someone-else@demo.test' });
    await t.db.query('update devices set user_id = (select id from users where email = $1) where id = $2', [
      'doctor@demo.test',
      d.body.id as string,
    ]);
    const res = await t.post('/api/account/me/device-status', { mac: d.body.mac, model: 'GT2', status: 1 }, patient);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DEVICE_EXISTS', details: { reason: 'connected_by_another_user' } });
    const bad = await t.post('/api/account/me/device-status', { mac: 'nope', model: 'GT2', status: 1 }, patient);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'mac' });
    expect(
      (await t.post('/api/account/me/device-status', { mac: mac(), model: 'GT2', status: 1 }, operator)).status,
    ).toBe(403);
  });

  test('phone-status reports appear in phone history, phones and the name lists, with filters', async () => {
    const r1 = await t.post(
      '/api/account/me/phone-status',
      { phoneName: 'Pixel 9', os: 'Android', appVersion: '2.3.0', status: 'online' },
      patient,
    );
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ ok: true });
    t.clock.advance(60_000);
    await t.post(
      '/api/account/me/phone-status',
      { phoneName: 'Pixel 9', os: 'Android', appVersion: '2.3.0', status: 'killed' },
      patient,
    );
    t.clock.advance(60_000);
    await t.post(
      '/api/account/me/phone-status',
      { phoneName: 'iPhone 15', os: 'IOS', appVersion: '2.4.1', status: 'offline' },
      patient,
    );
    const badOs = await t.post(
      '/api/account/me/phone-status',
      { phoneName: 'X', os: 'Symbian', appVersion: '1', status: 'online' },
      patient,
    );
    expect(badOs.status).toBe(400);
    expect(badOs.body.details).toMatchObject({ field: 'os' });

    const P = '/api/account/doctor/phone-history/searchByUsername';
    const all = await t.get(`${P}?username=patient@demo.test`, doctor);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect((all.body.items as Array<{ phoneName: string }>)[0]!.phoneName).toBe('iPhone 15');
    const asc = await t.get(`${P}?username=patient@demo.test&sort=eventAt`, doctor);
    expect((asc.body.items as Array<{ status: string }>).map((e) => e.status)).toEqual(['online', 'killed', 'offline']);
    expect((await t.get(`${P}?username=patient@demo.test&status=killed`, doctor)).body.total).toBe(1);
    expect((await t.get(`${P}?username=patient@demo.test&phoneName=Pixel%209`, doctor)).body.total).toBe(2);
    expect((await t.get(`${P}?username=patient@demo.test&appVersion=2.4.1`, doctor)).body.total).toBe(1);
    expect((await t.get(`${P}?username=patient@demo.test&search=iphone`, doctor)).body.total).toBe(1);
    const phones = await t.get('/api/account/cskh/phone/get-all?username=patient@demo.test', cskh);
    expect(phones.status).toBe(200);
    expect(phones.body.items).toEqual([
      expect.objectContaining({ phoneName: 'iPhone 15', os: 'IOS', status: 'offline' }),
      expect.objectContaining({ phoneName: 'Pixel 9', os: 'Android', status: 'killed' }),
    ]);
    expect((await t.get('/api/account/phone-history/getPhoneNameList', doctor)).body.items).toEqual(
      expect.arrayContaining(['Pixel 9', 'iPhone 15']),
    );
    expect((await t.get('/api/account/phone-history/getAppVerList', doctor)).body.items).toEqual(
      expect.arrayContaining(['2.3.0', '2.4.1']),
    );
    // The app state follows onto the user's devices.
    const devs = await t.get('/api/account/device/getUserDevicesByUsername?username=patient@demo.test', doctor);
    expect((devs.body.items as Array<{ appStatus: string | null }>).every((d) => d.appStatus === 'offline')).toBe(true);

    // smadmin variant: the center must be visible; another tenant's users are invisible.
    const center = (
      await t.db.query<{ center_id: string }>('select center_id from patients where id = $1', [demoPatient])
    )[0]!.center_id;
    const byCenter = await t.get(
      `/api/account/smadmin/mhsc/phone-history/searchByUsername?mhscId=${center}&userId=${patientUser}`,
      sa,
    );
    expect(byCenter.status).toBe(200);
    expect(byCenter.body.total).toBe(3);
    const conn = await t.get(
      `/api/account/smadmin/mhsc/device-connection-history/searchByUsername?mhscId=${center}`,
      sa,
    );
    expect(conn.status).toBe(200);
    const missingCenter = await t.get(`/api/account/smadmin/mhsc/phone-history/searchByUsername?mhscId=${newId()}`, sa);
    expect(missingCenter.status).toBe(404);
    const noCenter = await t.get('/api/account/smadmin/mhsc/phone-history/searchByUsername', sa);
    expect(noCenter.status).toBe(400);
    const other = await t.login('doctor', 'demo2');
    expect(
      (await t.get(`/api/account/doctor/phone-history/searchByUsername?username=patient@demo.test`, other.access)).body
        .total,
    ).toBe(0);
    expect(
      (await t.get('/api/account/doctor/phone/get-all?username=patient@demo.test', other.access)).body.items,
    ).toEqual([]);
  });

  test('log force and status force are recorded and listed in log history', async () => {
    const forced = await t.post('/api/account/operator/log/force?username=patient@demo.test', undefined, operator);
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ ok: true });
    expect(
      (await t.post('/api/account/operator/status/force?username=patient@demo.test', undefined, operator)).status,
    ).toBe(200);
    const logs = await t.get('/api/account/admin/log/history?username=patient@demo.test', doctor);
    expect(logs.status).toBe(200);
    expect((logs.body.items as Array<{ kind: string; username: string }>).map((l) => l.kind).sort()).toEqual([
      'force_request',
      'status_force_request',
    ]);
    expect((logs.body.items as Array<{ username: string }>)[0]!.username).toBe('patient@demo.test');
    const ghost = await t.post('/api/account/operator/log/force?username=ghost@demo.test', undefined, operator);
    expect(ghost.status).toBe(404);
    expect((await t.post('/api/account/doctor/log/force?username=patient@demo.test', undefined, doctor)).status).toBe(
      403,
    );
  });
});

describe('robustness', () => {
  test('every devices route answers 2xx/4xx with the error shape to bad ids and bodies, never 5xx', async () => {
    const BODIES: unknown[] = [
      {},
      { model: 123, mac: 'x', serial: '', patientId: 'x', status: 9 },
      [],
      { account: 'x'.repeat(300) },
    ];
    const failures: string[] = [];
    for (const r of DEVICES_ROUTES) {
      for (const id of [newId(), 'not-a-uuid']) {
        const url = r.url.replace(/:[a-zA-Z]+/g, id) + '?page=-1&size=abc&start=nope&username=&status=x&mhscId=zz';
        for (const token of [sa, patient]) {
          for (const body of r.method === 'GET' ? [undefined] : BODIES) {
            const res = await t.call(r.method, url, { token, ...(body === undefined ? {} : { body }) });
            if (res.status >= 500)
              failures.push(`${r.method} ${url} ${JSON.stringify(body)} → ${res.status} ${res.raw.slice(0, 160)}`);
            else if (res.status >= 400 && !(typeof res.body.code === 'string' && typeof res.body.message === 'string'))
              failures.push(`${r.method} ${url} → ${res.status} without the error shape`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
