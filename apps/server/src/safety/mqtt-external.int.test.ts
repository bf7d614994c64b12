import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectAsync, type MqttClient } from 'mqtt';
import { MQTT_REPLAY_WINDOW_MS, mqttAckTopic, mqttMeasurementsTopic, type TMqttAck } from '@carewatch/contracts/vitals';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { newId } from '../platform/ids.ts';
import { startMqtt, type MqttService } from '../platform/mqtt.ts';

/**
 * Devices through an external MQTT broker (issue 14, item 13). Such a broker may let anyone subscribe to
 * `carewatch/#`, so the suite listens there like any subscriber would and checks that no message carries a device
 * secret; that the server refuses a message with the secret in clear, a bad signature, an old or future timestamp;
 * that a replayed message is not handled twice; and that two server instances on the broker (a shared subscription)
 * handle each message once. Devices are created through the API, as an operator would, and sign as the README says.
 */

const url = process.env.MQTT_URL || 'mqtt://127.0.0.1:1883';
const brokerUp = await new Promise<boolean>((resolve) => {
  const u = new URL(url);
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

type Device = { id: string; secret: string };

/** The device side of the README's rule: HMAC-SHA256(secret, topic + "\n" + message with "sig":""), hex, put in "sig". */
function signed(d: Device, body: Record<string, unknown>, key = d.secret): string {
  const unsigned = JSON.stringify({ ...body, sig: '' });
  const sig = crypto
    .createHmac('sha256', key)
    .update(`${mqttMeasurementsTopic('demo', d.id)}\n${unsigned}`)
    .digest('hex');
  return unsigned.replace('"sig":""', `"sig":"${sig}"`);
}

describe.skipIf(!brokerUp && process.env.CI !== 'true')('external MQTT broker', () => {
  let t: TestApp;
  let token: string;
  let patientId: string;
  const services: MqttService[] = [];
  let device: MqttClient;
  let spy: MqttClient;
  const seenBySpy: string[] = [];
  const acks: TMqttAck[] = [];
  // Per run: other runs on the same broker form their own groups.
  const group = `cw-safety-${newId().slice(-12)}`;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.login('sysadmin')).access;
    patientId = (await t.db.query<{ id: string }>(`select id from patients where patient_code = 'DEMO-P0002'`))[0]!.id;
    // Two server instances in one shared subscription.
    for (let i = 0; i < 2; i++)
      services.push(
        await startMqtt(
          { ...t.deps, config: { ...t.deps.config, mqttUrl: url, mqttShareGroup: group } },
          () => undefined,
        ),
      );
    spy = await connectAsync(url, { reconnectPeriod: 0, clientId: `cw-spy-${newId().slice(-12)}` });
    spy.on('message', (_topic, payload) => seenBySpy.push(payload.toString('utf8')));
    await spy.subscribeAsync('carewatch/#', { qos: 1 });
    device = await connectAsync(url, { reconnectPeriod: 0, clientId: `cw-dev-${newId().slice(-12)}` });
    device.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString('utf8')) as TMqttAck));
  });
  afterAll(async () => {
    await device?.endAsync(true);
    await spy?.endAsync(true);
    for (const s of services) await s.close();
    await t?.close();
  });

  /** A cellular device registered, assigned and given credentials through the API. */
  async function newDevice(): Promise<Device> {
    const serial = `MQTT-SAFE-${newId().slice(-10)}`;
    const dev = await t.post(
      '/api/account/devices',
      {
        model: 'J2025E',
        account: 'DEMO-P0002',
        mac: null,
        imei: `35${String(crypto.randomInt(0, 1e13)).padStart(13, '0')}`,
        serial,
        name: serial,
      },
      token,
    );
    expect(dev.status).toBe(201);
    expect((await t.put(`/api/account/devices/${String(dev.body.id)}/assign`, { patientId }, token)).status).toBe(200);
    const cred = await t.post(`/api/account/devices/${String(dev.body.id)}/credentials`, {}, token);
    const d = { id: String(cred.body.deviceId), secret: String(cred.body.secret) };
    await device.subscribeAsync(mqttAckTopic('demo', d.id), { qos: 1 });
    return d;
  }
  // Readings in 2022, one minute apart per batch number, away from the demo data.
  const readings = (n: number) => [
    {
      metric: 'heart_rate',
      measuredAt: new Date(Date.UTC(2022, 0, 1) + n * 60_000).toISOString(),
      value: 70 + (n % 20),
    },
  ];
  const stored = async (d: Device) =>
    (
      await t.db.query<{ n: number }>('select count(*)::int n from measurements where source = $1', [`device:${d.id}`])
    )[0]!.n;
  const handled = async (d: Device) =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int n from audit_log where action = 'vitals.ingest' and details->>'deviceId' = $1`,
        [d.id],
      )
    )[0]!.n;
  const ackOf = async (batchId: string, pred: (a: TMqttAck) => boolean = () => true) => {
    await expect.poll(() => acks.some((a) => a.batchId === batchId && pred(a)), { timeout: 10_000 }).toBe(true);
    return acks.find((a) => a.batchId === batchId && pred(a))!;
  };
  const send = (d: Device, payload: string) =>
    device.publishAsync(mqttMeasurementsTopic('demo', d.id), payload, { qos: 1 });
  const now = () => t.clock.now().getTime();

  test('a signed message is stored; the secret is in no message any subscriber sees', async () => {
    const d = await newDevice();
    await send(d, signed(d, { batchId: 'ok-1', ts: now(), readings: readings(1) }));
    expect(await ackOf('ok-1', (a) => !a.error)).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await stored(d)).toBe(1);
    await expect.poll(() => seenBySpy.some((m) => m.includes('"ok-1"')), { timeout: 5000 }).toBe(true);
    expect(seenBySpy.filter((m) => m.includes(d.secret))).toEqual([]);
  });

  test('refused: the secret in clear, no signature, a wrong key, a changed message, an old or future timestamp', async () => {
    const d = await newDevice();
    const body = (batchId: string, ts = now()) => ({ batchId, ts, readings: readings(2) });
    await send(d, JSON.stringify({ ...body('clear'), secret: d.secret }));
    await send(
      d,
      JSON.stringify({ ...body('clear-signed'), secret: d.secret }).replace(/}$/, `,"sig":"${'0'.repeat(64)}"}`),
    );
    await send(d, JSON.stringify(body('unsigned')));
    await send(d, signed(d, body('wrong-key'), 'not-the-secret'));
    await send(d, signed(d, body('changed')).replace('"value":72', '"value":190'));
    await send(d, signed(d, body('old', now() - MQTT_REPLAY_WINDOW_MS - 60_000)));
    await send(d, signed(d, body('future', now() + MQTT_REPLAY_WINDOW_MS + 60_000)));
    for (const id of ['clear', 'clear-signed', 'unsigned', 'wrong-key', 'changed'])
      expect((await ackOf(id)).error?.code, id).toBe('DEVICE_AUTH_FAILED');
    for (const id of ['old', 'future'])
      expect((await ackOf(id, (a) => a.error?.code === 'DEVICE_CLOCK_SKEW')).accepted, id).toBe(0);
    expect(await stored(d)).toBe(0);
    expect(await handled(d)).toBe(0);
  });

  test('a replayed message is answered as a duplicate and not handled again', async () => {
    const d = await newDevice();
    const msg = signed(d, { batchId: 'replay-1', ts: now(), readings: readings(3) });
    await send(d, msg);
    await ackOf('replay-1', (a) => a.accepted === 1);
    await send(d, msg);
    expect(await ackOf('replay-1', (a) => a.duplicates === 1)).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await stored(d)).toBe(1);
    expect(await handled(d)).toBe(1);
  });

  test('two server instances on the broker handle each message once (shared subscription)', async () => {
    const d = await newDevice();
    const N = 12;
    for (let i = 0; i < N; i++)
      await send(d, signed(d, { batchId: `fan-${i}`, ts: now(), readings: readings(100 + i) }));
    for (let i = 0; i < N; i++) await ackOf(`fan-${i}`, (a) => !a.error);
    // Time for a second handling, if there were one, to show up.
    await new Promise((r) => setTimeout(r, 500));
    expect(await handled(d)).toBe(N);
    expect(acks.filter((a) => a.batchId?.startsWith('fan-') && !a.error)).toHaveLength(N);
    expect(await stored(d)).toBe(N);
  });
});
