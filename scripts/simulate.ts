// `npm run simulate`: a fleet of simulated cellular wearables (J2025E) sending vitals to a running CareWatch server
// over HTTPS (POST /api/ingest/measurements, Basic deviceId:secret) and/or MQTT (carewatch/<tenant>/devices/<id>/measurements).
//
//   npm run simulate -- --count 20 --rate 1 --abnormal 0.1 --duration 60 --transport both
//
// Options (flag or environment variable):
//   --url        SIM_URL        server base URL                      (http://localhost:8080)
//   --tenant     SIM_TENANT     tenant code                          (demo)
//   --count      SIM_COUNT      simulated devices                    (20)
//   --rate       SIM_RATE       readings per device per second       (1)
//   --abnormal   SIM_ABNORMAL   share of abnormal values, 0..1       (0.1)
//   --duration   SIM_DURATION   seconds, 0 = until Ctrl-C            (0)
//   --mqtt       SIM_MQTT       MQTT broker URL                      (mqtt://localhost:1883)
//   --transport  SIM_TRANSPORT  http | mqtt | both                   (both: devices alternate)
//   --login      SIM_LOGIN      operator/sysadmin account            (sysadmin@<tenant>.test)
//   --password   SIM_PASSWORD                                        (CareWatch@2026)
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';

type Transport = 'http' | 'mqtt';
type Reading = { metric: string; measuredAt: string; value?: number; values?: { systolic: number; diastolic: number } };
type Ack = { accepted: number; duplicates: number; rejected: unknown[]; batchId?: string | null; error?: { code: string; message: string } };
type SimDevice = { id: string; secret: string; patientId: string; patientCode: string; transport: Transport; mqtt?: MqttClient; seq: number; lastMs: number };

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string' }, tenant: { type: 'string' }, count: { type: 'string' }, rate: { type: 'string' }, abnormal: { type: 'string' },
    duration: { type: 'string' }, mqtt: { type: 'string' }, transport: { type: 'string' }, login: { type: 'string' }, password: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: false,
});
if (flags.help) {
  console.log('npm run simulate -- [--url U] [--tenant demo] [--count 20] [--rate 1] [--abnormal 0.1] [--duration S] [--mqtt URL] [--transport http|mqtt|both] [--login L --password P]');
  process.exit(0);
}
const env = process.env;
const num = (v: string | undefined, d: number, name: string) => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) { console.error(`--${name} must be a non-negative number`); process.exit(2); }
  return n;
};
const tenant = flags.tenant ?? env.SIM_TENANT ?? 'demo';
const opts = {
  url: (flags.url ?? env.SIM_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
  tenant,
  count: Math.max(1, Math.floor(num(flags.count ?? env.SIM_COUNT, 20, 'count'))),
  rate: num(flags.rate ?? env.SIM_RATE, 1, 'rate'),
  abnormal: Math.min(1, num(flags.abnormal ?? env.SIM_ABNORMAL, 0.1, 'abnormal')),
  duration: num(flags.duration ?? env.SIM_DURATION, 0, 'duration'),
  mqtt: flags.mqtt ?? env.SIM_MQTT ?? 'mqtt://localhost:1883',
  transport: (flags.transport ?? env.SIM_TRANSPORT ?? 'both') as 'http' | 'mqtt' | 'both',
  login: flags.login ?? env.SIM_LOGIN ?? `sysadmin@${tenant}.test`,
  password: flags.password ?? env.SIM_PASSWORD ?? 'CareWatch@2026',
};
if (!['http', 'mqtt', 'both'].includes(opts.transport)) { console.error('--transport must be http, mqtt or both'); process.exit(2); }

const stats = { sent: 0, accepted: 0, duplicates: 0, rejected: 0, errors: 0, retries: 0, batches: 0 };
const total = { ...stats };
const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${opts.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

// ------------------------------------------------------------------ readings

const rnd = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const METRICS = ['heart_rate', 'spo2', 'blood_pressure', 'temperature', 'steps'] as const;

/** One reading; `abnormal` ones are clinically out of range but still valid input (so alerts can fire). */
function reading(d: SimDevice, at: number): Reading {
  const metric = METRICS[d.seq % METRICS.length]!;
  d.seq++;
  const bad = Math.random() < opts.abnormal;
  const measuredAt = new Date(at).toISOString();
  switch (metric) {
    case 'heart_rate': return { metric, measuredAt, value: Math.round(bad ? (Math.random() < 0.7 ? rnd(125, 175) : rnd(35, 45)) : rnd(60, 95)) };
    case 'spo2': return { metric, measuredAt, value: Math.round(bad ? rnd(88, 91) : rnd(95, 100)) };
    case 'blood_pressure': {
      const systolic = Math.round(bad ? rnd(160, 195) : rnd(105, 135));
      const diastolic = Math.round(Math.min(systolic - 25, bad ? rnd(95, 115) : rnd(65, 85)));
      return { metric, measuredAt, values: { systolic, diastolic } };
    }
    case 'temperature': return { metric, measuredAt, value: Math.round((bad ? rnd(38.3, 39.8) : rnd(36.2, 37.2)) * 10) / 10 };
    default: return { metric, measuredAt, value: Math.round(rnd(0, 40)) };
  }
}

// ------------------------------------------------------------------ transports

async function sendHttp(d: SimDevice, readings: Reading[]): Promise<Ack> {
  const res = await fetch(`${opts.url}/api/ingest/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${d.id}:${d.secret}`).toString('base64')}` },
    body: JSON.stringify({ readings }),
  });
  const text = await res.text();
  if (res.status >= 500 || res.status === 429) throw new Error(`HTTP ${res.status}`);
  if (!res.ok) return { accepted: 0, duplicates: 0, rejected: [], error: { code: String(res.status), message: text.slice(0, 200) } };
  return JSON.parse(text) as Ack;
}

const pendingAcks = new Map<string, (ack: Ack) => void>();
async function connectMqtt(d: SimDevice): Promise<MqttClient> {
  const client = await connectAsync(opts.mqtt, { clientId: `sim-${d.id.slice(-12)}-${crypto.randomBytes(3).toString('hex')}`, username: d.id, password: d.secret, reconnectPeriod: 2000, connectTimeout: 10_000 });
  client.on('message', (_topic, payload) => {
    try {
      const ack = JSON.parse(payload.toString('utf8')) as Ack;
      const done = ack.batchId ? pendingAcks.get(ack.batchId) : undefined;
      if (done) { pendingAcks.delete(ack.batchId!); done(ack); }
    } catch { /* not an ack */ }
  });
  client.on('error', (e) => log(`mqtt ${d.patientCode}: ${e.message}`));
  await client.subscribeAsync(`carewatch/${opts.tenant}/devices/${d.id}/ack`, { qos: 1 });
  return client;
}
async function sendMqtt(d: SimDevice, readings: Reading[], batchId: string): Promise<Ack> {
  if (!d.mqtt) d.mqtt = await connectMqtt(d);
  const acked = new Promise<Ack>((resolve, reject) => {
    const timer = setTimeout(() => { pendingAcks.delete(batchId); reject(new Error('no ack in 10 s')); }, 10_000);
    pendingAcks.set(batchId, (ack) => { clearTimeout(timer); resolve(ack); });
  });
  await d.mqtt.publishAsync(`carewatch/${opts.tenant}/devices/${d.id}/measurements`, JSON.stringify({ secret: d.secret, batchId, readings }), { qos: 1 });
  return acked;
}

/** Sends one batch with up to 3 retries (same readings and batch id: the server never stores a reading twice). */
async function sendBatch(d: SimDevice, readings: Reading[]) {
  const batchId = crypto.randomUUID();
  stats.sent += readings.length;
  stats.batches++;
  for (let attempt = 0; ; attempt++) {
    try {
      const ack = d.transport === 'http' ? await sendHttp(d, readings) : await sendMqtt(d, readings, batchId);
      if (ack.error) {
        stats.errors++;
        log(`${d.transport} ${d.patientCode}: batch refused: ${ack.error.code} ${ack.error.message}`);
        return;
      }
      stats.accepted += ack.accepted;
      stats.duplicates += ack.duplicates;
      stats.rejected += ack.rejected.length;
      return;
    } catch (e) {
      if (attempt >= 3) {
        stats.errors++;
        log(`${d.transport} ${d.patientCode}: gave up after ${attempt + 1} attempts: ${(e as Error).message}`);
        return;
      }
      stats.retries++;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

// ------------------------------------------------------------------ fleet

async function setup(): Promise<SimDevice[]> {
  const tok = await call<{ access_token: string }>('POST', '/api/auth/oauth-token', null, { tenant: opts.tenant, username: opts.login, password: opts.password, grant_type: 'password' });
  const token = tok.access_token;
  const patients: Array<{ id: string; patientCode: string | null; phone: string | null; status: string }> = [];
  for (let page = 0; patients.length < opts.count; page++) { // pages are 0-based
    const res = await call<{ items: typeof patients; total: number }>('GET', `/api/account/patients?page=${page}&size=200&sort=createdAt`, token);
    patients.push(...res.items.filter((p) => p.patientCode));
    if (res.items.length < 200) break;
  }
  if (patients.length === 0) throw new Error('no patients with a patient id are visible to this account');
  const run = crypto.randomBytes(3).toString('hex').toUpperCase();
  const devices: SimDevice[] = [];
  for (let i = 0; i < opts.count; i++) {
    const p = patients[i % patients.length]!;
    const imei = `35${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}${String(i).padStart(4, '0')}`;
    const dev = await call<{ id: string }>('POST', '/api/account/devices', token, {
      model: 'J2025E', account: p.patientCode, mac: null, imei, serial: `SIM-${run}-${String(i + 1).padStart(4, '0')}`, name: `Simulator ${run} #${i + 1}`,
    });
    await call('PUT', `/api/account/devices/${dev.id}/assign`, token, { patientId: p.id });
    const cred = await call<{ deviceId: string; secret: string }>('POST', `/api/account/devices/${dev.id}/credentials`, token, {});
    const transport: Transport = opts.transport === 'both' ? (i % 2 === 0 ? 'http' : 'mqtt') : opts.transport;
    devices.push({ id: cred.deviceId, secret: cred.secret, patientId: p.id, patientCode: p.patientCode!, transport, seq: 0, lastMs: 0 });
  }
  log(`created ${devices.length} J2025E devices (run ${run}) for ${Math.min(patients.length, opts.count)} patients; ` +
    `${devices.filter((d) => d.transport === 'http').length} over HTTP, ${devices.filter((d) => d.transport === 'mqtt').length} over MQTT (${opts.mqtt})`);
  return devices;
}

function summary(label: string, s: typeof stats) {
  log(`${label} sent ${s.sent}, accepted ${s.accepted}, duplicates ${s.duplicates}, rejected ${s.rejected}, errors ${s.errors}, retries ${s.retries} (${s.batches} batches)`);
}

async function main() {
  log(`simulating ${opts.count} devices × ${opts.rate}/s against ${opts.url} (tenant ${opts.tenant}, abnormal ${opts.abnormal}, transport ${opts.transport}${opts.duration ? `, ${opts.duration} s` : ''})`);
  const devices = await setup();
  let stopping = false;
  const inFlight = new Set<Promise<void>>();
  const stop = () => { stopping = true; };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const started = Date.now();
  const owed = new Map<string, number>();
  const report = setInterval(() => {
    summary('last 10 s:', stats);
    for (const k of Object.keys(stats) as Array<keyof typeof stats>) { total[k] += stats[k]; stats[k] = 0; }
  }, 10_000);
  // Every second each device sends the readings it owes (rate may be fractional), timestamps spread over that second.
  while (!stopping && (!opts.duration || Date.now() - started < opts.duration * 1000)) {
    const tick = Date.now();
    for (const d of devices) {
      const due = (owed.get(d.id) ?? 0) + opts.rate;
      const n = Math.floor(due);
      owed.set(d.id, due - n);
      if (n === 0) continue;
      const readings: Reading[] = [];
      for (let i = 0; i < n; i++) {
        const at = Math.max(d.lastMs + 1, tick - 1000 + Math.floor((i * 1000) / n));
        d.lastMs = at;
        readings.push(reading(d, at));
      }
      for (let i = 0; i < readings.length; i += 5000) {
        const p = sendBatch(d, readings.slice(i, i + 5000)).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
  }
  await Promise.allSettled([...inFlight]);
  clearInterval(report);
  for (const k of Object.keys(stats) as Array<keyof typeof stats>) total[k] += stats[k];
  summary('total:', total);
  await Promise.all(devices.map((d) => d.mqtt?.endAsync().catch(() => undefined)));
  process.exit(total.errors > 0 && total.accepted === 0 ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
