import crypto from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, test } from 'vitest';
import { IMPORT_HEADER } from '@carewatch/contracts/patients';
import { openPglite } from '../platform/db.ts';
import { apiOk, demoLogin, envInt, scratchDatabase, ServerProcess, sleep } from './crash-support.ts';

/**
 * A patient import killed mid-way (issue 14, item 10): the server process is SIGKILLed while a bulk import runs and
 * started again on the same database and DATA_DIR. The import must resume (no five-minute block, no second insert of
 * a committed row) and end with exactly the counts of the file: every valid row imported once, every bad row reported
 * once in the error file. Runs on PostgreSQL (the job's claim expires after JOB_LEASE_SECONDS) and on the embedded
 * database (its folder is locked to one process, so a restart takes the dead process's jobs at once).
 * Size: CRASH_IMPORT_ROWS (CI 5,000; soak 15,000); every 250th row has a bad phone number.
 */

const ROWS = envInt('CRASH_IMPORT_ROWS', 5_000, 15_000);
const BAD_EVERY = 250;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
}, 60_000);

async function spreadsheet(prefix: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...IMPORT_HEADER]);
  for (let i = 0; i < ROWS; i++) {
    const phone = i % BAD_EVERY === BAD_EVERY - 1 ? 'not-a-phone' : `08${String(i).padStart(8, '0')}`;
    ws.addRow([
      `${prefix}-${i}`,
      'Lan',
      'Tran',
      '1970-01-0' + ((i % 9) + 1),
      'female',
      160,
      55,
      'O+',
      phone,
      null,
      `${i} Le Loi, Hue`,
      null,
      null,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Current = {
  id: string;
  status: string;
  processedRows: number;
  importedRows: number;
  errorRows: number;
  totalRows: number;
  failure: string | null;
};

async function scenario(server: ServerProcess, statusAfterKill: (importId: string) => Promise<string>): Promise<void> {
  await server.start();
  let prefix = '';
  let importId = '';
  let token = '';
  // The kill must land mid-way. On a loaded machine the rest of the import can finish between the progress answer and
  // the signal (seen once in CI on the embedded database): that attempt proves nothing, so it is made once more with a
  // new file; missing twice fails.
  for (let attempt = 1; ; attempt++) {
    prefix = `CRASHIMP${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const file = await spreadsheet(prefix);
    token = await demoLogin(server.baseUrl, 'operator@demo.test', 'demo');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'crash.xlsx');
    const up = await fetch(`${server.baseUrl}/api/account/patients/import`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(up.status).toBe(201);
    importId = String(((await up.json()) as { id: string }).id);

    // Kill once at least one batch is committed and well before the end.
    let atKill: Current | null = null;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const cur = (await apiOk(server.baseUrl, 'GET', '/api/account/patients/import/current', { token }))
        .item as Current;
      if (cur.status === 'done' || cur.status === 'failed')
        throw new Error(`import ended before the kill: ${JSON.stringify(cur)}`);
      if (cur.processedRows >= 1000) {
        atKill = cur;
        break;
      }
      await sleep(25);
    }
    expect(atKill).not.toBeNull();
    await server.kill();
    // The kill landed mid-way: the import is not finished in the database.
    const status = await statusAfterKill(importId);
    if (status === 'running') break;
    if (attempt === 2) expect(status).toBe('running');
    await server.start();
  }

  const t0 = Date.now();
  await server.start();
  token = await demoLogin(server.baseUrl, 'operator@demo.test', 'demo');
  let done: Current | null = null;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const cur = (await apiOk(server.baseUrl, 'GET', '/api/account/patients/import/current', { token })).item as Current;
    if (cur.status === 'done' || cur.status === 'failed') {
      done = cur;
      break;
    }
    await sleep(200);
  }
  const bad = Math.floor(ROWS / BAD_EVERY);
  expect(done).toMatchObject({
    id: importId,
    status: 'done',
    failure: null,
    processedRows: ROWS,
    totalRows: ROWS,
    importedRows: ROWS - bad,
    errorRows: bad,
  });
  expect(Date.now() - t0).toBeLessThan(120_000);
  // Each valid row is a patient once; each bad row is one line of the error file.
  const list = await apiOk(server.baseUrl, 'GET', `/api/account/patients?search=${prefix}&page=0&size=1`, { token });
  expect(list.total).toBe(ROWS - bad);
  const errs = await fetch(`${server.baseUrl}/api/account/patients/import/${importId}/errors`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const lines = (await errs.text()).trim().split('\n');
  expect(lines).toHaveLength(bad);
  expect(new Set(lines).size).toBe(bad);
  expect(lines.every((l) => l.endsWith('phone: Phone number is not valid'))).toBe(true);
  // The tenant can import again at once.
  const one = new ExcelJS.Workbook();
  one
    .addWorksheet('Patients')
    .addRows([
      [...IMPORT_HEADER],
      [`${prefix}-next`, 'Minh', 'Vo', '1971-02-03', 'male', 170, 70, 'A+', '0899999999', null, null, null, null],
    ]);
  const form2 = new FormData();
  form2.append('file', new Blob([new Uint8Array(await one.xlsx.writeBuffer())]), 'next.xlsx');
  const next = await fetch(`${server.baseUrl}/api/account/patients/import`, {
    method: 'POST',
    body: form2,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(next.status).toBe(201);
  await server.stop();
}

describe('patient import killed mid-way', () => {
  test(`PostgreSQL: ${ROWS} rows, SIGKILL, restart: resumed, exact counts`, async () => {
    const db = await scratchDatabase('cw_crash_imp');
    cleanups.push(db.drop);
    const server = await ServerProcess.create({
      DATABASE_URL: db.url,
      SEED_DEMO: '1',
      DEMO_VITALS_DAYS: '0',
      JOB_LEASE_SECONDS: '3',
    });
    cleanups.push(() => server.dispose());
    await scenario(
      server,
      async (id) =>
        (await db.pool.query<{ status: string }>('select status from patient_imports where id = $1', [id])).rows[0]!
          .status,
    );
  });

  test(`embedded database: ${ROWS} rows, SIGKILL, restart on the same DATA_DIR: resumed, exact counts`, async () => {
    const server = await ServerProcess.create({ DATABASE_URL: '', SEED_DEMO: '1', DEMO_VITALS_DAYS: '0' });
    cleanups.push(() => server.dispose());
    await scenario(server, async (id) => {
      // The killed process's folder, opened for a look while no server runs on it.
      const pgl = await openPglite(path.join(server.dataDir, 'pg'));
      try {
        return (await pgl.query<{ status: string }>('select status from patient_imports where id = $1', [id]))[0]!
          .status;
      } finally {
        await pgl.close();
      }
    });
  });
});
