import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { mqttAckTopic, mqttMeasurementsTopic, type TMqttAck } from '@carewatch/contracts/vitals';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { newId } from './ids.ts';
import { startMqtt, type MqttService } from './mqtt.ts';
import { issueDeviceSecret } from '../modules/devices/device-credentials.ts';

let t: TestApp;
let tenantId: string;
let patientId: string;

beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    `select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
});
afterAll(async () => {
  await t?.close();
});

/** A cellular device assigned to the demo patient, with a fresh secret (unique topic per run). */
async function newDevice(): Promise<{ deviceId: string; secret: string }> {
  const deviceId = newId();
  await t.db.query(`insert into devices (id, tenant_id, model, serial, patient_id) values ($1, $2, 'J2025E', $3, $4)`, [
    deviceId,
    tenantId,
    `MQ-${deviceId}`,
    patientId,
  ]);
  return { deviceId, secret: await issueDeviceSecret(t.deps, tenantId, deviceId, t.clock.now()) };
}

// Readings in 2023, away from the seeded demo vitals; minute offsets keep each test's readings apart.
const at = (min: number) => new Date(Date.UTC(2023, 5, 1) + min * 60000).toISOString();
const readings = (base: number) => [
  { metric: 'heart_rate', measuredAt: at(base), value: 71 },
  { metric: 'spo2', measuredAt: at(base), value: 97 },
  { metric: 'heart_rate', measuredAt: at(base + 1), value: 500 },
];

function nextAck(client: MqttClient, topic: string, batchId: string): Promise<TMqttAck> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ack for ${batchId}`)), 10_000);
    const onMessage = (tp: string, payload: Buffer) => {
      if (tp !== topic) return;
      const ack = JSON.parse(payload.toString('utf8')) as TMqttAck;
      if (ack.batchId !== batchId) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(ack);
    };
    client.on('message', onMessage);
  });
}

async function publishAndAck(
  client: MqttClient,
  deviceId: string,
  body: Record<string, unknown> & { batchId: string },
  payload = JSON.stringify(body),
): Promise<TMqttAck> {
  const ack = nextAck(client, mqttAckTopic('demo', deviceId), body.batchId);
  await client.publishAsync(mqttMeasurementsTopic('demo', deviceId), payload, { qos: 1 });
  return ack;
}

/** What a device does for an external broker (README): HMAC-SHA256(secret, topic + "\n" + body with "sig":""), hex. */
function signed(deviceId: string, secret: string, body: Record<string, unknown>): string {
  const unsigned = JSON.stringify({ ...body, sig: '' });
  const sig = crypto
    .createHmac('sha256', secret)
    .update(`${mqttMeasurementsTopic('demo', deviceId)}\n${unsigned}`)
    .digest('hex');
  return unsigned.replace('"sig":""', `"sig":"${sig}"`);
}

const stored = async (deviceId: string) =>
  (
    await t.db.query<{ n: number }>('select count(*)::int n from measurements where patient_id = $1 and source = $2', [
      patientId,
      `device:${deviceId}`,
    ])
  )[0]!.n;

describe('embedded broker (Aedes, random port)', () => {
  let svc: MqttService;
  beforeAll(async () => {
    svc = await startMqtt(
      { ...t.deps, config: { ...t.deps.config, mqttUrl: undefined, mqttPort: 0 } },
      () => undefined,
    );
    expect(svc.mode).toBe('embedded');
  });
  afterAll(async () => {
    await svc?.close();
  });

  test('a wrong password is refused at connect', async () => {
    const { deviceId } = await newDevice();
    await expect(
      connectAsync(`mqtt://127.0.0.1:${svc.port}`, {
        username: deviceId,
        password: 'wrong',
        reconnectPeriod: 0,
        connectTimeout: 5000,
      }),
    ).rejects.toThrow();
  });

  test('a published batch is stored and acked after commit; a republished batch is all duplicates', async () => {
    const { deviceId, secret } = await newDevice();
    const client = await connectAsync(`mqtt://127.0.0.1:${svc.port}`, {
      username: deviceId,
      password: secret,
      reconnectPeriod: 0,
    });
    try {
      await client.subscribeAsync(mqttAckTopic('demo', deviceId), { qos: 1 });
      const first = await publishAndAck(client, deviceId, { batchId: 'b1', readings: readings(0) });
      expect(first).toMatchObject({
        batchId: 'b1',
        accepted: 2,
        duplicates: 0,
        rejected: [{ index: 2, code: 'OUT_OF_RANGE' }],
      });
      expect(await stored(deviceId)).toBe(2);
      const again = await publishAndAck(client, deviceId, { batchId: 'b2', readings: readings(0) });
      expect(again).toMatchObject({ batchId: 'b2', accepted: 0, duplicates: 2 });
      expect(await stored(deviceId)).toBe(2);
      const dev = await t.db.query<{ connection_status: number }>(
        'select connection_status from devices where id = $1',
        [deviceId],
      );
      expect(dev[0]!.connection_status).toBe(1);
      // Another device's ack topic cannot be subscribed to.
      const other = await newDevice();
      // Refused with a negative SUBACK (mqtt.js rejects); the connection stays usable.
      await expect(client.subscribeAsync(mqttAckTopic('demo', other.deviceId), { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      const third = await publishAndAck(client, deviceId, {
        batchId: 'b3',
        readings: [{ metric: 'steps', measuredAt: at(5), value: 10 }],
      });
      expect(third).toMatchObject({ accepted: 1 });
    } finally {
      await client.endAsync(true);
    }
  });

  test('a port already taken gives a warning and no broker, not a crash', async () => {
    const lines: string[] = [];
    const second = await startMqtt(
      { ...t.deps, config: { ...t.deps.config, mqttUrl: undefined, mqttPort: svc.port! } },
      (l) => lines.push(l),
    );
    expect(second.mode).toBe('off');
    expect(lines).toHaveLength(1);
    await second.close();
  });
});

const externalUrl = process.env.MQTT_URL || 'mqtt://127.0.0.1:1883';
/** Is a broker listening there? `npm test` on a machine without one skips the external case; CI (CI=true) requires it. */
const brokerUp = await new Promise<boolean>((resolve) => {
  const u = new URL(externalUrl);
  const sock = net.connect(Number(u.port || 1883), u.hostname);
  sock.setTimeout(1000);
  sock.once('connect', () => {
    sock.destroy();
    resolve(true);
  });
  sock.once('error', () => resolve(false));
  sock.once('timeout', () => {
    sock.destroy();
    resolve(false);
  });
});

describe.skipIf(!brokerUp && process.env.CI !== 'true')('external broker (Mosquitto)', () => {
  const url = externalUrl;
  let svc: MqttService;
  let client: MqttClient;
  beforeAll(async () => {
    svc = await startMqtt(
      { ...t.deps, config: { ...t.deps.config, mqttUrl: url, mqttShareGroup: `cw-test-${newId().slice(-12)}` } },
      () => undefined,
    );
    expect(svc.mode).toBe('external');
    client = await connectAsync(url, { reconnectPeriod: 0, clientId: `cw-test-${newId().slice(-12)}` });
  });
  afterAll(async () => {
    await client?.endAsync(true);
    await svc?.close();
  });

  test('each message is signed with the device secret; stored, acked, retries are duplicates', async () => {
    const { deviceId, secret } = await newDevice();
    await client.subscribeAsync(mqttAckTopic('demo', deviceId), { qos: 1 });
    const ts = () => t.clock.now().getTime();
    const bad = await publishAndAck(
      client,
      deviceId,
      { batchId: 'x0' },
      signed(deviceId, 'wrong', { batchId: 'x0', ts: ts(), readings: readings(100) }),
    );
    expect(bad).toMatchObject({ batchId: 'x0', accepted: 0, error: { code: 'DEVICE_AUTH_FAILED' } });
    const none = await publishAndAck(client, deviceId, { batchId: 'x1', ts: ts(), readings: readings(100) });
    expect(none.error?.code).toBe('DEVICE_AUTH_FAILED');
    expect(await stored(deviceId)).toBe(0);
    const first = await publishAndAck(
      client,
      deviceId,
      { batchId: 'x2' },
      signed(deviceId, secret, { batchId: 'x2', ts: ts(), readings: readings(100) }),
    );
    expect(first).toMatchObject({ accepted: 2, duplicates: 0, rejected: [{ index: 2 }] });
    const again = await publishAndAck(
      client,
      deviceId,
      { batchId: 'x3' },
      signed(deviceId, secret, { batchId: 'x3', ts: ts(), readings: readings(100) }),
    );
    expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await stored(deviceId)).toBe(2);
  });
});
