import crypto from 'node:crypto';
import { DEVICE_CATEGORY, type TDeviceModel } from '@carewatch/contracts/devices';
import type { Db } from '../../platform/db.ts';
import { isUuid, randomToken } from '../../platform/ids.ts';
import * as repo from './device-credentials.repo.ts';

/** A device proven by its credentials (cellular devices only): the tenant and the patient it is assigned to. */
export type DevicePrincipal = { deviceId: string; tenantId: string; tenantCode: string; model: TDeviceModel; patientId: string | null };

const hashSecret = (pepper: string, deviceId: string, secret: string) =>
  crypto.createHmac('sha256', pepper).update(`${deviceId}:${secret}`).digest('hex');

/** Issues (or replaces) a cellular device's secret; only its keyed hash is stored, the secret is shown once. */
export async function issueDeviceSecret(db: Db, pepper: string, tenantId: string, deviceId: string, now: Date): Promise<string> {
  const secret = randomToken(24);
  await repo.setCredentialHash(db, tenantId, deviceId, hashSecret(pepper, deviceId, secret), now);
  return secret;
}

/** Checks a device id and secret (HTTP Basic or MQTT username/password); null when wrong, in constant time. */
export async function verifyDeviceSecret(db: Db, pepper: string, deviceId: string, secret: string): Promise<DevicePrincipal | null> {
  if (!isUuid(deviceId) || !secret || secret.length > 200) return null;
  const row = await repo.findForAuth(db, deviceId);
  const expected = Buffer.from(row?.credential_hash ?? '0'.repeat(64), 'hex');
  const actual = Buffer.from(hashSecret(pepper, deviceId, secret), 'hex');
  const ok = expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  if (!row || !row.credential_hash || !ok) return null;
  const model = row.model as TDeviceModel;
  if (DEVICE_CATEGORY[model] !== 'cellular') return null;
  return { deviceId: row.id, tenantId: row.tenant_id, tenantCode: row.tenant_code, model, patientId: row.patient_id };
}
