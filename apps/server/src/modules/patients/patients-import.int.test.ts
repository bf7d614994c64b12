import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_HEADER } from '@carewatch/contracts/patients';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { JOB_HANDLERS } from '../../server.ts';

let t: TestApp;
let operator: string;
let doctor: string;
let operator2: string;

const I = '/api/account/patients/import';

function multipart(
  filename: string,
  data: Buffer,
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = '----cwtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsx(header: readonly string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (token: string, name: string, data: Buffer) => t.call('POST', I, { token, ...multipart(name, data) });

/** A valid row: code, first, last, birthday, gender, height, weight, blood, phone, email, address, contract, expiry. */
const row = (n: number, over: Partial<Record<number, unknown>> = {}) => {
  const r: unknown[] = [
    `IMP-${n}`,
    'Binh',
    'Pham',
    '1965-03-0' + ((n % 9) + 1),
    'male',
    170,
    68,
    'A+',
    `0977000${String(n).padStart(3, '0')}`,
    null,
    `${n} Tran Phu, Hanoi`,
    null,
    null,
  ];
  for (const [i, v] of Object.entries(over)) r[Number(i)] = v;
  return r;
};

async function finishImport() {
  await t.runJobs();
  const cur = await t.get(`${I}/current`, operator);
  return cur.body.item as {
    id: string;
    status: string;
    processedRows: number;
    importedRows: number;
    errorRows: number;
    hasErrorFile: boolean;
    totalRows: number;
    failure: string | null;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  operator = (await t.login('operator')).access;
  doctor = (await t.login('doctor')).access;
  operator2 = (await t.login('operator', 'demo2')).access;
});
afterAll(async () => t?.close());

describe('template', () => {
  test('the template is an xlsx with the header row only, and round-trips', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${I}/template`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_HEADER]);
    expect(ws.actualRowCount).toBe(1);
    // Filled in and uploaded again: imported.
    ws.addRow(row(500));
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await upload(operator, 'filled.xlsx', filled);
    expect(up.status).toBe(201);
    const done = await finishImport();
    expect(done).toMatchObject({ status: 'done', importedRows: 1, errorRows: 0, hasErrorFile: false });
    expect((await t.get(`/api/account/patients?search=imp-500`, operator)).body.total).toBe(1);
    expect((await t.get(`${I}/template`, doctor)).status).toBe(403);
  });
});

describe('upload checks', () => {
  test('non-xlsx name, non-zip content, wrong header, empty file', async () => {
    const good = await xlsx(IMPORT_HEADER, [row(1)]);
    const byName = await upload(operator, 'patients.csv', good);
    expect([byName.status, byName.body.code]).toEqual([400, 'INVALID_FILE_TYPE']);
    const byContent = await upload(operator, 'patients.xlsx', Buffer.from('Patient ID,First name\n'));
    expect([byContent.status, byContent.body.code]).toEqual([400, 'INVALID_FILE_TYPE']);
    const header: string[] = [...IMPORT_HEADER];
    header[2] = 'Surname';
    const wrong = await upload(operator, 'patients.xlsx', await xlsx(header, [row(1)]));
    expect([wrong.status, wrong.body.code]).toEqual([400, 'FILE_INVALID_TEMPLATE']);
    const extra = await upload(operator, 'patients.xlsx', await xlsx([...IMPORT_HEADER, 'Notes'], [row(1)]));
    expect(extra.body.code).toBe('FILE_INVALID_TEMPLATE');
    const empty = await upload(operator, 'patients.xlsx', await xlsx(IMPORT_HEADER, []));
    expect([empty.status, empty.body.code]).toEqual([400, 'FILE_EMPTY']);
    expect((await t.get(`${I}/current`, operator)).body.item).toMatchObject({ status: 'done' });
  });
});

describe('import', () => {
  test('two bad rows: the rest imported; the error file names the lines and fields; a second import while queued is 409', async () => {
    const rows = [
      row(10),
      row(11),
      row(12, { 8: 'not-a-phone' }), // line 4
      row(13),
      row(14, { 3: new Date(Date.UTC(1980, 0, 2)) }),
      row(15, { 0: 'IMP-10' }), // line 7: patient id already in the file
      row(16, { 3: '2999-01-01', 4: 'x' }), // line 8: birthday and gender
      row(17, { 3: 29000 }), // Excel serial date 1979-05-25
    ];
    const up = await upload(operator, 'batch.xlsx', await xlsx(IMPORT_HEADER, rows));
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ status: 'queued', fileName: 'batch.xlsx' });
    const second = await upload(operator, 'again.xlsx', await xlsx(IMPORT_HEADER, [row(99)]));
    expect([second.status, second.body.code]).toEqual([409, 'IMPORT_IN_PROGRESS']);
    // Another tenant is not blocked.
    expect((await upload(operator2, 'other.xlsx', await xlsx(IMPORT_HEADER, [row(98)]))).status).toBe(201);

    const done = await finishImport();
    expect(done).toMatchObject({
      id: up.body.id,
      status: 'done',
      processedRows: 8,
      importedRows: 5,
      errorRows: 3,
      hasErrorFile: true,
      totalRows: 8,
    });
    const errs = await t.get(`${I}/${String(up.body.id)}/errors`, operator);
    expect(errs.status).toBe(200);
    expect(errs.headers['content-type']).toContain('text/plain');
    expect(String(errs.headers['content-disposition'])).toContain('attachment');
    const lines = errs.raw.trim().split('\n');
    expect(lines).toEqual([
      'Line 4: phone: Phone number is not valid',
      'Line 7: patientCode: Patient id exists',
      'Line 8: birthday: Birthday can not from the future',
      'Line 8: gender: Gender value is missing or invalid',
    ]);
    const b = await t.db.query<{ patient_code: string; birthday: string; status: string; center: string }>(
      "select p.patient_code, p.birthday::text as birthday, p.status, c.name as center from patients p join health_centers c on c.id = p.center_id where p.patient_code in ('IMP-14', 'IMP-17') order by 1",
    );
    expect(b).toEqual([
      { patient_code: 'IMP-14', birthday: '1980-01-02', status: 'unassigned', center: 'Ba Dinh Health Center' },
      { patient_code: 'IMP-17', birthday: '1979-05-25', status: 'unassigned', center: 'Ba Dinh Health Center' },
    ]);
    // Imported patients are searchable and obey the same uniqueness: importing again refuses every row.
    const again = await upload(operator, 'again.xlsx', await xlsx(IMPORT_HEADER, [row(10), row(11)]));
    expect(again.status).toBe(201);
    const done2 = await finishImport();
    expect(done2).toMatchObject({ importedRows: 0, errorRows: 2 });
    const errs2 = await t.get(`${I}/${String(again.body.id)}/errors`, operator);
    expect(errs2.raw).toContain('Line 2: patientCode: Patient id exists');
    expect(errs2.raw).toContain('Line 2: phone: Phone number is used by another account');
    // Other tenants cannot read this import.
    expect((await t.get(`${I}/${String(up.body.id)}`, operator2)).status).toBe(404);
    expect((await t.get(`${I}/${String(up.body.id)}/errors`, operator2)).status).toBe(404);
  });

  test('identifier rule and email with an account, row by row', async () => {
    const rows = [
      row(30, { 0: null, 8: null, 9: null }), // no identifier
      row(31, { 9: 'doctor@demo.test' }),
      row(32, { 9: 'someone.new@demo.test' }),
    ];
    expect((await upload(operator, 'ids.xlsx', await xlsx(IMPORT_HEADER, rows))).status).toBe(201);
    const done = await finishImport();
    expect(done).toMatchObject({ importedRows: 1, errorRows: 2 });
    const errs = await t.get(`${I}/${done.id}/errors`, operator);
    expect(errs.raw).toContain('Line 2: patientCode: At least one of patient id, phone or email is required');
    expect(errs.raw).toContain('Line 3: email:');
  });

  test('a database failure in the middle: the job resumes after the last committed batch, counts exact, nothing twice', async () => {
    // 2,500 rows (batches of 1,000): every 100th has a bad phone, row 1,700 repeats the patient id of row 1,600.
    const rows: unknown[][] = [];
    for (let i = 0; i < 2500; i++) {
      const n = 5000 + i;
      const over: Partial<Record<number, unknown>> = { 8: `09${String(n).padStart(8, '0')}` };
      if (i % 100 === 99) over[8] = 'bad-phone';
      if (i === 1700) over[0] = 'IMP-6600';
      rows.push(row(n, over));
    }
    const up = await upload(operator, 'resume.xlsx', await xlsx(IMPORT_HEADER, rows));
    expect(up.status).toBe(201);
    // The second batch's insert fails, as if the connection dropped: the first batch is committed, the rest not.
    let inserts = 0;
    const failing = (db: Db): Db => ({
      kind: db.kind,
      query: (text, params) =>
        /insert into patients/.test(text) && ++inserts === 2
          ? Promise.reject(new Error('connection lost (injected)'))
          : db.query(text, params),
      tx: (fn) => db.tx((inner) => fn(failing(inner))),
      close: () => db.close(),
    });
    await runDueJobs({ ...t.deps, db: failing(t.db) }, JOB_HANDLERS);
    const mid = (await t.get(`${I}/current`, operator)).body.item as {
      status: string;
      importedRows: number;
      errorRows: number;
      processedRows: number;
    };
    expect(mid).toMatchObject({ status: 'running', processedRows: 1000, importedRows: 990, errorRows: 10 });
    const job = await t.db.query<{ status: string; last_error: string }>(
      `select status, last_error from jobs where kind = 'patients.import' and payload->>'importId' = $1`,
      [String(up.body.id)],
    );
    expect(job[0]).toMatchObject({ status: 'pending', last_error: 'connection lost (injected)' });
    // Another upload waits for this one; the retry (after its backoff) resumes it.
    expect((await upload(operator, 'other.xlsx', await xlsx(IMPORT_HEADER, [row(9999)]))).body.code).toBe(
      'IMPORT_IN_PROGRESS',
    );
    t.clock.advance(10_000);
    const done = await finishImport();
    expect(done).toMatchObject({
      status: 'done',
      processedRows: 2500,
      importedRows: 2474,
      errorRows: 26,
      totalRows: 2500,
    });
    const codes = await t.db.query<{ n: number; distinct: number }>(
      `select count(*)::int n, count(distinct patient_code)::int as distinct from patients where patient_code between 'IMP-5000' and 'IMP-7499'`,
    );
    expect(codes[0]).toEqual({ n: 2474, distinct: 2474 });
    const lines = (await t.get(`${I}/${done.id}/errors`, operator)).raw.trim().split('\n');
    expect(lines).toHaveLength(26);
    expect(new Set(lines).size).toBe(26);
    expect(lines).toContain('Line 1702: patientCode: Patient id exists');
    expect(lines.filter((l) => l.endsWith('phone: Phone number is not valid'))).toHaveLength(25);
    expect(lines.some((l) => l.includes('Patient id exists') && !l.startsWith('Line 1702:'))).toBe(false);
  });
});

describe('file store (issue 18: any process may run the import)', () => {
  test("the upload and the error file live in the file store, not on this process's disk; the upload goes when done", async () => {
    const up = await upload(
      operator,
      'store.xlsx',
      await xlsx(IMPORT_HEADER, [row(800), row(801, { 8: 'bad-phone' })]),
    );
    expect(up.status, up.raw).toBe(201);
    const [imp] = await t.db.query<{ file_path: string }>('select file_path from patient_imports where id = $1', [
      String(up.body.id),
    ]);
    expect(imp!.file_path).toMatch(/^files\/patient-imports\/[0-9a-f-]+\/[A-Za-z0-9_-]+\.xlsx$/);
    expect(await t.deps.files.size(imp!.file_path)).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'files'))).toBe(false);
    const done = await finishImport();
    expect(done).toMatchObject({ status: 'done', importedRows: 1, errorRows: 1, hasErrorFile: true });
    expect(await t.deps.files.size(imp!.file_path)).toBeNull();
    const errs = await t.app.inject({
      method: 'GET',
      url: `${I}/${done.id}/errors`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(errs.statusCode).toBe(200);
    expect(errs.body).toBe('Line 3: phone: Phone number is not valid\n');
    expect(errs.headers['content-length']).toBe(String(Buffer.byteLength(errs.body)));
    expect(await t.db.query('select 1 from patient_import_error_parts where import_id = $1', [done.id])).toEqual([]);
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'files'))).toBe(false);
  });

  test('an upload gone from the store ends the import as failed with a plain message (no server path)', async () => {
    const up = await upload(operator, 'gone.xlsx', await xlsx(IMPORT_HEADER, [row(810)]));
    expect(up.status, up.raw).toBe(201);
    const [imp] = await t.db.query<{ file_path: string }>('select file_path from patient_imports where id = $1', [
      String(up.body.id),
    ]);
    await t.deps.files.remove(imp!.file_path);
    const done = await finishImport();
    expect(done).toMatchObject({ status: 'failed', failure: 'The uploaded file is no longer available' });
  });

  test('a file the reader cannot parse fails with a fixed message', async () => {
    const up = await upload(operator, 'broken.xlsx', await xlsx(IMPORT_HEADER, [row(820)]));
    expect(up.status, up.raw).toBe(201);
    const [imp] = await t.db.query<{ file_path: string }>('select file_path from patient_imports where id = $1', [
      String(up.body.id),
    ]);
    // Replaced by bytes that start like a zip but are not one.
    await t.deps.files.put(
      imp!.file_path,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]),
    );
    const done = await finishImport();
    expect(done.status).toBe('failed');
    expect(done.failure).toBe('The file could not be read');
  });
});
