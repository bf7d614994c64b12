// alert-latency: an SOS-level heart rate posted through the HTTP ingest while a background load of ≥ 1,000 readings/s
// (normal values from devices of other patients, evaluated too) runs and ≥ 1,000 WebSocket clients are connected;
// latency of the `alert.opened` frame at every subscribed client (p50 / p99 / max over all clients and samples).
// The engine runs before the ingest answers, so most frames arrive BEFORE the acknowledgement: the lines report the
// time from the ingest request being SENT to the frame (an upper bound of ack → frame); the ack-based figures are
// printed on stderr. Then the ingest rate (unthrottled device batches) with the alert evaluation on vs off.
// Runs its own two server instances on the bench database (the shared one wraps the Db and so has no LISTEN):
// one with the alert engine, one without; the WebSocket clients connect to the first.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createServer, type Started } from '../apps/server/src/server.ts';
import { openPg } from '../apps/server/src/platform/db.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { issueDeviceSecret } from '../apps/server/src/modules/devices/device-credentials.ts';
import { api, line, login, note, pct, type Bench } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const SAMPLES = Number(process.env.BENCH_ALERT_SAMPLES ?? 30);
const DEVICES = 8;
/** Background load: each device loop posts BG_BATCH readings every BG_PERIOD_MS (8 × 50 × 4/s = 1,600 readings/s). */
const BG_BATCH = 50;
const BG_PERIOD_MS = 250;
const RATE_SECONDS = 8;
const RATE_BATCH = 500;

type Device = { id: string; auth: string; patientId: string };

async function startInstance(b: Bench, withEngine: boolean): Promise<{ s: Started; base: string }> {
  const db = await openPg(b.dbUrl, 10);
  const s = await createServer({
    db, config: { seedDemo: false, dataDir: b.tmp, port: 0, host: '127.0.0.1', mqttPort: 'off', mqttUrl: undefined }, jobs: false,
    ...(withEngine ? {} : { readingHandlers: [] }),
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, base: `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}` };
}

/** One device per other demo patient, with a secret, for the background load (HTTP Basic). */
async function benchDevices(b: Bench, s: Started, exclude: string): Promise<Device[]> {
  const patients = await b.db.query<{ id: string }>('select id from patients where tenant_id = $1 and id <> $2 order by id limit $3', [b.tenantId, exclude, DEVICES]);
  const out: Device[] = [];
  for (const [i, p] of patients.entries()) {
    const id = newId();
    await b.db.query(`insert into devices (id, tenant_id, model, name, serial, patient_id, connection_status) values ($1, $2, 'J2025E', $3, $4, $5, 1)`,
      [id, b.tenantId, `Bench ${i}`, `BENCH-ALERT-${id.slice(-8)}`, p.id]);
    const secret = await issueDeviceSecret({ ...s.deps, db: b.db }, b.tenantId, id, new Date());
    out.push({ id, patientId: p.id, auth: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
  }
  return out;
}

/** Normal readings (never over a threshold) with distinct times per device. */
function normalBatch(clock: { t: number }, n: number): string {
  const readings = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(clock.t++).toISOString();
    readings.push(i % 2 === 0 ? { metric: 'heart_rate', measuredAt: at, value: 62 + (i % 25) } : { metric: 'spo2', measuredAt: at, value: 96 + (i % 3) });
  }
  return JSON.stringify({ readings });
}

const stats = { posts: 0, ms: 0, duplicates: 0, rejected: 0 };
async function post(base: string, auth: string, body: string): Promise<number> {
  const res = await api<{ accepted: number; duplicates: number; rejected: unknown[] }>(base, 'POST', '/api/ingest/measurements', { headers: { authorization: auth }, body });
  if (res.status !== 200) throw new Error(`ingest ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  stats.posts += 1;
  stats.ms += res.ms;
  stats.duplicates += res.body.duplicates;
  stats.rejected += res.body.rejected.length;
  return res.body.accepted;
}

/** Runs `loop` on every device until stopped; returns readings accepted per second. */
function load(devices: Device[], body: (d: Device) => string, post1: (d: Device, body: string) => Promise<number>, periodMs: number) {
  let stop = false;
  let accepted = 0;
  let failure: unknown = null;
  const t0 = performance.now();
  const done = Promise.all(devices.map(async (d) => {
    while (!stop && !failure) {
      const s = performance.now();
      const n = await post1(d, body(d)); // not `accepted += await …`: that reads `accepted` before the await
      accepted += n;
      const wait = periodMs - (performance.now() - s);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })).catch((e: unknown) => { failure = e; });
  return {
    stop: async () => {
      stop = true;
      await done;
      if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
      return accepted / ((performance.now() - t0) / 1000);
    },
  };
}

type Client = { ws: WebSocket; onOpened: ((at: number) => void) | null };

async function connectClients(base: string, token: string, n: number): Promise<Client[]> {
  const url = `${base.replace(/^http/, 'ws')}/api/ws?access_token=${encodeURIComponent(token)}`;
  const clients: Client[] = [];
  for (let i = 0; i < n; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => new Promise<void>((resolve, reject) => {
      const c: Client = { ws: new WebSocket(url), onOpened: null };
      c.ws.on('message', (data) => {
        const s = String(data);
        if (s.startsWith('{"type":"hello"')) { resolve(); return; }
        // Cheap pre-filter: only the frames of interest are parsed.
        if (c.onOpened && s.startsWith('{"type":"alert.opened"')) {
          const at = performance.now();
          const f = JSON.parse(s) as { alert: { level: string } };
          if (f.alert.level === 'sos') c.onOpened(at);
        }
      });
      c.ws.on('error', reject);
      c.ws.on('close', (code) => reject(new Error(`socket closed ${code}`)));
      clients.push(c);
    })));
  }
  return clients;
}

export async function benchAlertLatency(b: Bench) {
  const on = await startInstance(b, true);
  const off = await startInstance(b, false);
  const sockets: Client[] = [];
  try {
    const [pat] = await b.db.query<{ id: string }>(`select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'`);
    if (!pat) throw new Error('demo patient missing');
    const devices = await benchDevices(b, on.s, pat.id);
    const patientToken = await login(on.base, 'patient@demo.test');
    // Staff who may see the patient (the demo doctor follows DEMO-P0001); one token shared by every socket.
    const doctorToken = await login(on.base, 'doctor@demo.test');
    sockets.push(...await connectClients(on.base, doctorToken, CLIENTS));
    note(`alert-latency: ${sockets.length} WebSocket clients connected`);

    const clock = { t: Date.now() - 3_600_000 };
    const patientAuth = `Bearer ${patientToken}`;
    const bg = load(devices, () => normalBatch(clock, BG_BATCH), (d, body) => post(on.base, d.auth, body), BG_PERIOD_MS);
    await new Promise((r) => setTimeout(r, 1000)); // let the load settle

    const latencies: number[] = [];
    const fromAck: number[] = [];
    let beforeAck = 0;
    let missing = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const received: number[] = [];
      const all = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        for (const c of sockets) {
          c.onOpened = (at) => {
            c.onOpened = null;
            received.push(at);
            if (received.length === sockets.length) { clearTimeout(timer); resolve(); }
          };
        }
      });
      const now = Date.now();
      const sent = performance.now();
      await post(on.base, patientAuth, JSON.stringify({ readings: [{ metric: 'heart_rate', measuredAt: new Date(now).toISOString(), value: 210 }] }));
      const ack = performance.now();
      await all;
      for (const c of sockets) c.onOpened = null;
      missing += sockets.length - received.length;
      for (const at of received) {
        latencies.push(at - sent);
        fromAck.push(Math.max(0, at - ack));
        if (at < ack) beforeAck += 1;
      }
      // Back to normal closes the alert, so the next SOS reading opens a new one.
      await post(on.base, patientAuth, JSON.stringify({ readings: [{ metric: 'heart_rate', measuredAt: new Date(now + 1000).toISOString(), value: 72 }] }));
      await new Promise((r) => setTimeout(r, 150));
    }
    const bgRate = await bg.stop();
    note(`alert-latency: background ${stats.posts} posts, mean ${(stats.ms / Math.max(1, stats.posts)).toFixed(0)} ms, ${stats.duplicates} duplicates, ${stats.rejected} rejected`);
    note(`alert-latency: ${SAMPLES} SOS readings × ${sockets.length} clients, ${latencies.length} frames (${missing} missing, ${beforeAck} before the ack; from the ack p50 ${pct(fromAck, 0.5).toFixed(1)} ms, p99 ${pct(fromAck, 0.99).toFixed(1)} ms); background load ${bgRate.toFixed(0)} readings/s`);
    if (latencies.length === 0) throw new Error('no alert frame received: is the alert engine publishing alert.opened?');
    line('alert-latency-p50', pct(latencies, 0.5), 'ms', 'goal-p99', 1000);
    line('alert-latency-p99', pct(latencies, 0.99), 'ms', 'goal-p99', 1000);
    line('alert-latency-max', Math.max(...latencies), 'ms', 'goal-max', 2000);
    if (missing > 0) throw new Error(`${missing} alert frames never arrived`);

    // Ingest rate, unthrottled device batches, with the evaluation on vs off (same database, same sockets connected).
    const rate = async (base: string) => {
      const l = load(devices, () => normalBatch(clock, RATE_BATCH), (d, body) => post(base, d.auth, body), 0);
      await new Promise((r) => setTimeout(r, RATE_SECONDS * 1000));
      return l.stop();
    };
    const offRate = await rate(off.base);
    const onRate = await rate(on.base);
    note(`alert-latency: ingest ${onRate.toFixed(0)} readings/s with evaluation, ${offRate.toFixed(0)} without (${DEVICES} devices × batches of ${RATE_BATCH})`);
    line('alert-ingest-eval-on', onRate, 'readings/s', 'eval-off', offRate);
  } finally {
    for (const c of sockets) c.ws.terminate();
    for (const x of [on, off]) {
      await x.s.close();
      await x.s.deps.db.close();
    }
  }
}
