import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Aedes, AuthenticateError, Client as BrokerClient } from 'aedes';
import type { MqttClient } from 'mqtt';
import { loadMqttClient } from './lazy.ts';
import { ERRORS, type ErrorCode } from '@carewatch/contracts/errors';
import {
  MQTT_REPLAY_WINDOW_MS,
  MQTT_TOPIC_PREFIX,
  ZMqttBatch,
  mqttAckTopic,
  type TMqttAck,
} from '@carewatch/contracts/vitals';
import type { Deps, DevicePrincipal } from './context.ts';
import { AppError } from './errors.ts';
import { audit } from './audit.ts';
import { newId } from './ids.ts';

/**
 * MQTT ingest for cellular devices. Topic layout:
 *   device → server  carewatch/<tenantCode>/devices/<deviceId>/measurements   { secret?, batchId?, readings: [...] }
 *   server → device  carewatch/<tenantCode>/devices/<deviceId>/ack            { batchId, accepted, duplicates, rejected, error? }
 * Embedded broker (default): devices connect with username = deviceId, password = secret, may publish only to their
 * own measurements topic and subscribe only to their own ack topic. External broker (MQTT_URL): that broker may let
 * anyone read `carewatch/#`, so a message never carries the secret: it is signed with it (HMAC, with a timestamp and
 * a batch id against replays) and the server checks the signature. The server processes share one subscription
 * (`$share/carewatch/...`), so each message is handled by one of them. Both paths call the same ingest function as
 * HTTP; the ack is published after commit.
 */
export type MqttService = { mode: 'embedded' | 'external' | 'off'; port: number | null; close: () => Promise<void> };

const TOPIC_RE = new RegExp(`^${MQTT_TOPIC_PREFIX}/([^/+#]+)/devices/([^/+#]+)/measurements$`);
const SUBSCRIPTION = `${MQTT_TOPIC_PREFIX}/+/devices/+/measurements`;
/** Shared subscription (MQTT 5, Mosquitto 2 also for 3.1.1 clients): the broker gives each message to one member of the group. */
export const sharedSubscription = (group: string) => `$share/${group}/${SUBSCRIPTION}`;
type Publish = (topic: string, payload: string) => Promise<void>;
type Log = (line: string) => void;

/**
 * Who sent a message that came through the external broker: the device whose secret signed it (never a secret in
 * the message), with a batch id and a timestamp inside the replay window. Throws the refusal's code.
 */
async function signedSender(
  deps: Deps,
  deviceId: string,
  topic: string,
  raw: string,
  json: unknown,
): Promise<{ device: DevicePrincipal; batchId: string }> {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  // The secret itself in a message is refused unchecked: it was readable by every subscriber, and checking it would
  // make this an oracle for guesses.
  if ('secret' in body) throw new AppError('DEVICE_AUTH_FAILED');
  const device = await deps.ports.verifyDeviceSignature(deps, deviceId, topic, raw);
  if (!device) throw new AppError('DEVICE_AUTH_FAILED');
  const batchId = body.batchId;
  if (typeof batchId !== 'string' || !batchId || batchId.length > 100)
    throw new AppError('VALIDATION_ERROR', { field: 'batchId', rule: 'required' });
  if (typeof body.ts !== 'number' || Math.abs(deps.clock.now().getTime() - body.ts) > MQTT_REPLAY_WINDOW_MS)
    throw new AppError('DEVICE_CLOCK_SKEW');
  return { device, batchId };
}

/**
 * Handles one published batch: who sent it (connected device on the embedded broker, signature through an external
 * one), the shared ingest, then the ack. Never throws.
 */
export async function handleMqttBatch(
  deps: Deps,
  topic: string,
  payload: Buffer,
  connected: DevicePrincipal | null,
  publish: Publish,
): Promise<TMqttAck | null> {
  const m = TOPIC_RE.exec(topic);
  if (!m) return null;
  const [, tenantCode, deviceId] = m as unknown as [string, string, string];
  let batchId: string | null = null;
  const fail = (code: ErrorCode): TMqttAck => ({
    batchId,
    accepted: 0,
    duplicates: 0,
    rejected: [],
    error: { code, message: ERRORS[code].message },
  });
  let ack: TMqttAck;
  try {
    const raw = payload.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = ZMqttBatch.safeParse(json);
    if (json && typeof json === 'object' && typeof (json as { batchId?: unknown }).batchId === 'string')
      batchId = String((json as { batchId: string }).batchId).slice(0, 100);
    let device = connected;
    let signedBatch: string | null = null;
    if (!device) ({ device, batchId: signedBatch } = await signedSender(deps, deviceId, topic, raw, json));
    if (device.deviceId.toLowerCase() !== deviceId.toLowerCase() || device.tenantCode !== tenantCode)
      ack = fail('DEVICE_AUTH_FAILED');
    else if (!parsed.success) ack = fail('VALIDATION_ERROR');
    else if (!device.patientId) ack = fail('DEVICE_NOT_ASSIGNED');
    else if (signedBatch && (await deps.ports.mqttBatchSeen(deps.db, device.tenantId, device.deviceId, signedBatch))) {
      // A replay or a redelivery of a handled batch: answered as the retry it may be, handled no further.
      ack = { batchId, accepted: 0, duplicates: parsed.data.readings.length, rejected: [] };
    } else {
      const out = await deps.ports.ingestReadings(
        deps,
        {
          tenantId: device.tenantId,
          patientId: device.patientId,
          deviceId: device.deviceId,
          deviceModel: device.model,
        },
        parsed.data.readings,
      );
      // Remembered after the commit: a batch lost to a crash before it can come again.
      if (signedBatch)
        await deps.ports.rememberMqttBatch(deps.db, device.tenantId, device.deviceId, signedBatch, deps.clock.now());
      await audit(
        { ...deps, requestId: newId(), ip: 'mqtt', auth: null },
        {
          action: 'vitals.ingest',
          tenantId: device.tenantId,
          actorId: null,
          resource: 'patient',
          resourceId: device.patientId,
          details: {
            accepted: out.accepted,
            duplicates: out.duplicates,
            rejected: out.rejected.length,
            deviceId: device.deviceId,
            via: 'mqtt',
          },
        },
      );
      ack = { batchId, ...out };
    }
  } catch (e) {
    ack = fail(e instanceof AppError ? e.code : 'INTERNAL');
  }
  await publish(mqttAckTopic(tenantCode, deviceId), JSON.stringify(ack)).catch(() => undefined);
  return ack;
}

/** Starts MQTT ingest per config: external broker (MQTT_URL), embedded Aedes on MQTT_PORT, or nothing ('off'). */
export async function startMqtt(deps: Deps, log: Log = (l) => console.warn(l)): Promise<MqttService> {
  const { mqttUrl, mqttPort } = deps.config;
  if (mqttUrl) return startExternal(deps, mqttUrl, log);
  if (mqttPort === 'off') return { mode: 'off', port: null, close: async () => undefined };
  return startEmbedded(deps, mqttPort, log);
}

async function startExternal(deps: Deps, url: string, log: Log): Promise<MqttService> {
  const client: MqttClient = await (
    await loadMqttClient()
  ).connectAsync(url, { clientId: `carewatch-server-${newId().slice(-12)}`, clean: true, reconnectPeriod: 2000 });
  const publish: Publish = async (topic, payload) => {
    await client.publishAsync(topic, payload, { qos: 1 });
  };
  client.on('message', (topic, payload) => {
    void handleMqttBatch(deps, topic, payload, null, publish);
  });
  client.on('error', (e) => log(`mqtt: ${e.message}`));
  await client.subscribeAsync(sharedSubscription(deps.config.mqttShareGroup), { qos: 1 });
  // Batch ids are needed only as long as a signed message is young enough to be accepted.
  const prune = setInterval(() => {
    void deps.ports
      .forgetMqttBatchesBefore(deps.db, new Date(deps.clock.now().getTime() - 2 * MQTT_REPLAY_WINDOW_MS))
      .catch(() => undefined);
  }, 60_000);
  prune.unref();
  return {
    mode: 'external',
    port: null,
    close: async () => {
      clearInterval(prune);
      await client.endAsync(true);
    },
  };
}

async function startEmbedded(deps: Deps, port: number, log: Log): Promise<MqttService> {
  const { Aedes } = await import('aedes');
  const principals = new WeakMap<BrokerClient, DevicePrincipal>();
  const broker: Aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const refuse = () => {
        const e = new Error('Bad username or password') as AuthenticateError;
        e.returnCode = 4;
        done(e, false);
      };
      if (!username || !password) {
        refuse();
        return;
      }
      deps.ports.verifyDeviceSecret(deps.db, deps.pepper, username, password.toString('utf8')).then(
        (p) => {
          if (!p) {
            refuse();
            return;
          }
          principals.set(client, p);
          done(null, true);
        },
        () => refuse(),
      );
    },
    authorizePublish: (client, packet, done) => {
      const p = client ? principals.get(client) : null;
      if (p && packet.topic === `${MQTT_TOPIC_PREFIX}/${p.tenantCode}/devices/${p.deviceId}/measurements`) {
        done(null);
        return;
      }
      done(new Error('Not authorized'));
    },
    authorizeSubscribe: (client, sub, done) => {
      const p = principals.get(client);
      // A refused subscription is a negative SUBACK (0x80), the connection stays open.
      done(null, p && sub.topic === mqttAckTopic(p.tenantCode, p.deviceId) ? sub : null);
    },
  });
  const publish: Publish = (topic, payload) =>
    new Promise((resolve, reject) => {
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (err) => (err ? reject(err) : resolve()),
      );
    });
  broker.on('publish', (packet, client) => {
    const p = client ? principals.get(client) : undefined;
    if (!p || !TOPIC_RE.test(packet.topic)) return;
    void handleMqttBatch(deps, packet.topic, Buffer.from(packet.payload), p, publish);
  });
  const server = net.createServer(broker.handle);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      log(`mqtt: cannot listen on port ${port} (${e.code ?? e.message}); running without the embedded MQTT broker`);
      resolve(false);
    });
    server.listen(port, () => resolve(true));
  });
  const closeBroker = () => new Promise<void>((resolve) => broker.close(() => resolve()));
  if (!listening) {
    await closeBroker();
    return { mode: 'off', port: null, close: async () => undefined };
  }
  return {
    mode: 'embedded',
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await closeBroker();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
