import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { dejaVuFont } from '../../platform/pdf-report.ts';
import { buildVitalsPdf } from './vitals-export-pdf.ts';
import type { ExportFrame } from './vitals-export.frame.ts';

let t: TestApp;
let patientToken: string;
let doctorToken: string;
let patientId: string;
let tenantId: string;
let doctorUserId: string;

// Readings of 1 March 2024 (Asia/Ho_Chi_Minh, the demo users' zone: UTC+7), away from the seeded demo vitals.
const READINGS = [
  { metric: 'heart_rate', measuredAt: '2024-03-01T00:00:00Z', value: 72 },
  { metric: 'heart_rate', measuredAt: '2024-03-01T00:01:00Z', value: 150 },
  { metric: 'heart_rate', measuredAt: '2024-03-01T06:00:00Z', value: 80 },
  { metric: 'temperature', measuredAt: '2024-03-01T00:04:00Z', value: 37 },
  { metric: 'weight', measuredAt: '2024-03-01T00:05:00Z', value: 70 },
  { metric: 'blood_glucose', measuredAt: '2024-03-01T00:06:00Z', value: 5.5 },
  { metric: 'blood_pressure', measuredAt: '2024-03-01T00:07:00Z', values: { systolic: 120, diastolic: 80 } },
  { metric: 'blood_pressure', measuredAt: '2024-03-01T12:07:00Z', values: { systolic: 135, diastolic: 85 } },
];
// Outside the local day 01/03/2024: 29/02 23:30 and 02/03 01:00 in UTC+7.
const OUTSIDE = [
  { metric: 'heart_rate', measuredAt: '2024-02-29T16:30:00Z', value: 60 },
  { metric: 'heart_rate', measuredAt: '2024-03-01T18:00:00Z', value: 61 },
];

const staffUrl = (id: string, q: Record<string, string>) =>
  `/api/account/patients/${id}/vitals/export?${new URLSearchParams(q).toString()}`;
const DAY = { from: '2024-03-01', to: '2024-03-01' };

async function download(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}
function csvRows(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)|(?<=,|^)(?=,|$)/g)].map((m) =>
        (m[1] ?? m[2] ?? '').replace(/""/g, '"'),
      ),
    );
}
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();

beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  doctorToken = (await t.login('doctor')).access;
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    `select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
  doctorUserId = (
    await t.db.query<{ id: string }>("select id from users where tenant_id = $1 and email = 'doctor@demo.test'", [
      tenantId,
    ])
  )[0]!.id;
  const res = await t.call('POST', '/api/ingest/measurements', {
    token: patientToken,
    body: { readings: [...READINGS, ...OUTSIDE] },
  });
  expect(res.body).toMatchObject({ accepted: READINGS.length + OUTSIDE.length, rejected: [] });
});
afterAll(async () => {
  await t?.close();
});

describe('staff export', () => {
  test('CSV: one row per reading of the local day, local times, metric units by default, out-of-range flagged', async () => {
    const res = await download(staffUrl(patientId, { ...DAY, format: 'csv' }), doctorToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toBe(
      'attachment; filename="vitals-DEMO-P0001-2024-03-01-2024-03-01.csv"',
    );
    const [header, ...rows] = csvRows(res.text);
    expect(header).toEqual([
      'Time',
      'Metric',
      'Value',
      'Value 2 (diastolic)',
      'Unit',
      'Source / device',
      'Out of range',
      'Time (UTC, ISO 8601)',
    ]);
    expect(rows).toHaveLength(READINGS.length);
    expect(rows[0]).toEqual([
      '01/03/2024 07:00:00',
      'Heart rate',
      '72',
      '',
      'bpm',
      'Patient app',
      '',
      '2024-03-01T00:00:00.000Z',
    ]);
    expect(rows.find((r) => r[1] === 'Heart rate' && r[2] === '150')?.[6]).not.toBe('');
    expect(rows.find((r) => r[1] === 'Body temperature')?.slice(2, 5)).toEqual(['37', '', '°C']);
    expect(rows.find((r) => r[1] === 'Weight')?.slice(2, 5)).toEqual(['70', '', 'kg']);
    expect(rows.find((r) => r[1] === 'Blood pressure')?.slice(2, 5)).toEqual(['120', '80', 'mmHg']);
  });

  test('units=imperial: °F, lb, mg/dL', async () => {
    const res = await download(staffUrl(patientId, { ...DAY, format: 'csv', units: 'imperial' }), doctorToken);
    const rows = csvRows(res.text).slice(1);
    expect(rows.find((r) => r[1] === 'Body temperature')?.slice(2, 5)).toEqual(['98.6', '', '°F']);
    expect(rows.find((r) => r[1] === 'Weight')?.slice(2, 5)).toEqual(['154.32', '', 'lb']);
    expect(rows.find((r) => r[1] === 'Blood glucose')?.slice(2, 5)).toEqual(['99.1', '', 'mg/dL']);
  });

  test("the reader's own unit settings and language apply by default", async () => {
    await t.db.query(
      "update users set thermal_unit = 'F', blood_glucose_unit = 'mg/dL', language = 'vi' where id = $1",
      [doctorUserId],
    );
    const vi = (await t.login('doctor')).access;
    try {
      const res = await download(staffUrl(patientId, { ...DAY, format: 'csv' }), vi);
      const [header, ...rows] = csvRows(res.text);
      expect(header?.[0]).toBe('Thời gian');
      expect(rows.find((r) => r[1] === 'Nhiệt độ cơ thể')?.slice(2, 5)).toEqual(['98.6', '', '°F']);
      expect(rows.find((r) => r[1] === 'Đường huyết')?.[4]).toBe('mg/dL');
      expect(rows.find((r) => r[1] === 'Cân nặng')?.[4]).toBe('kg');
    } finally {
      await t.db.query(
        "update users set thermal_unit = 'C', blood_glucose_unit = 'mmol/L', language = 'en' where id = $1",
        [doctorUserId],
      );
      // A new sign-in ends the previous session of the account.
      doctorToken = (await t.login('doctor')).access;
    }
  });

  test('xlsx: a header and one row per reading, values as numbers', async () => {
    const res = await download(staffUrl(patientId, { ...DAY, format: 'xlsx' }), doctorToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Readings');
    expect(ws.rowCount).toBe(READINGS.length + 1);
    expect(ws.getRow(1).getCell(1).value).toBe('Time');
    const cell = (row: number, col: number) => ws.getRow(row).getCell(col).value;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((c) => cell(2, c))).toEqual([
      '01/03/2024 07:00:00',
      'Heart rate',
      72,
      null,
      'bpm',
      'Patient app',
      null,
      '2024-03-01T00:00:00.000Z',
    ]);
    const bp = Array.from({ length: ws.rowCount }, (_, i) => i + 1).find((r) => cell(r, 2) === 'Blood pressure')!;
    expect([3, 4, 5].map((c) => cell(bp, c))).toEqual([120, 80, 'mmHg']);
  });

  test('PDF: a report with the patient, the period, a page per few indexes', async () => {
    const res = await download(staffUrl(patientId, { ...DAY, format: 'pdf' }), doctorToken);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.bytes;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages).toHaveLength(2);
    // The document title (UTF-16 in the info dictionary) names the patient.
    expect(pdf.includes(utf16be('Vital signs report — Phuong Hoang'))).toBe(true);
  });

  test('bad dates and ranges answer 400 naming the field', async () => {
    const bad = async (q: Record<string, string>) => await download(staffUrl(patientId, q), doctorToken);
    const cases: Array<[Record<string, string>, string]> = [
      [{ from: '2024-13-01', to: '2024-03-01' }, 'from'],
      [{ to: '2024-03-01' }, 'from'],
      [{ from: '2024-03-02', to: '2024-03-01' }, 'to'],
      [{ from: '2024-01-01', to: '2025-01-01' }, 'to'],
      [{ ...DAY, format: 'docx' }, 'format'],
      [{ ...DAY, units: 'furlongs' }, 'units'],
      // The last day there is: its end would be in year 10000 (was a 500 for the PDF).
      [{ from: '9999-12-30', to: '9999-12-31', format: 'pdf' }, 'to'],
    ];
    for (const [q, field] of cases) {
      const r = await bad(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
    // 366 days is the longest period.
    expect((await bad({ from: '2024-01-01', to: '2024-12-31', format: 'csv' })).status).toBe(200);
  });

  test('access: another tenant and a patient the doctor may not see answer 404; the export is audited', async () => {
    const doc2 = (await t.login('doctor', 'demo2')).access;
    const r1 = await download(staffUrl(patientId, { ...DAY, format: 'csv' }), doc2);
    expect(r1.status).toBe(404);
    expect(JSON.parse(r1.text).code).toBe('PATIENT_NOT_FOUND');
    const center = newId();
    const other = newId();
    const scope = await t.db.query<{ scope_id: string }>(
      'select scope_id from health_centers where tenant_id = $1 limit 1',
      [tenantId],
    );
    await t.db.query('insert into health_centers (id, tenant_id, name, scope_id) values ($1, $2, $3, $4)', [
      center,
      tenantId,
      'Export Test Center',
      scope[0]!.scope_id,
    ]);
    await t.db.query(
      `insert into patients (id, tenant_id, center_id, first_name, last_name, patient_code) values ($1, $2, $3, 'Other', 'Center', 'VX-OTHER')`,
      [other, tenantId, center],
    );
    expect((await download(staffUrl(other, { ...DAY, format: 'pdf' }), doctorToken)).status).toBe(404);
    // The patient's own token may not use the staff route.
    expect((await download(staffUrl(patientId, { ...DAY, format: 'csv' }), patientToken)).status).toBe(403);
    const trail = await t.db.query<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where tenant_id = $1 and action = 'vitals.export' and resource_id = $2 order by created_at",
      [tenantId, patientId],
    );
    expect(trail.map((r) => r.details.format)).toEqual(expect.arrayContaining(['csv', 'xlsx', 'pdf']));
  });
});

describe('patient app: export for my doctor', () => {
  test('the signed-in patient exports their own readings as CSV and PDF', async () => {
    const csv = await download(
      `/api/account/me/vitals/export?${new URLSearchParams({ ...DAY, format: 'csv' }).toString()}`,
      patientToken,
    );
    expect(csv.status).toBe(200);
    expect(csvRows(csv.text)).toHaveLength(READINGS.length + 1);
    const pdf = await download(
      `/api/account/me/vitals/export?${new URLSearchParams({ ...DAY, format: 'pdf' }).toString()}`,
      patientToken,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('a staff account has no own record to export', async () => {
    const res = await download(
      `/api/account/me/vitals/export?${new URLSearchParams({ ...DAY, format: 'csv' }).toString()}`,
      doctorToken,
    );
    expect(res.status).toBe(403);
  });
});

describe('PDF builder', () => {
  const frame = (lang: 'en' | 'vi'): ExportFrame => ({
    patientId: newId(),
    patientName: lang === 'vi' ? 'Hoàng Thị Phương' : 'Phuong Hoang',
    patientCode: 'P-1',
    birthday: '1950-05-01',
    gender: 'female',
    lang,
    timeZone: 'Asia/Ho_Chi_Minh',
    prefs: { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' },
    units: 'profile',
    fromDay: '2024-03-01',
    toDay: '2024-03-07',
    from: new Date('2024-02-29T17:00:00Z'),
    to: new Date('2024-03-07T17:00:00Z'),
    generatedAt: new Date('2026-11-22T08:00:00Z'),
  });
  const read = async (s: NodeJS.ReadableStream) => {
    const parts: Buffer[] = [];
    for await (const c of s) parts.push(c as Buffer);
    return Buffer.concat(parts);
  };

  test('embeds DejaVu Sans (subset), draws charts as paths, one section per index', async () => {
    expect(dejaVuFont()).toMatch(/dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans\.ttf$/);
    const line = Array.from({ length: 50 }, (_, i) => ({
      t: Date.parse('2024-03-01T00:00:00Z') + i * 3_600_000,
      v: 60 + (i % 7),
    }));
    const stats = { count: 50, min: 60, max: 66, mean: 63 };
    const summaries = (
      ['heart_rate', 'spo2', 'temperature', 'weight', 'blood_glucose', 'respiratory_rate'] as const
    ).map((metric) => ({ metric, unit: 'u', stats, stats2: null, outOfRange: 1, line, line2: null }));
    const pdf = (await read(await buildVitalsPdf(frame('vi'), summaries, { compress: false }))).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    // 50 points joined by lines ("l" operators) in each chart.
    expect((pdf.match(/ l\n/g) ?? []).length).toBeGreaterThanOrEqual(6 * 49);
    expect(pdf).toContain('/Lang (vi)');
  });
});
