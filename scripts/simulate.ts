// `npm run simulate`: a fleet of simulated cellular wearables (J2025E) sending vitals to a running CareWatch server
// over HTTPS (POST /api/ingest/measurements, Basic deviceId:secret) and/or MQTT (carewatch/<tenant>/devices/<id>/measurements,
// CONNECT as deviceId:secret, each message signed with the secret, so it works with the embedded or an external broker).
//
//   npm run simulate -- --count 20 --rate 1 --abnormal 0.1 --duration 60 --transport both
//
// Scenario mode sends ONE reading for one patient, as that patient's simulator device, then exits (used by the E2E
// tests; stdout holds only one JSON line, progress goes to stderr; exit code 1 with a message on any failure):
//
//   npm run simulate -- --url http://localhost:8080 --scenario sos --patient DEMO-P0001 [--metric heart_rate --value 250] [--transport http|mqtt]
//   → {"scenario":"sos","patientId":"…","deviceId":"…","accepted":1,"patientCode":"DEMO-P0001","metric":"heart_rate","value":250,"measuredAt":"…"}
//
// It finds the patient by patient id or e-mail, reuses a simulator device (serial SIM-…) already assigned to them or
// creates and assigns one, issues fresh credentials (the old secret is replaced) and sends the reading measured now.
//
// Options (flag or environment variable):
//   --url        SIM_URL        server base URL                      (http://localhost:8080)
//   --tenant     SIM_TENANT     tenant code                          (demo)
//   --count      SIM_COUNT      simulated devices                    (20)
//   --rate       SIM_RATE       readings per device per second       (1)
//   --abnormal   SIM_ABNORMAL   share of abnormal values, 0..1       (0.1)
//   --duration   SIM_DURATION   seconds, 0 = until Ctrl-C            (0)
//   --mqtt       SIM_MQTT       MQTT broker URL                      (mqtt://localhost:1883)
//   --mqtt-external SIM_MQTT_EXTERNAL  the broker is an external one: CONNECT without the device secret (the broker's
//                                     own credentials, if any, go in the URL); messages are signed either way
//   --transport  SIM_TRANSPORT  http | mqtt | both                   (both: devices alternate; scenarios: http)
//   --login      SIM_LOGIN      operator/sysadmin account            (sysadmin@<tenant>.test)
//   --password   SIM_PASSWORD                                        (CareWatch@2026)
// Scenario mode:
//   --scenario   SIM_SCENARIO   sos | high-risk | normal             (unset: fleet mode)
//   --patient    SIM_PATIENT    patient id (code) or e-mail          (DEMO-P0001)
//   --metric     SIM_METRIC     heart_rate, spo2, temperature, blood_pressure, … (heart_rate)
//   --value      SIM_VALUE      the value (blood pressure: 190/110)  (sos heart rate: 250; otherwise from the
//                                                                     patient's effective thresholds)
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';

type Transport = 'http' | 'mqtt';
type Reading = { metric: string; measuredAt: string; value?: number; values?: { systolic: number; diastolic: number } };
type Ack = {
  accepted: number;
  duplicates: number;
  rejected: unknown[];
  batchId?: string | null;
  error?: { code: string; message: string };
};
const SCENARIOS = ['sos', 'high-risk', 'normal'] as const;
type Scenario = (typeof SCENARIOS)[number];
/** Metrics a scenario can send, with the threshold index their value is read against (blood pressure: systolic). */
const SCENARIO_METRICS: Record<string, string> = {
  heart_rate: 'heart_rate',
  spo2: 'spo2',
  temperature: 'temperature',
  blood_pressure: 'systolic',
  blood_glucose: 'blood_glucose',
  respiratory_rate: 'respiratory_rate',
  hrv: 'hrv',
  qtc: 'qtc',
  weight: 'weight',
};
type SimDevice = {
  id: string;
  secret: string;
  patientId: string;
  patientCode: string;
  transport: Transport;
  mqtt?: MqttClient;
  seq: number;
  lastMs: number;
};

const { values: flags } = parseArgs({
  options: {
    url: { type: 'string' },
    tenant: { type: 'string' },
    count: { type: 'string' },
    rate: { type: 'string' },
    abnormal: { type: 'string' },
    duration: { type: 'string' },
    mqtt: { type: 'string' },
    'mqtt-external': { type: 'boolean' },
    transport: { type: 'string' },
    login: { type: 'string' },
    password: { type: 'string' },
    scenario: { type: 'string' },
    patient: { type: 'string' },
    metric: { type: 'string' },
    value: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: false,
});
if (flags.help) {
  console.log(
    'npm run simulate -- [--url U] [--tenant demo] [--count 20] [--rate 1] [--abnormal 0.1] [--duration S] [--mqtt URL] [--transport http|mqtt|both] [--login L --password P]\n' +
      'npm run simulate -- [--url U] --scenario sos|high-risk|normal [--patient DEMO-P0001] [--metric heart_rate] [--value V] [--transport http|mqtt]',
  );
  process.exit(0);
}
const env = process.env;
const num = (v: string | undefined, d: number, name: string) => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a non-negative number`);
    process.exit(2);
  }
  return n;
};
const tenant = flags.tenant ?? env.SIM_TENANT ?? 'demo';
const scenarioName = flags.scenario ?? env.SIM_SCENARIO ?? null;
const opts = {
  url: (flags.url ?? env.SIM_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
  tenant,
  count: Math.max(1, Math.floor(num(flags.count ?? env.SIM_COUNT, 20, 'count'))),
  rate: num(flags.rate ?? env.SIM_RATE, 1, 'rate'),
  abnormal: Math.min(1, num(flags.abnormal ?? env.SIM_ABNORMAL, 0.1, 'abnormal')),
  duration: num(flags.duration ?? env.SIM_DURATION, 0, 'duration'),
  mqtt: flags.mqtt ?? env.SIM_MQTT ?? 'mqtt://localhost:1883',
  mqttExternal: flags['mqtt-external'] ?? ['1', 'true', 'yes'].includes((env.SIM_MQTT_EXTERNAL ?? '').toLowerCase()),
  transport: (flags.transport ?? env.SIM_TRANSPORT ?? (scenarioName ? 'http' : 'both')) as 'http' | 'mqtt' | 'both',
  login: flags.login ?? env.SIM_LOGIN ?? `sysadmin@${tenant}.test`,
  password: flags.password ?? env.SIM_PASSWORD ?? 'CareWatch@2026',
  scenario: scenarioName as Scenario | null,
  patient: (flags.patient ?? env.SIM_PATIENT ?? 'DEMO-P0001').trim(),
  metric: flags.metric ?? env.SIM_METRIC ?? 'heart_rate',
  value: flags.value ?? env.SIM_VALUE ?? null,
};
if (!['http', 'mqtt', 'both'].includes(opts.transport)) {
  console.error('--transport must be http, mqtt or both');
  process.exit(2);
}
if (opts.scenario !== null) {
  if (!(SCENARIOS as readonly string[]).includes(opts.scenario)) {
    console.error(`--scenario must be ${SCENARIOS.join(', ')}`);
    process.exit(2);
  }
  if (opts.transport === 'both') {
    console.error('--transport must be http or mqtt with --scenario (one reading, one device)');
    process.exit(2);
  }
  if (!(opts.metric in SCENARIO_METRICS)) {
    console.error(`--metric must be one of ${Object.keys(SCENARIO_METRICS).join(', ')}`);
    process.exit(2);
  }
  if (!opts.patient) {
    console.error('--patient is required with --scenario');
    process.exit(2);
  }
}

const stats = { sent: 0, accepted: 0, duplicates: 0, rejected: 0, errors: 0, retries: 0, batches: 0 };
const total = { ...stats };
// A scenario keeps stdout for its one JSON result line, so its progress goes to stderr.
const log = (msg: string) =>
  (opts.scenario ? console.error : console.log)(`${new Date().toISOString().slice(11, 19)} ${msg}`);

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${opts.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
    case 'heart_rate':
      return {
        metric,
        measuredAt,
        value: Math.round(bad ? (Math.random() < 0.7 ? rnd(125, 175) : rnd(35, 45)) : rnd(60, 95)),
      };
    case 'spo2':
      return { metric, measuredAt, value: Math.round(bad ? rnd(88, 91) : rnd(95, 100)) };
    case 'blood_pressure': {
      const systolic = Math.round(bad ? rnd(160, 195) : rnd(105, 135));
      const diastolic = Math.round(Math.min(systolic - 25, bad ? rnd(95, 115) : rnd(65, 85)));
      return { metric, measuredAt, values: { systolic, diastolic } };
    }
    case 'temperature':
      return { metric, measuredAt, value: Math.round((bad ? rnd(38.3, 39.8) : rnd(36.2, 37.2)) * 10) / 10 };
    default:
      return { metric, measuredAt, value: Math.round(rnd(0, 40)) };
  }
}

// ------------------------------------------------------------------ transports

async function sendHttp(d: SimDevice, readings: Reading[]): Promise<Ack> {
  const res = await fetch(`${opts.url}/api/ingest/measurements`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${d.id}:${d.secret}`).toString('base64')}`,
    },
    body: JSON.stringify({ readings }),
  });
  const text = await res.text();
  if (res.status >= 500 || res.status === 429) throw new Error(`HTTP ${res.status}`);
  if (!res.ok)
    return {
      accepted: 0,
      duplicates: 0,
      rejected: [],
      error: { code: String(res.status), message: text.slice(0, 200) },
    };
  return JSON.parse(text) as Ack;
}

const pendingAcks = new Map<string, (ack: Ack) => void>();
async function connectMqtt(d: SimDevice): Promise<MqttClient> {
  const client = await connectAsync(opts.mqtt, {
    clientId: `sim-${d.id.slice(-12)}-${crypto.randomBytes(3).toString('hex')}`,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    // The embedded broker authenticates the device at CONNECT; an external broker is not told the secret.
    ...(opts.mqttExternal ? {} : { username: d.id, password: d.secret }),
  });
  client.on('message', (_topic, payload) => {
    try {
      const ack = JSON.parse(payload.toString('utf8')) as Ack;
      const done = ack.batchId ? pendingAcks.get(ack.batchId) : undefined;
      if (done) {
        pendingAcks.delete(ack.batchId!);
        done(ack);
      }
    } catch {
      /* not an ack */
    }
  });
  client.on('error', (e) => log(`mqtt ${d.patientCode}: ${e.message}`));
  await client.subscribeAsync(`carewatch/${opts.tenant}/devices/${d.id}/ack`, { qos: 1 });
  return client;
}
async function sendMqtt(d: SimDevice, readings: Reading[], batchId: string): Promise<Ack> {
  if (!d.mqtt) d.mqtt = await connectMqtt(d);
  const acked = new Promise<Ack>((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingAcks.delete(batchId);
      reject(new Error('no ack in 10 s'));
    }, 10_000);
    pendingAcks.set(batchId, (ack) => {
      clearTimeout(timer);
      resolve(ack);
    });
  });
  const topic = `carewatch/${opts.tenant}/devices/${d.id}/measurements`;
  await d.mqtt.publishAsync(topic, signMqtt(d.secret, topic, { batchId, ts: Date.now(), readings }), { qos: 1 });
  return acked;
}

/**
 * A signed MQTT message (README "MQTT through an external broker"), never the secret itself: the body with "sig":""
 * is HMAC-SHA256'd with the device secret after `<topic>\n`, and the hex digest is put in "sig". The embedded broker
 * (which authenticated the device at CONNECT) ignores it; a server on an external broker requires it.
 */
function signMqtt(secret: string, topic: string, body: Record<string, unknown>): string {
  const unsigned = JSON.stringify({ ...body, sig: '' });
  const sig = crypto.createHmac('sha256', secret).update(`${topic}\n${unsigned}`).digest('hex');
  return unsigned.replace('"sig":""', `"sig":"${sig}"`);
}

/**
 * Sends one batch with up to 3 retries (same readings and batch id: the server never stores a reading twice).
 * Returns the server's answer, or one with `error` when the batch was refused or never got through.
 */
async function sendBatch(d: SimDevice, readings: Reading[]): Promise<Ack> {
  const batchId = crypto.randomUUID();
  stats.sent += readings.length;
  stats.batches++;
  for (let attempt = 0; ; attempt++) {
    try {
      const ack = d.transport === 'http' ? await sendHttp(d, readings) : await sendMqtt(d, readings, batchId);
      if (ack.error) {
        stats.errors++;
        log(`${d.transport} ${d.patientCode}: batch refused: ${ack.error.code} ${ack.error.message}`);
        return ack;
      }
      stats.accepted += ack.accepted;
      stats.duplicates += ack.duplicates;
      stats.rejected += ack.rejected.length;
      return ack;
    } catch (e) {
      if (attempt >= 3) {
        stats.errors++;
        log(`${d.transport} ${d.patientCode}: gave up after ${attempt + 1} attempts: ${(e as Error).message}`);
        return {
          accepted: 0,
          duplicates: 0,
          rejected: [],
          error: { code: 'UNREACHABLE', message: (e as Error).message },
        };
      }
      stats.retries++;
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}

// ------------------------------------------------------------------ staff API: sign-in, patients, devices

type PatientRow = {
  id: string;
  patientCode: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  status: string;
};
type DeviceRow = {
  id: string;
  model: string;
  serial: string;
  name: string | null;
  account: string | null;
  patientId: string | null;
};

async function signIn(): Promise<string> {
  try {
    const tok = await call<{ access_token: string }>('POST', '/api/auth/oauth-token', null, {
      tenant: opts.tenant,
      username: opts.login,
      password: opts.password,
      grant_type: 'password',
    });
    return tok.access_token;
  } catch (e) {
    throw new Error(`sign-in as ${opts.login} (tenant ${opts.tenant}) failed: ${(e as Error).message}`);
  }
}

/** A new J2025E device registered to the patient's account (patient id, else e-mail or phone); returns its id. */
async function createDevice(token: string, p: PatientRow, serial: string, name: string): Promise<string> {
  const imei = `35${String(crypto.randomInt(0, 1e9)).padStart(9, '0')}${String(crypto.randomInt(0, 1e4)).padStart(4, '0')}`;
  const account = p.patientCode ?? p.email ?? p.phone ?? p.id;
  const dev = await call<{ id: string }>('POST', '/api/account/devices', token, {
    model: 'J2025E',
    account,
    mac: null,
    imei,
    serial,
    name,
  });
  return dev.id;
}

/** Assigns a device to the patient (unless it already is) and issues its credentials (a new secret replaces the old one). */
async function enrolDevice(
  token: string,
  deviceId: string,
  p: PatientRow,
  transport: Transport,
  assigned = false,
): Promise<SimDevice> {
  if (!assigned) await call('PUT', `/api/account/devices/${deviceId}/assign`, token, { patientId: p.id });
  const cred = await call<{ deviceId: string; secret: string }>(
    'POST',
    `/api/account/devices/${deviceId}/credentials`,
    token,
    {},
  );
  return {
    id: cred.deviceId,
    secret: cred.secret,
    patientId: p.id,
    patientCode: p.patientCode ?? p.email ?? p.id,
    transport,
    seq: 0,
    lastMs: 0,
  };
}

// ------------------------------------------------------------------ fleet

async function setup(): Promise<SimDevice[]> {
  const token = await signIn();
  const patients: PatientRow[] = [];
  for (let page = 0; patients.length < opts.count; page++) {
    // pages are 0-based
    const res = await call<{ items: PatientRow[]; total: number }>(
      'GET',
      `/api/account/patients?page=${page}&size=200&sort=createdAt`,
      token,
    );
    patients.push(...res.items.filter((p) => p.patientCode));
    if (res.items.length < 200) break;
  }
  if (patients.length === 0) throw new Error('no patients with a patient id are visible to this account');
  const run = crypto.randomBytes(3).toString('hex').toUpperCase();
  const devices: SimDevice[] = [];
  for (let i = 0; i < opts.count; i++) {
    const p = patients[i % patients.length]!;
    const id = await createDevice(
      token,
      p,
      `SIM-${run}-${String(i + 1).padStart(4, '0')}`,
      `Simulator ${run} #${i + 1}`,
    );
    const transport: Transport = opts.transport === 'both' ? (i % 2 === 0 ? 'http' : 'mqtt') : opts.transport;
    devices.push(await enrolDevice(token, id, p, transport));
  }
  log(
    `created ${devices.length} J2025E devices (run ${run}) for ${Math.min(patients.length, opts.count)} patients; ` +
      `${devices.filter((d) => d.transport === 'http').length} over HTTP, ${devices.filter((d) => d.transport === 'mqtt').length} over MQTT (${opts.mqtt})`,
  );
  return devices;
}

// ------------------------------------------------------------------ scenario: one reading for one patient

/** The visible patient whose patient id (code) or e-mail is `key` (exact, case-insensitive). */
async function findPatient(token: string, key: string): Promise<PatientRow> {
  const res = await call<{ items: PatientRow[] }>(
    'GET',
    `/api/account/patients?size=200&search=${encodeURIComponent(key)}`,
    token,
  );
  const k = key.toLowerCase();
  const p = res.items.find((x) => x.patientCode?.toLowerCase() === k || x.email?.toLowerCase() === k);
  if (!p)
    throw new Error(
      `patient ${key} not found (no visible patient has this patient id or e-mail in tenant ${opts.tenant})`,
    );
  return p;
}

/** A simulator device (serial SIM-…) already assigned to the patient, or a new one assigned to them; with fresh credentials. */
async function scenarioDevice(token: string, p: PatientRow, transport: Transport): Promise<SimDevice> {
  const account = p.patientCode ?? p.email ?? p.phone ?? p.id;
  const res = await call<{ items: DeviceRow[] }>(
    'GET',
    `/api/account/devices?category=cellular&model=J2025E&size=200&search=${encodeURIComponent(account)}`,
    token,
  );
  const sims = res.items.filter((d) => d.patientId === p.id && d.serial.startsWith('SIM-'));
  // A scenario's own device first: new credentials would cut off a fleet run still using its device.
  const mine = sims.find((d) => d.name === `Simulator ${d.serial.slice(4, -5)} (${account})`) ?? sims[0];
  if (mine) {
    log(`reusing simulator device ${mine.serial} of ${account}`);
    return enrolDevice(token, mine.id, p, transport, true);
  }
  const run = crypto.randomBytes(3).toString('hex').toUpperCase();
  const id = await createDevice(token, p, `SIM-${run}-0001`, `Simulator ${run} (${account})`);
  log(`created simulator device SIM-${run}-0001 for ${account}`);
  return enrolDevice(token, id, p, transport);
}

/** Typical resting values (canonical units) for the `normal` scenario. */
const NORMAL_VALUES: Record<string, number> = {
  heart_rate: 72,
  spo2: 98,
  temperature: 36.8,
  blood_glucose: 5.5,
  respiratory_rate: 16,
  hrv: 50,
  qtc: 400,
  weight: 65,
};
type Side = { atRisk: number | null; highRisk: number | null; sos: number | null };
type ThresholdView = { index: string; low: Side; high: Side };

/**
 * The value of a scenario reading: `--value` if given; a typical resting value for `normal` (closes a reading's alert);
 * 250 bpm for an SOS heart rate (above every age's maximum); otherwise the tier's limit from the patient's effective
 * thresholds (personalised by the server), high side first, else just under the low side.
 */
async function scenarioValue(
  token: string,
  p: PatientRow,
  scenario: Scenario,
): Promise<number | { systolic: number; diastolic: number }> {
  const bp = opts.metric === 'blood_pressure';
  if (opts.value !== null) {
    if (bp) {
      const m = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(opts.value.trim());
      if (!m) throw new Error('--value for blood_pressure must be systolic/diastolic, e.g. 190/110');
      return { systolic: Number(m[1]), diastolic: Number(m[2]) };
    }
    const v = Number(opts.value);
    if (opts.value.trim() === '' || !Number.isFinite(v)) throw new Error('--value must be a number');
    return v;
  }
  if (scenario === 'sos' && opts.metric === 'heart_rate') return 250;
  if (scenario === 'normal') return bp ? { systolic: 118, diastolic: 76 } : NORMAL_VALUES[opts.metric]!;
  const index = SCENARIO_METRICS[opts.metric]!;
  const res = await call<{ items: ThresholdView[] }>('GET', `/api/account/patients/${p.id}/thresholds`, token);
  const t = res.items.find((x) => x.index === index);
  const tier = scenario === 'sos' ? 'sos' : 'highRisk';
  const hi = t?.high[tier] ?? null;
  const lo = t?.low[tier] ?? null;
  // High side is "≥ limit"; low side "< limit".
  let v = hi !== null ? hi : lo !== null ? lo - (lo > 20 ? 1 : 0.1) : null;
  if (v === null) throw new Error(`${opts.metric} has no ${scenario} level for ${p.patientCode ?? p.id}: give --value`);
  v = Math.round(v * 10) / 10;
  // Diastolic stays 25 below systolic (valid input) and under its own SOS level, so the systolic side decides.
  return bp ? { systolic: v, diastolic: Math.round(Math.min(v - 25, 100)) } : v;
}

async function runScenario(scenario: Scenario) {
  const transport: Transport = opts.transport === 'mqtt' ? 'mqtt' : 'http';
  log(
    `scenario ${scenario}: ${opts.metric} of ${opts.patient} over ${transport} to ${opts.url} (tenant ${opts.tenant})`,
  );
  const token = await signIn();
  const p = await findPatient(token, opts.patient);
  const value = await scenarioValue(token, p, scenario);
  const d = await scenarioDevice(token, p, transport);
  const measuredAt = new Date().toISOString();
  const r: Reading =
    typeof value === 'number'
      ? { metric: opts.metric, measuredAt, value }
      : { metric: opts.metric, measuredAt, values: value };
  const ack = await sendBatch(d, [r]).finally(() => d.mqtt?.endAsync().catch(() => undefined));
  if (ack.error) throw new Error(`reading not accepted: ${ack.error.code} ${ack.error.message}`);
  if (ack.accepted !== 1)
    throw new Error(
      `reading not accepted: ${JSON.stringify({ accepted: ack.accepted, duplicates: ack.duplicates, rejected: ack.rejected })}`,
    );
  console.log(
    JSON.stringify({
      scenario,
      patientId: p.id,
      deviceId: d.id,
      accepted: 1,
      patientCode: p.patientCode,
      metric: opts.metric,
      value,
      measuredAt,
      transport,
    }),
  );
}

function summary(label: string, s: typeof stats) {
  log(
    `${label} sent ${s.sent}, accepted ${s.accepted}, duplicates ${s.duplicates}, rejected ${s.rejected}, errors ${s.errors}, retries ${s.retries} (${s.batches} batches)`,
  );
}

async function main() {
  log(
    `simulating ${opts.count} devices × ${opts.rate}/s against ${opts.url} (tenant ${opts.tenant}, abnormal ${opts.abnormal}, transport ${opts.transport}${opts.duration ? `, ${opts.duration} s` : ''})`,
  );
  const devices = await setup();
  let stopping = false;
  const inFlight = new Set<Promise<unknown>>();
  const stop = () => {
    stopping = true;
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const started = Date.now();
  const owed = new Map<string, number>();
  const report = setInterval(() => {
    summary('last 10 s:', stats);
    for (const k of Object.keys(stats) as Array<keyof typeof stats>) {
      total[k] += stats[k];
      stats[k] = 0;
    }
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

(opts.scenario ? runScenario(opts.scenario).then(() => process.exit(0)) : main()).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
