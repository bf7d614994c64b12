import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, apiOk, demoLogin, envInt, scratchDatabase, ServerProcess, sleep } from './crash-support.ts';

/**
 * Ingest durability (issue 7, "Crash and faults"): 50 simulated cellular devices send readings over HTTP with retries
 * (the same batch again after any error or timeout) while the server process is SIGKILLed and restarted on the same
 * port and database. Every reading whose batch got a 2xx must be in `measurements`, none twice, and the hourly
 * rollup kept in the same statement must count each stored reading once.
 * Sizes: CRASH_READINGS (CI 10,000; soak 100,000), CRASH_INGEST_KILLS (CI 3; soak 5).
 */

const DEVICES = 50;
const READINGS = envInt('CRASH_READINGS', 10_000, 100_000);
const KILLS = envInt('CRASH_INGEST_KILLS', 3, 5);
const BATCH = READINGS >= 50_000 ? 25 : 10;

type Device = { id: string; secret: string; patientId: string };
type Reading = { metric: string; measuredAt: string; value: number };

let db: Awaited<ReturnType<typeof scratchDatabase>>;
let server: ServerProcess;

beforeAll(async () => {
  db = await scratchDatabase('cw_crash');
  server = await ServerProcess.create({ DATABASE_URL: db.url, SEED_DEMO: '1', DEMO_VITALS_DAYS: '0' });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.dispose();
  await db?.drop();
}, 60_000);

/** 50 J2025E devices of the demo tenant, one per demo patient, with fresh credentials (as scripts/simulate.ts does). */
async function createDevices(): Promise<Device[]> {
  const token = await demoLogin(server.baseUrl, 'sysadmin@demo.test', 'demo');
  const page = await apiOk(server.baseUrl, 'GET', '/api/account/patients?page=0&size=200&sort=createdAt', { token });
  const patients = (page.items as Array<{ id: string; patientCode: string | null }>).filter((p) => p.patientCode);
  expect(patients.length).toBeGreaterThanOrEqual(DEVICES);
  const run = crypto.randomBytes(3).toString('hex').toUpperCase();
  const devices: Device[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const p = patients[i]!;
    const imei = `35${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}${String(i).padStart(4, '0')}`;
    const dev = await apiOk(server.baseUrl, 'POST', '/api/account/devices', {
      token,
      body: {
        model: 'J2025E',
        account: p.patientCode,
        mac: null,
        imei,
        serial: `CRASH-${run}-${i}`,
        name: `Crash ${run} #${i}`,
      },
    });
    await apiOk(server.baseUrl, 'PUT', `/api/account/devices/${String(dev.id)}/assign`, {
      token,
      body: { patientId: p.id },
    });
    const cred = await apiOk(server.baseUrl, 'POST', `/api/account/devices/${String(dev.id)}/credentials`, {
      token,
      body: {},
    });
    devices.push({ id: String(cred.deviceId), secret: String(cred.secret), patientId: p.id });
  }
  return devices;
}

/** Normal readings only (the alert engine stays on its cheap path); one per second per device, in the past. */
function readingsOf(index: number, count: number, base: number): Reading[] {
  const out: Reading[] = [];
  for (let j = 0; j < count; j++) {
    const measuredAt = new Date(base + j * 1000 + index).toISOString();
    switch (j % 3) {
      case 0:
        out.push({ metric: 'heart_rate', measuredAt, value: 60 + ((j * 7 + index) % 35) });
        break;
      case 1:
        out.push({ metric: 'spo2', measuredAt, value: 95 + ((j + index) % 5) });
        break;
      default:
        out.push({ metric: 'steps', measuredAt, value: (j * 13 + index) % 40 });
    }
  }
  return out;
}

const keyOf = (source: string, metric: string, at: number) => `${source}|${metric}|${at}`;

test(`every acknowledged reading survives ${KILLS} SIGKILLs, none stored twice`, async () => {
  const devices = await createDevices();
  const perDevice = Math.ceil(READINGS / DEVICES);
  const base = Date.now() - (perDevice + 600) * 1000;
  const acked = new Set<string>();
  const stats = { batches: 0, attempts: 0, errors: 0, accepted: 0, duplicates: 0 };
  const refusals: string[] = [];

  /** Sends one batch until it gets a 2xx (network error, timeout, 5xx: same batch again). */
  async function sendBatch(d: Device, batch: Reading[]): Promise<void> {
    const auth = `Basic ${Buffer.from(`${d.id}:${d.secret}`).toString('base64')}`;
    for (let attempt = 0; ; attempt++) {
      stats.attempts++;
      try {
        const r = await api(server.baseUrl, 'POST', '/api/ingest/measurements', {
          token: auth,
          body: { readings: batch },
          timeoutMs: 20_000,
        });
        if (r.status >= 200 && r.status < 300) {
          const rejected = new Set(
            ((r.body.rejected as Array<{ index: number }> | undefined) ?? []).map((x) => x.index),
          );
          if (rejected.size > 0)
            refusals.push(`${rejected.size} readings refused: ${JSON.stringify(r.body.rejected).slice(0, 200)}`);
          batch.forEach((x, i) => {
            if (!rejected.has(i)) acked.add(keyOf(`device:${d.id}`, x.metric, Date.parse(x.measuredAt)));
          });
          stats.accepted += Number(r.body.accepted ?? 0);
          stats.duplicates += Number(r.body.duplicates ?? 0);
          return;
        }
        if (r.status < 500 && r.status !== 429) {
          refusals.push(`HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
          return;
        }
      } catch {
        /* connection refused / reset / timeout while the server is down: retry */
      }
      stats.errors++;
      await sleep(Math.min(1000, 100 * 2 ** Math.min(attempt, 4)) + Math.random() * 100);
    }
  }

  let sent = 0;
  const senders = devices.map(async (d, i) => {
    const all = readingsOf(i, perDevice, base);
    for (let k = 0; k < all.length; k += BATCH) {
      stats.batches++;
      const batch = all.slice(k, k + BATCH);
      await sendBatch(d, batch);
      sent += batch.length;
    }
  });
  let sendersDone = false;
  const allSent = Promise.all(senders).finally(() => {
    sendersDone = true;
  });

  // The killer: the i-th SIGKILL once i/(KILLS+1) of the readings are acknowledged (plus jitter), so kills land
  // mid-stream whatever the machine's speed; each restart reuses the port, database and DATA_DIR.
  const restartMs: number[] = [];
  for (let k = 1; k <= KILLS; k++) {
    const target = (k / (KILLS + 1)) * devices.length * perDevice;
    while (sent < target && !sendersDone) await sleep(50);
    if (sendersDone) break;
    await sleep(Math.random() * 500);
    await server.kill();
    restartMs.push(await server.start());
  }
  await allSent;
  await server.stop();

  expect(refusals).toEqual([]);
  expect(server.kills).toBe(KILLS);
  const sources = devices.map((d) => `device:${d.id}`);
  const { rows } = await db.pool.query<{ source: string; metric: string; ms: string }>(
    'select source, metric, (extract(epoch from measured_at) * 1000)::bigint::text as ms from measurements where source = any($1::text[])',
    [sources],
  );
  const stored = new Set(rows.map((r) => keyOf(r.source, r.metric, Number(r.ms))));
  const missing = [...acked].filter((k) => !stored.has(k));
  const dup = await db.pool.query<{ n: string }>(
    `select count(*)::text as n from (select 1 from measurements where source = any($1::text[])
       group by tenant_id, patient_id, metric, measured_at, source having count(*) > 1) d`,
    [sources],
  );
  // The hourly rollup is written in the same statement as the readings: a retried batch must not count twice there.
  const rollup = await db.pool.query<{ n: string }>(
    `select count(*)::text as n from (
       select h.n, (select count(*) from measurements m where m.tenant_id = h.tenant_id and m.patient_id = h.patient_id and m.metric = h.metric
                      and m.measured_at >= h.hour and m.measured_at < h.hour + interval '1 hour') as real
         from measurement_hourly h where h.patient_id = any($1::uuid[])) x where x.n <> x.real`,
    [devices.map((d) => d.patientId)],
  );
  const duplicates = Number(dup.rows[0]!.n);
  console.log(
    `crash-ingest: ${acked.size} readings acked, ${rows.length} stored, duplicates ${duplicates}, kills ${server.kills}` +
      ` (${stats.batches} batches, ${stats.attempts} requests, ${stats.errors} retried, restarts ${restartMs.map((m) => `${(m / 1000).toFixed(1)} s`).join(', ')})`,
  );
  expect(acked.size).toBe(devices.length * perDevice);
  expect(missing.length, `acknowledged but not stored, e.g. ${missing.slice(0, 3).join(', ')}`).toBe(0);
  expect(rows.length).toBe(stored.size);
  expect(stored.size, 'readings stored that no answer acknowledged').toBe(acked.size);
  expect(duplicates).toBe(0);
  expect(Number(rollup.rows[0]!.n), 'hourly rollup rows that disagree with the stored readings').toBe(0);
  // Each batch is counted once (its acknowledged answer): accepted + duplicates covers every reading exactly once.
  expect(stats.accepted + stats.duplicates).toBe(acked.size);
}, 900_000);
