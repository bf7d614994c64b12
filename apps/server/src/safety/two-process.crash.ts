import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IMPORT_HEADER } from '@carewatch/contracts/patients';
import { apiOk, demoLogin, envInt, scratchDatabase, ServerProcess, sleep, TwilioStub } from './crash-support.ts';

/**
 * Two server processes on one PostgreSQL database (issue 18, "Proof"), as an operator scaling out runs them: distinct
 * ports, distinct DATA_DIRs (so a file kept on one process's disk cannot be read by the other), MQTT off, the same
 * master key (SECRETS_KEY), both started at once with SEED_DEMO on (one seeds, the other waits for it).
 *
 * 1. Through A: an avatar, a patient attachment and a patient import; all three read through B byte for byte (the
 *    import's progress, result and error file). The import job is claimed once and finishes once. An SOS sent through
 *    A reaches a doctor's WebSocket connected to B.
 * 2. The process running an import is SIGKILLed while it also has alert deliveries in flight at the provider (a
 *    Twilio-compatible stub holding every request past the client's timeout): the other process alone finishes the
 *    import with the file's exact counts and sends every delivery exactly once, the dead process's claims included.
 *
 * Size: TWO_PROCESS_IMPORT_ROWS (CI 5,000; soak 15,000) in the crash; every 250th row has a bad phone number.
 */

const ROWS = envInt('TWO_PROCESS_IMPORT_ROWS', 5_000, 15_000);
const SMALL_ROWS = 300;
const BAD_EVERY = 250;
/** Every 50th row of the small import is bad: a few lines in its error file. */
const SMALL_BAD_EVERY = 50;
const INGEST = '/api/ingest/measurements';
/** A 1×1 PNG; random bytes after its end make every upload distinct (the stored bytes are compared). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let db: Awaited<ReturnType<typeof scratchDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
const stub = new TwilioStub();
const sockets: WebSocket[] = [];

beforeAll(async () => {
  await stub.start();
  db = await scratchDatabase('cw_crash_two');
  const shared = {
    DATABASE_URL: db.url,
    SEED_DEMO: '1',
    DEMO_VITALS_DAYS: '0',
    JOB_LEASE_SECONDS: '5',
    // Every process on one database needs the same master key (the stored secrets: token signing key, pepper).
    SECRETS_KEY: crypto.randomBytes(32).toString('hex'),
    ...stub.env(),
  };
  // PGAPPNAME names each process's connections in pg_stat_activity: the test finds which one runs the import.
  a = await ServerProcess.create({ ...shared, PGAPPNAME: 'cw-a' });
  b = await ServerProcess.create({ ...shared, PGAPPNAME: 'cw-b' });
  const t0 = Date.now();
  // At once, as a deployment of two replicas starts: migrations (advisory lock) and the demo seed (ditto) run once.
  await Promise.all([a.start(), b.start()]);
  console.log(`two-process: both processes up in ${Date.now() - t0} ms (ports ${a.port}, ${b.port})`);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.terminate();
  await a?.dispose();
  await b?.dispose();
  await stub.close();
  await db?.drop();
}, 60_000);

async function waitFor<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null | undefined>,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null && v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function upload(
  base: string,
  url: string,
  token: string,
  name: string,
  data: Buffer,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

async function download(base: string, url: string, token: string): Promise<{ status: number; data: Buffer }> {
  const res = await fetch(`${base}${url}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
}

/** Phone numbers 08xxxxxxxx from `phoneBase` on: each import its own range (a patient's phone is unique in a tenant). */
async function spreadsheet(prefix: string, rows: number, badEvery: number, phoneBase: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...IMPORT_HEADER]);
  for (let i = 0; i < rows; i++) {
    const phone = i % badEvery === badEvery - 1 ? 'not-a-phone' : `08${String(phoneBase + i).padStart(8, '0')}`;
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

type Import = {
  id: string;
  status: string;
  processedRows: number;
  importedRows: number;
  errorRows: number;
  totalRows: number;
  hasErrorFile: boolean;
  failure?: string | null;
};

/** Polls one import through `base` until it has ended. */
async function importEnded(base: string, token: string, id: string, ms: number): Promise<Import> {
  return waitFor(
    `import ${id} to end`,
    ms,
    async () => {
      const cur = (await apiOk(base, 'GET', `/api/account/patients/import/${id}`, { token })) as unknown as Import;
      return cur.status === 'done' || cur.status === 'failed' ? cur : null;
    },
    200,
  );
}

/** A doctor's portal socket; resolves once the server said hello. Frames are kept. */
async function portalSocket(
  base: string,
  token: string,
): Promise<{ frames: Array<{ at: number; f: Record<string, unknown> }> }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws?access_token=${encodeURIComponent(token)}`);
  sockets.push(ws);
  const frames: Array<{ at: number; f: Record<string, unknown> }> = [];
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as Record<string, unknown>;
      frames.push({ at: Date.now(), f });
      if (f.type === 'hello') resolve();
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
  return { frames };
}

const demoPatientId = async () =>
  (
    await db.pool.query<{ id: string }>(
      "select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'",
    )
  ).rows[0]!.id;

test('started at once: one schema, one demo seed, both processes serve it', async () => {
  expect(a.dataDir).not.toBe(b.dataDir);
  const tenants = (await db.pool.query<{ code: string }>('select code from tenants order by code')).rows.map(
    (r) => r.code,
  );
  expect(tenants).toEqual(['demo', 'demo2']);
  const migrations = await db.pool.query<{ n: number; d: number }>(
    'select count(*)::int as n, count(distinct name)::int as d from schema_migrations',
  );
  expect(migrations.rows[0]!.n).toBe(migrations.rows[0]!.d);
  // A token signed by one process is good on the other (one signing key, kept in the database).
  const token = await demoLogin(a.baseUrl, 'operator@demo.test', 'demo');
  await apiOk(b.baseUrl, 'GET', '/api/account/me/profile/get', { token });
});

test('an avatar uploaded through A is read through B, byte for byte', async () => {
  const token = await demoLogin(a.baseUrl, 'doctor@demo.test', 'demo');
  const png = Buffer.concat([PNG, crypto.randomBytes(64)]);
  const up = await upload(a.baseUrl, '/api/account/me/profile/upload-avatar', token, 'me.png', png);
  expect(up.status).toBe(200);
  const got = await download(b.baseUrl, '/api/account/me/avatar', token);
  expect(got.status).toBe(200);
  expect(got.data.equals(png)).toBe(true);
});

test("a patient's attachment uploaded through A is downloaded through B, byte for byte", async () => {
  const token = await demoLogin(a.baseUrl, 'operator@demo.test', 'demo');
  const patientId = await demoPatientId();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(20_000), Buffer.from('\n%%EOF\n')]);
  const up = await upload(a.baseUrl, `/api/account/patients/${patientId}/attachments`, token, 'scan.pdf', pdf);
  expect(up.status).toBe(201);
  const got = await download(b.baseUrl, `/api/account/patients/${patientId}/attachments/${String(up.body.id)}`, token);
  expect(got.status).toBe(200);
  expect(got.data.equals(pdf)).toBe(true);
});

let smallImport: { id: string; prefix: string } | null = null;

test('an import uploaded through A: its job is claimed once and finishes once, every row imported once', async () => {
  const token = await demoLogin(a.baseUrl, 'operator@demo.test', 'demo');
  const prefix = `TWOPROC${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const up = await upload(
    a.baseUrl,
    '/api/account/patients/import',
    token,
    'patients.xlsx',
    await spreadsheet(prefix, SMALL_ROWS, SMALL_BAD_EVERY, 10_000_000),
  );
  expect(up.status).toBe(201);
  const id = String(up.body.id);
  smallImport = { id, prefix };
  // Progress and result through B (whichever process runs the job).
  const done = await importEnded(b.baseUrl, token, id, 60_000);
  const bad = Math.floor(SMALL_ROWS / SMALL_BAD_EVERY);
  expect(done).toMatchObject({
    id,
    status: 'done',
    processedRows: SMALL_ROWS,
    totalRows: SMALL_ROWS,
    importedRows: SMALL_ROWS - bad,
    errorRows: bad,
    hasErrorFile: true,
  });
  const jobs = await db.pool.query<{ status: string; attempts: number }>(
    "select status, attempts from jobs where kind = 'patients.import' and payload->>'importId' = $1",
    [id],
  );
  expect(jobs.rows).toEqual([{ status: 'done', attempts: 1 }]);
  const patients = await db.pool.query<{ n: number }>(
    'select count(*)::int as n, count(distinct patient_code)::int as d from patients where patient_code like $1',
    [`${prefix}-%`],
  );
  expect(patients.rows[0]).toEqual({ n: SMALL_ROWS - bad, d: SMALL_ROWS - bad });
});

test("the import's error file is downloaded through B", async () => {
  expect(smallImport, 'the import test ran').not.toBeNull();
  const token = await demoLogin(b.baseUrl, 'operator@demo.test', 'demo');
  const got = await download(b.baseUrl, `/api/account/patients/import/${smallImport!.id}/errors`, token);
  expect(got.status).toBe(200);
  const lines = got.data.toString('utf8').trim().split('\n');
  const bad = Math.floor(SMALL_ROWS / SMALL_BAD_EVERY);
  expect(lines).toHaveLength(bad);
  expect(lines.every((l) => l.endsWith('phone: Phone number is not valid'))).toBe(true);
});

test("an SOS sent through A reaches a doctor's WebSocket on B", async () => {
  const doctor = await demoLogin(b.baseUrl, 'doctor@demo.test', 'demo');
  const sock = await portalSocket(b.baseUrl, doctor);
  const patient = await demoLogin(a.baseUrl, 'patient@demo.test', 'demo', true);
  const patientId = await demoPatientId();
  const t0 = Date.now();
  const sos = await apiOk(a.baseUrl, 'POST', '/api/account/me/sos', {
    token: patient,
    body: { message: { kind: 'choice', choice: 'need_help' }, location: { lat: 16.4637, lng: 107.5909 } },
  });
  expect(sos).toBeTruthy();
  const frame = await waitFor(
    'sos.opened on B',
    10_000,
    async () => sock.frames.find((x) => x.f.type === 'sos.opened' && x.f.patientId === patientId),
    20,
  );
  console.log(`two-process: SOS through A → frame on B in ${frame.at - t0} ms`);
  expect(frame.at - t0).toBeLessThan(5_000);
});

/** Reading times: strictly increasing, just before now (future readings are refused). */
let tick = 0;
const nowish = () => new Date(Date.now() - 120_000 + tick++ * 10).toISOString();

test(`SIGKILL of the process running a ${ROWS}-row import with alert deliveries in flight: the other finishes both, nothing lost, nothing doubled`, async () => {
  const t0 = Date.now();
  const patients = [
    { tenant: 'demo', login: 'patient@demo.test' },
    { tenant: 'demo2', login: 'patient@demo2.test' },
  ];
  const tokens = await Promise.all(patients.map((p, i) => demoLogin((i ? b : a).baseUrl, p.login, p.tenant, true)));
  const operator = await demoLogin(a.baseUrl, 'operator@demo.test', 'demo');
  const prefix = `TWOKILL${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const file = await spreadsheet(prefix, ROWS, BAD_EVERY, 20_000_000);
  const sosBefore = (
    await db.pool.query<{ n: number }>(
      "select count(*)::int as n from alerts where metric = 'heart_rate' and level = 'sos'",
    )
  ).rows[0]!.n;

  // The provider holds every request past the client's 10 s timeout (never sent): deliveries stay in flight.
  stub.timeoutRate = 1;
  const WAVES = 2;
  for (let w = 0; w < WAVES; w++) {
    // A normal heart rate closes the patient's heart-rate alert; the SOS-level one after it opens a new one, each
    // with a text and a call to each of three followers. Posted through both processes.
    for (const [i, token] of tokens.entries()) {
      const base = (i + w) % 2 ? b.baseUrl : a.baseUrl;
      const body = await apiOk(base, 'POST', INGEST, {
        token,
        body: {
          readings: [
            { metric: 'heart_rate', value: 75, measuredAt: nowish() },
            { metric: 'heart_rate', value: 210, measuredAt: nowish() },
          ],
        },
        timeoutMs: 30_000,
      });
      expect(body.accepted).toBe(2);
    }
  }
  await waitFor(
    'deliveries claimed',
    5_000,
    async () =>
      (
        await db.pool.query<{ n: number }>(
          "select count(*)::int as n from deliveries where status = 'sending' and channel in ('sms', 'call')",
        )
      ).rows[0]!.n >= 8
        ? true
        : null,
    50,
  );

  const started = new Date();
  const up = await upload(a.baseUrl, '/api/account/patients/import', operator, 'big.xlsx', file);
  expect(up.status).toBe(201);
  const importId = String(up.body.id);
  // Kill the process running the import once a batch is committed and well before the end. Meanwhile, which process
  // runs it: the one whose connections run the job's own statements (a batch's insert, its progress update; the
  // upload's statements, on A, are not these).
  const seen = new Set<string>();
  const atKill = await waitFor(
    'the import under way',
    30_000,
    async () => {
      const who = await db.pool.query<{ application_name: string }>(
        `select distinct application_name from pg_stat_activity where application_name in ('cw-a', 'cw-b') and query_start >= $1
          and (query ilike '%set processed_rows%' or query ilike '%jsonb_array_elements(convert_from%')`,
        [started],
      );
      for (const r of who.rows) seen.add(r.application_name);
      const r = (
        await db.pool.query<{ status: string; processed_rows: number }>(
          'select status, processed_rows from patient_imports where id = $1',
          [importId],
        )
      ).rows[0]!;
      if (r.status === 'done' || r.status === 'failed')
        throw new Error(`import ended before the kill: ${JSON.stringify(r)}`);
      return r.processed_rows >= 1000 ? r : null;
    },
    10,
  );
  const names = [...seen];
  expect(names, 'exactly one process runs the import').toHaveLength(1);
  const [victim, survivor] = names[0] === 'cw-a' ? [a, b] : [b, a];
  const inFlight = (
    await db.pool.query<{ id: string; locked_until: Date }>(
      "select id, locked_until from deliveries where status = 'sending'",
    )
  ).rows;
  await victim.kill();
  const killedAt = Date.now();
  stub.timeoutRate = 0; // new requests succeed; the held ones are still dropped unsent
  expect(atKill.processed_rows).toBeLessThan(ROWS);
  expect(inFlight.length, 'deliveries in flight at the kill').toBeGreaterThan(0);

  // The import: taken over by the survivor after the lease (5 s), resumed, exact counts; read through the survivor.
  // Soft: the deliveries below are checked whatever the import's outcome.
  const token = await demoLogin(survivor.baseUrl, 'operator@demo.test', 'demo');
  const done = await importEnded(survivor.baseUrl, token, importId, 120_000);
  const importMs = Date.now() - killedAt;
  const bad = Math.floor(ROWS / BAD_EVERY);
  expect.soft(done).toMatchObject({
    id: importId,
    status: 'done',
    processedRows: ROWS,
    totalRows: ROWS,
    importedRows: ROWS - bad,
    errorRows: bad,
  });
  const jobs = await db.pool.query<{ status: string; attempts: number }>(
    "select status, attempts from jobs where kind = 'patients.import' and payload->>'importId' = $1",
    [importId],
  );
  // Claimed by the victim, then once by the survivor.
  expect.soft(jobs.rows).toEqual([{ status: 'done', attempts: 2 }]);
  const count = await db.pool.query<{ n: number; d: number }>(
    'select count(*)::int as n, count(distinct patient_code)::int as d from patients where patient_code like $1',
    [`${prefix}-%`],
  );
  expect.soft(count.rows[0]).toEqual({ n: ROWS - bad, d: ROWS - bad });
  const errs = await download(survivor.baseUrl, `/api/account/patients/import/${importId}/errors`, token);
  expect.soft(errs.status).toBe(200);
  const lines = errs.data.toString('utf8').trim().split('\n');
  expect.soft(lines).toHaveLength(bad);
  expect.soft(new Set(lines).size).toBe(bad);

  // Deliveries: the survivor's own held requests time out (10 s) and are retried; the victim's claims stay until
  // their lease (15 s, renewed every 5 s while alive) runs out, then the survivor sends them. Past one renewal, what is
  // still claimed with the same lease as at the kill was the victim's (the survivor renewed its own).
  await sleep(Math.max(0, killedAt + 7_000 - Date.now()));
  const stillHeld = (
    await db.pool.query<{ id: string; locked_until: Date }>(
      "select id, locked_until from deliveries where status = 'sending'",
    )
  ).rows.filter((r) => inFlight.some((x) => x.id === r.id && x.locked_until.getTime() === r.locked_until.getTime()));
  expect(stillHeld.length, "the victim's claimed deliveries").toBeGreaterThan(0);
  await waitFor(
    'every delivery in a final state',
    120_000,
    async () =>
      (
        await db.pool.query<{ n: number }>(
          "select count(*)::int as n from deliveries where status in ('pending', 'sending')",
        )
      ).rows[0]!.n === 0
        ? true
        : null,
    500,
  );
  const drainMs = Date.now() - killedAt;

  const rows = (
    await db.pool.query<{ dedupe_key: string; channel: string; status: string }>(
      'select dedupe_key, channel, status from deliveries',
    )
  ).rows;
  const byStatus = rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  expect(byStatus, 'deliveries by status').toEqual({ sent: rows.length });
  const sos =
    (
      await db.pool.query<{ n: number }>(
        "select count(*)::int as n from alerts where metric = 'heart_rate' and level = 'sos'",
      )
    ).rows[0]!.n - sosBefore;
  expect(sos).toBe(WAVES * patients.length);
  const phone = rows.filter((r) => r.channel === 'sms' || r.channel === 'call');
  const received = new Map<string, number>();
  for (const r of stub.sent) received.set(r.key ?? '(no key)', (received.get(r.key ?? '(no key)') ?? 0) + 1);
  const lost = phone.filter((r) => !received.has(r.dedupe_key)).map((r) => r.dedupe_key);
  const doubled = [...received.entries()].filter(([, n]) => n > 1).map(([k]) => k);
  const unknown = [...received.keys()].filter((k) => !phone.some((r) => r.dedupe_key === k));
  console.log(
    `two-process crash: import resumed and done ${importMs} ms after the kill; ${phone.length} texts and calls` +
      ` (${inFlight.length} in flight at the kill, ${stillHeld.length} held by the killed process) all sent once, drained ${drainMs} ms after the kill; test ${Date.now() - t0} ms`,
  );
  expect(lost, 'sent in the outbox but never received').toEqual([]);
  expect(doubled, 'received twice').toEqual([]);
  expect(unknown, 'received without an outbox row').toEqual([]);
}, 300_000);
