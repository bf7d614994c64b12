// alert-latency: an SOS-level heart rate posted through the HTTP ingest while a background load of ≥ 1,000 readings/s
// (normal values from devices of other patients, evaluated too) runs and BENCH_WS_CLIENTS (10,000) WebSocket clients
// are connected (the demo doctor and 199 operators, ~50 sockets each), spread over TWO server processes (separate OS processes running the compiled server, `node apps/server/dist/main.js`
// on the bench database, their own DATA_DIRs): the reading goes to one, the frame reaches the other's sockets through
// PostgreSQL LISTEN/NOTIFY. Latency of the `alert.opened` frame at every client (p50 / p99 / max over all clients and
// samples, after one warm-up SOS whose figures get a line of their own). The engine runs before the ingest answers, so most frames arrive BEFORE the acknowledgement: the lines
// report the time from the ingest request being SENT to the frame (an upper bound of ack → frame); the ack-based
// figures are printed on stderr. The server's memory per socket: each process's RSS after its sockets connected minus
// before, over its sockets. Then the ingest rate (unthrottled device batches) with the alert evaluation on vs off, on
// two in-process instances (the shared one wraps the Db and so has no LISTEN).
// The bench process holds every client socket: BENCH_WS_CLIENTS must stay under `ulimit -n` (less a few hundred).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { createServer, type Started } from '../apps/server/src/server.ts';
import { openPg } from '../apps/server/src/platform/db.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { issueDeviceSecret } from '../apps/server/src/modules/devices/device-credentials.ts';
import { MASTER_KEY_FILE } from '../apps/server/src/platform/secrets.ts';
import { ServerProcess } from '../apps/server/src/safety/crash-support.ts';
import { api, buildServer, line, login, note, pct, type Bench } from './lib.ts';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 10_000);
/** Server processes the clients are spread over (the SOS reading goes to the first). */
const PROCESSES = 2;
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
    db,
    config: { seedDemo: false, dataDir: b.tmp, port: 0, host: '127.0.0.1', mqttPort: 'off', mqttUrl: undefined },
    jobs: false,
    ...(withEngine ? {} : { readingHandlers: [] }),
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return { s, base: `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}` };
}

/** One device per other demo patient, with a secret, for the background load (HTTP Basic). */
async function benchDevices(b: Bench, s: Started, exclude: string): Promise<Device[]> {
  const patients = await b.db.query<{ id: string }>(
    'select id from patients where tenant_id = $1 and id <> $2 order by id limit $3',
    [b.tenantId, exclude, DEVICES],
  );
  const out: Device[] = [];
  for (const [i, p] of patients.entries()) {
    const id = newId();
    await b.db.query(
      `insert into devices (id, tenant_id, model, name, serial, patient_id, connection_status) values ($1, $2, 'J2025E', $3, $4, $5, 1)`,
      [id, b.tenantId, `Bench ${i}`, `BENCH-ALERT-${id.slice(-8)}`, p.id],
    );
    const secret = await issueDeviceSecret({ ...s.deps, db: b.db }, b.tenantId, id, new Date());
    out.push({ id, patientId: p.id, auth: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
  }
  return out;
}

/** Staff users watching the portal: VIEWERS copies of the demo operator (same roles: the demo patient's center; not told of alerts). */
const VIEWERS = Number(process.env.BENCH_WS_VIEWERS ?? 199);
async function benchViewers(b: Bench): Promise<string[]> {
  const [template] = await b.db.query<{ id: string; password_hash: string }>(
    `select id, password_hash from users where tenant_id = $1 and email = 'operator@demo.test'`,
    [b.tenantId],
  );
  if (!template) throw new Error('demo operator missing');
  const emails: string[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const id = newId();
    const email = `bench-viewer-${i}@demo.test`;
    await b.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status, language, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'Bench', $6, 'active', 'en', now(), now())`,
      [id, b.tenantId, email, `09${String(10_000_000 + i).slice(-8)}`, template.password_hash, `Viewer ${i}`],
    );
    await b.db.query(
      `insert into user_roles (id, tenant_id, user_id, role_id, scope_id, center_id, is_main)
       select $1, tenant_id, $2, role_id, scope_id, center_id, is_main from user_roles where tenant_id = $3 and user_id = $4`,
      [newId(), id, b.tenantId, template.id],
    );
    emails.push(email);
  }
  return emails;
}

/** Normal readings (never over a threshold) with distinct times per device. */
function normalBatch(clock: { t: number }, n: number): string {
  const readings = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(clock.t++).toISOString();
    readings.push(
      i % 2 === 0
        ? { metric: 'heart_rate', measuredAt: at, value: 62 + (i % 25) }
        : { metric: 'spo2', measuredAt: at, value: 96 + (i % 3) },
    );
  }
  return JSON.stringify({ readings });
}

const stats = { posts: 0, ms: 0, duplicates: 0, rejected: 0 };
async function post(base: string, auth: string, body: string): Promise<number> {
  const res = await api<{ accepted: number; duplicates: number; rejected: unknown[] }>(
    base,
    'POST',
    '/api/ingest/measurements',
    { headers: { authorization: auth }, body },
  );
  if (res.status !== 200) throw new Error(`ingest ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  stats.posts += 1;
  stats.ms += res.ms;
  stats.duplicates += res.body.duplicates;
  stats.rejected += res.body.rejected.length;
  return res.body.accepted;
}

/** Runs `loop` on every device until stopped; returns readings accepted per second. */
function load(
  devices: Device[],
  body: (d: Device) => string,
  post1: (d: Device, body: string) => Promise<number>,
  periodMs: number,
) {
  let stop = false;
  let accepted = 0;
  let failure: unknown = null;
  const t0 = performance.now();
  const done = Promise.all(
    devices.map(async (d) => {
      while (!stop && !failure) {
        const s = performance.now();
        const n = await post1(d, body(d)); // not `accepted += await …`: that reads `accepted` before the await
        accepted += n;
        const wait = periodMs - (performance.now() - s);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  ).catch((e: unknown) => {
    failure = e;
  });
  return {
    stop: async () => {
      stop = true;
      await done;
      if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
      return accepted / ((performance.now() - t0) / 1000);
    },
  };
}

/**
 * The clients live in BENCH_WS_THREADS worker threads (default 4), not on the bench's own event loop: one thread
 * reading 60,000 frames per SOS reading would add its own queue to every latency. Times are absolute
 * (performance.timeOrigin + now(), the same clock in every thread).
 */
const THREADS = Math.max(1, Number(process.env.BENCH_WS_THREADS ?? 4));
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const crypto = require('node:crypto');
const { urls, first, count } = workerData;
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const HELLO = Buffer.from('{"type":"hello"');
const OPENED = Buffer.from('{"type":"alert.opened"');
const startsWith = (data, at, prefix) => data.length - at >= prefix.length && data.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
let armed = 0, times = [], frames = 0, timer = null;
const finish = () => { clearTimeout(timer); const t = times; times = []; armed = 0; for (const c of sockets) c.armed = false; parentPort.postMessage({ type: 'done', times: t, frames }); };
/** A masked client frame (RFC 6455 §5.3) of a short payload: the pong answering the server's heartbeat ping. */
function clientFrame(opcode, payload) {
  const mask = crypto.randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x80 | opcode; out[1] = 0x80 | payload.length; mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i % 4];
  return out;
}
/**
 * One client: a raw TCP socket that does the WebSocket handshake and reads the server's frames itself (unmasked, no
 * compression). The harness shares the machine's two cores with the servers it measures, so it reads as cheaply as it
 * can: reads land in one buffer per thread (\`onread\`, no stream events), and frames are compared as bytes, never
 * parsed (the ws client's per-message stream machinery cost as much CPU as the servers' fan-out and showed up as
 * latency).
 */
const READ = Buffer.allocUnsafe(256 * 1024);
const EMPTY = Buffer.alloc(0);
const SOS = Buffer.from('"level":"sos"');
/** The bytes read from one client's socket (in the thread's shared buffer: whatever is kept past this call is copied). */
function onData(c, chunk, resolve, reject) {
    const at = now();
    let data = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
    let i = 0;
    if (!c.upgraded) {
      const end = data.indexOf('\\r\\n\\r\\n');
      if (end < 0) { c.buf = Buffer.from(data); return; }
      if (!data.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) { reject(new Error('upgrade refused: ' + data.subarray(0, 40))); return; }
      c.upgraded = true; i = end + 4;
    }
    while (data.length - i >= 2) {
      const op = data[i] & 0x0f;
      let len = data[i + 1] & 0x7f, h = 2;
      if (len === 126) { if (data.length - i < 4) break; len = data.readUInt16BE(i + 2); h = 4; }
      else if (len === 127) { if (data.length - i < 10) break; len = Number(data.readBigUInt64BE(i + 2)); h = 10; }
      if (data.length - i < h + len) break;
      const p = i + h;
      if (op === 0x9) c.sock.write(clientFrame(0xa, data.subarray(p, p + len)));
      else if (op === 0x8) { if (!c.closing) reject(new Error('socket closed ' + (len >= 2 ? data.readUInt16BE(p) : 0))); }
      else if (op === 0x1) {
        frames++;
        if (!c.hello) { if (startsWith(data, p, HELLO)) { c.hello = true; resolve(); } }
        // An SOS alert: its level is found as bytes (no JSON parse of every frame on a thread the servers share cores with).
        else if (c.armed && startsWith(data, p, OPENED) && data.subarray(p, p + len).indexOf(SOS) >= 0) {
          c.armed = false; times.push(at); if (times.length === armed) finish();
        }
      }
      i = p + len;
    }
    c.buf = i < data.length ? Buffer.from(data.subarray(i)) : EMPTY;
}
function open(url, resolve, reject) {
  const u = new URL(url);
  const c = { sock: null, armed: false, hello: false, upgraded: false, buf: EMPTY, closing: false };
  // onread: the thread's one read buffer, not a new Buffer and a stream 'data' event per read.
  c.sock = net.connect({ port: Number(u.port), host: u.hostname, onread: { buffer: READ, callback: (n) => { onData(c, READ.subarray(0, n), resolve, reject); } } });
  c.sock.setNoDelay(true);
  c.sock.on('connect', () => c.sock.write('GET ' + u.pathname + u.search + ' HTTP/1.1\\r\\nHost: ' + u.host + '\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Key: ' + crypto.randomBytes(16).toString('base64') + '\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n'));
  c.sock.on('error', reject);
  c.sock.on('close', () => { if (!c.closing) reject(new Error('socket closed')); });
  sockets.push(c);
}
async function connect() {
  for (let i = 0; i < count; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_x, k) => new Promise((resolve, reject) => open(urls[(first + i + k) % urls.length], resolve, reject))));
  }
}
parentPort.on('message', (m) => {
  if (m.type === 'arm') { times = []; armed = sockets.length; for (const c of sockets) c.armed = true; timer = setTimeout(finish, m.timeoutMs); parentPort.postMessage({ type: 'armed' }); }
  if (m.type === 'close') { for (const c of sockets) { c.closing = true; c.sock.destroy(); } parentPort.postMessage({ type: 'closed' }); }
});
connect().then(() => parentPort.postMessage({ type: 'connected', n: sockets.length }), (e) => parentPort.postMessage({ type: 'error', message: String(e) }));
`;

type Done = { type: 'done'; times: number[]; frames: number };
/** `arm` resolves once every thread is listening for the next SOS frame, with the promise of their arrival times. */
type Clients = {
  n: number;
  arm: (timeoutMs: number) => Promise<{ done: Promise<Done[]> }>;
  close: () => Promise<void>;
};

/** Waits for the next message of `type` from a worker (an error message rejects). */
function next<T>(w: Worker, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; message?: string }) => {
      if (m.type === type) {
        w.off('message', on);
        resolve(m as T);
      } else if (m.type === 'error') {
        w.off('message', on);
        reject(new Error(m.message));
      }
    };
    w.on('message', on);
  });
}

/**
 * `n` sockets over THREADS worker threads: client i to bases[i % bases.length] with tokens[i % tokens.length] (each
 * user's sockets spread over both processes).
 */
async function connectClients(bases: string[], tokens: string[], n: number): Promise<Clients> {
  const urls = tokens.flatMap((token) =>
    bases.map((base) => `${base.replace(/^http/, 'ws')}/api/ws?access_token=${encodeURIComponent(token)}`),
  );
  const per = Math.ceil(n / THREADS);
  const workers: Worker[] = [];
  for (let first = 0; first < n; first += per)
    workers.push(new Worker(WORKER, { eval: true, workerData: { urls, first, count: Math.min(per, n - first) } }));
  for (const w of workers) w.on('error', (e) => note(`alert-latency: client thread failed: ${e.message}`));
  const connected = await Promise.all(workers.map((w) => next<{ n: number }>(w, 'connected')));
  return {
    n: connected.reduce((s, c) => s + c.n, 0),
    arm: async (timeoutMs) => {
      const done = Promise.all(workers.map((w) => next<Done>(w, 'done')));
      const armed = Promise.all(workers.map((w) => next(w, 'armed')));
      for (const w of workers) w.postMessage({ type: 'arm', timeoutMs });
      // Not before every thread is listening: a frame reaching a thread before its 'arm' message would be missed.
      await armed;
      return { done };
    },
    close: async () => {
      await Promise.all(
        workers.map((w) => {
          const c = next(w, 'closed');
          w.postMessage({ type: 'close' });
          return c;
        }),
      );
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid: number | 'self'): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process (Linux /proc), in bytes. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) * 1024;
}

/** The server processes: the bench database, its master key (the vault's secrets are shared), no MQTT, no demo seed. */
async function startProcesses(b: Bench): Promise<ServerProcess[]> {
  const env = { DATABASE_URL: b.dbUrl, SEED_DEMO: '0', SECRETS_KEY_FILE: path.join(b.tmp, MASTER_KEY_FILE) };
  buildServer();
  const procs = await Promise.all(
    Array.from({ length: PROCESSES }, () => ServerProcess.create(env, { compiled: true })),
  );
  await Promise.all(procs.map((p) => p.start()));
  return procs;
}

type Latency = {
  latencies: number[];
  fromAck: number[];
  beforeAck: number;
  missing: number;
  firsts: number[];
  spreads: number[];
  frames: number;
  /** The first SOS after the processes started (not counted in the others): post → first frame, and the fan-out. */
  cold: { first: number; spread: number } | null;
};
const abs = () => performance.timeOrigin + performance.now();

/** Between one sample's closing reading and the next SOS reading. */
const SAMPLE_GAP_MS = 1000;

/**
 * SAMPLES SOS readings posted to `base`, the `alert.opened` frame awaited at every client; before them one more, the
 * first SOS the fresh processes see (cold code paths and caches), reported on its own line rather than as 1/SAMPLES
 * of the distribution (a warm-up round, as benchmarks usually run; its figures are shown, not dropped).
 */
async function sample(base: string, patientAuth: string, clients: Clients): Promise<Latency> {
  const r: Latency = {
    latencies: [],
    fromAck: [],
    beforeAck: 0,
    missing: 0,
    firsts: [],
    spreads: [],
    frames: 0,
    cold: null,
  };
  let framesBefore = 0;
  for (let i = -1; i < SAMPLES; i++) {
    const { done: all } = await clients.arm(5000);
    const now = Date.now();
    const sent = abs();
    await post(
      base,
      patientAuth,
      JSON.stringify({ readings: [{ metric: 'heart_rate', measuredAt: new Date(now).toISOString(), value: 210 }] }),
    );
    const ack = abs();
    const done = await all;
    const received = done.flatMap((d) => d.times);
    const frames = done.reduce((s, d) => s + d.frames, 0);
    if (i > 0) r.frames += frames - framesBefore;
    framesBefore = frames;
    r.missing += clients.n - received.length;
    const first = received.reduce((m, x) => Math.min(m, x), Infinity);
    const spread = received.reduce((m, x) => Math.max(m, x), 0) - first;
    if (i < 0) r.cold = received.length ? { first: first - sent, spread } : null;
    else {
      if (received.length) {
        r.firsts.push(first - sent);
        r.spreads.push(spread);
      }
      for (const at of received) {
        r.latencies.push(at - sent);
        r.fromAck.push(Math.max(0, at - ack));
        if (at < ack) r.beforeAck += 1;
      }
    }
    // Back to normal closes the alert, so the next SOS reading opens a new one.
    await post(
      base,
      patientAuth,
      JSON.stringify({
        readings: [{ metric: 'heart_rate', measuredAt: new Date(now + 1000).toISOString(), value: 72 }],
      }),
    );
    // The closing reading's frames (two per socket) take the servers as long to write as the SOS's: the next SOS is
    // posted once they are out, not into them (SOS readings of one patient 300 ms apart are not a load a tenant sees).
    await new Promise((res) => setTimeout(res, SAMPLE_GAP_MS));
  }
  return r;
}

export async function benchAlertLatency(b: Bench) {
  // In-process, without the engine: issues the bench devices' secrets now, measures the ingest without evaluation last.
  const off = await startInstance(b, false);
  let procs: ServerProcess[] = [];
  let clients: Clients | null = null;
  try {
    const [pat] = await b.db.query<{ id: string }>(
      `select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'`,
    );
    if (!pat) throw new Error('demo patient missing');
    const devices = await benchDevices(b, off.s, pat.id);
    procs = await startProcesses(b);
    const bases = procs.map((p) => p.baseUrl);
    const patientToken = await login(bases[0]!, 'patient@demo.test');
    // Staff who may see the patient: the demo doctor (follows DEMO-P0001) and VIEWERS operators of the patient's center,
    // each with CLIENTS / (VIEWERS + 1) sockets. Not one token for every socket: then each frame addressed to the doctor
    // (their in-app notification of the SOS) went to all 10,000 sockets, which no real tenant does.
    const viewers = await benchViewers(b);
    const tokens = [await login(bases[0]!, 'doctor@demo.test')];
    for (const email of viewers) tokens.push(await login(bases[tokens.length % bases.length]!, email));
    const rssBefore = procs.map((p) => rssOf(p.pid!));
    const t0 = performance.now();
    clients = await connectClients(bases, tokens, CLIENTS);
    const connectSec = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 2000)); // let the processes settle (buffers, lazy allocations)
    const rssAfter = procs.map((p) => rssOf(p.pid!));
    const perProc = CLIENTS / PROCESSES;
    const perSocket = procs.map((_p, i) => (rssAfter[i]! - rssBefore[i]!) / perProc);
    const kib = (n: number) => (n / 1024).toFixed(1);
    note(
      `alert-latency: ${clients.n} WebSocket clients of ${tokens.length} staff users (${THREADS} threads) over ${PROCESSES} processes in ${connectSec.toFixed(1)} s; RSS ${procs.map((_p, i) => `${(rssBefore[i]! / 2 ** 20).toFixed(0)} → ${(rssAfter[i]! / 2 ** 20).toFixed(0)} MB`).join(', ')}; per socket ${perSocket.map(kib).join(' / ')} KiB`,
    );

    const clock = { t: Date.now() - 3_600_000 };
    const patientAuth = `Bearer ${patientToken}`;
    // The background load over both processes.
    const bg = load(
      devices,
      () => normalBatch(clock, BG_BATCH),
      (d, body) => post(bases[devices.indexOf(d) % bases.length]!, d.auth, body),
      BG_PERIOD_MS,
    );
    await new Promise((r) => setTimeout(r, 1000)); // let the load settle
    const pids: Array<number | 'self'> = [...procs.map((p) => p.pid!), 'self'];
    const cpu0 = pids.map(cpuMsOf);
    const s0 = performance.now();
    const { latencies, fromAck, beforeAck, missing, firsts, spreads, frames, cold } = await sample(
      bases[0]!,
      patientAuth,
      clients,
    );
    const sampleMs = performance.now() - s0;
    const cpu = pids.map((p, i) => (((cpuMsOf(p) - cpu0[i]!) / sampleMs) * 100).toFixed(0));
    note(
      `alert-latency: while sampling (${(sampleMs / 1000).toFixed(1)} s) CPU ${cpu
        .slice(0, -1)
        .map((c, i) => `process ${i + 1} ${c} %`)
        .join(
          ', ',
        )}, bench (clients and load) ${cpu.at(-1)} %; ${(frames / clients.n / Math.max(1, SAMPLES - 1)).toFixed(1)} frames per client per SOS reading (and its closing reading)`,
    );
    note(
      `alert-latency: post → first frame p50 ${pct(firsts, 0.5).toFixed(0)} ms, max ${pct(firsts, 1).toFixed(0)} ms; first → last frame (the fan-out) p50 ${pct(spreads, 0.5).toFixed(0)} ms, max ${pct(spreads, 1).toFixed(0)} ms`,
    );
    // Each sample is 1/SAMPLES of the frames: the p99 is the slowest sample's. Every sample, in order (first + spread).
    if (cold)
      note(
        `alert-latency: first SOS after start (warm-up, not in the figures below): post → first frame ${cold.first.toFixed(0)} ms, fan-out ${cold.spread.toFixed(0)} ms`,
      );
    note(
      `alert-latency: per sample ${firsts.map((f, i) => `${f.toFixed(0)}+${(spreads[i] ?? 0).toFixed(0)}`).join(' ')}`,
    );
    const bgRate = await bg.stop();
    note(
      `alert-latency: background ${stats.posts} posts, mean ${(stats.ms / Math.max(1, stats.posts)).toFixed(0)} ms, ${stats.duplicates} duplicates, ${stats.rejected} rejected`,
    );
    note(
      `alert-latency: ${SAMPLES} SOS readings × ${clients.n} clients, ${latencies.length} frames (${missing} missing, ${beforeAck} before the ack; from the ack p50 ${pct(fromAck, 0.5).toFixed(1)} ms, p99 ${pct(fromAck, 0.99).toFixed(1)} ms); background load ${bgRate.toFixed(0)} readings/s`,
    );
    if (latencies.length === 0)
      throw new Error('no alert frame received: is the alert engine publishing alert.opened?');
    line('alert-latency-p50', pct(latencies, 0.5), 'ms', 'goal-p99', 250);
    line('alert-latency-p99', pct(latencies, 0.99), 'ms', 'goal-p99', 250);
    line(
      'alert-latency-max',
      latencies.reduce((m, x) => Math.max(m, x), 0),
      'ms',
      'goal-max',
      1000,
    );
    const meanPerSocket = perSocket.reduce((x, y) => x + y, 0) / perSocket.length;
    line(
      'alert-ws-rss-per-socket',
      meanPerSocket / 1024,
      'KiB',
      'idle-process-rss-KiB',
      rssBefore.reduce((x, y) => x + y, 0) / rssBefore.length / 1024,
    );
    if (missing > 0) throw new Error(`${missing} alert frames never arrived`);
    await clients.close();
    clients = null;
    await Promise.all(procs.map((p) => p.dispose()));
    procs = [];

    // Ingest rate, unthrottled device batches, with the evaluation on vs off (same database, in-process instances).
    const on = await startInstance(b, true);
    try {
      const rate = async (base: string) => {
        const l = load(
          devices,
          () => normalBatch(clock, RATE_BATCH),
          (d, body) => post(base, d.auth, body),
          0,
        );
        await new Promise((r) => setTimeout(r, RATE_SECONDS * 1000));
        return l.stop();
      };
      const offRate = await rate(off.base);
      const onRate = await rate(on.base);
      note(
        `alert-latency: ingest ${onRate.toFixed(0)} readings/s with evaluation, ${offRate.toFixed(0)} without (${DEVICES} devices × batches of ${RATE_BATCH})`,
      );
      line('alert-ingest-eval-on', onRate, 'readings/s', 'eval-off', offRate);
    } finally {
      await on.s.close();
      await on.s.deps.db.close();
    }
  } finally {
    await clients?.close();
    await Promise.all(procs.map((p) => p.dispose()));
    await off.s.close();
    await off.s.deps.db.close();
  }
}
