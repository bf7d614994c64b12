import crypto from 'node:crypto';
import { DEVICE_CATEGORY, type TDeviceModel } from '@carewatch/contracts/devices';
import type { Deps, DevicePrincipal } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { isUuid, randomToken } from '../../platform/ids.ts';
import * as repo from './device-credentials.repo.ts';

const hashSecret = (pepper: string, deviceId: string, secret: string) =>
  crypto.createHmac('sha256', pepper).update(`${deviceId}:${secret}`).digest('hex');

/**
 * Issues (or replaces) a cellular device's secret, shown once. Stored: its keyed hash (checks HTTP Basic and the
 * embedded broker's CONNECT) and the secret sealed under the master key (checks the signatures of MQTT messages that
 * come through an external broker).
 */
export async function issueDeviceSecret(
  deps: Pick<Deps, 'db' | 'pepper' | 'secrets'>,
  tenantId: string,
  deviceId: string,
  now: Date,
): Promise<string> {
  const secret = randomToken(24);
  await repo.setCredential(
    deps.db,
    tenantId,
    deviceId,
    { hash: hashSecret(deps.pepper, deviceId, secret), secretEnc: deps.secrets.seal(secret) },
    now,
  );
  return secret;
}

const principalOf = (row: repo.DeviceAuthRow): DevicePrincipal | null => {
  const model = row.model as TDeviceModel;
  if (DEVICE_CATEGORY[model] !== 'cellular') return null;
  return { deviceId: row.id, tenantId: row.tenant_id, tenantCode: row.tenant_code, model, patientId: row.patient_id };
};

/** Checks a device id and secret (HTTP Basic or MQTT username/password); null when wrong, in constant time. */
export async function verifyDeviceSecret(
  db: Db,
  pepper: string,
  deviceId: string,
  secret: string,
): Promise<DevicePrincipal | null> {
  if (!isUuid(deviceId) || !secret || secret.length > 200) return null;
  const row = await repo.findForAuth(db, deviceId);
  const expected = Buffer.from(row?.credential_hash ?? '0'.repeat(64), 'hex');
  const actual = Buffer.from(hashSecret(pepper, deviceId, secret), 'hex');
  const ok = expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  if (!row || !row.credential_hash || !ok) return null;
  return principalOf(row);
}

// ---- Signed MQTT messages (external broker) ----

const SIG_RE = /"sig"\s*:\s*"([0-9a-fA-F]{64})"/g;

/**
 * The signature rule of README "MQTT through an external broker": HMAC-SHA256 keyed with the device secret (UTF-8)
 * over `<topic>\n<payload>`, where payload is the exact message with the value of "sig" left empty (`"sig":""`), hex.
 */
export const mqttSignature = (secret: string, topic: string, unsigned: string) =>
  crypto.createHmac('sha256', secret).update(`${topic}\n${unsigned}`, 'utf8').digest('hex');

/** The payload with its one signature value emptied, and that signature; null when there is not exactly one. */
export function splitSignature(raw: string): { unsigned: string; sig: string } | null {
  const all = [...raw.matchAll(SIG_RE)];
  if (all.length !== 1) return null;
  const m = all[0]!;
  const at = m.index + m[0].length - 1 - 64;
  return { unsigned: raw.slice(0, at) + raw.slice(at + 64), sig: m[1]!.toLowerCase() };
}

/** The device whose secret signed this message on this topic, or null (unknown device, no sealed secret, bad signature). */
export async function verifyDeviceSignature(
  deps: Pick<Deps, 'db' | 'secrets'>,
  deviceId: string,
  topic: string,
  raw: string,
): Promise<DevicePrincipal | null> {
  if (!isUuid(deviceId)) return null;
  const parts = splitSignature(raw);
  if (!parts) return null;
  const row = await repo.findForAuth(deps.db, deviceId);
  if (!row?.secret_enc) return null;
  let secret: string;
  try {
    secret = deps.secrets.open(row.secret_enc);
  } catch {
    return null;
  }
  const expected = Buffer.from(mqttSignature(secret, topic, parts.unsigned), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(parts.sig, 'hex'))) return null;
  return principalOf(row);
}
