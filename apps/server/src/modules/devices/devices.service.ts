import {
  DEVICE_CATEGORY,
  DEVICE_MODELS,
  IMEI_RE,
  MAC_RE,
  type TAssignDeviceRequest,
  type TDevice,
  type TDeviceCategory,
  type TDeviceCredentials,
  type TDeviceList,
  type TDeviceListQuery,
  type TDeviceModel,
  type TDevicePage,
} from '@carewatch/contracts/devices';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { personName } from '@carewatch/contracts/names';
import { patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import { issueDeviceSecret } from './device-credentials.ts';
import * as repo from './devices.repo.ts';
import * as history from './device-history.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function deviceStatus(connection: number, activated: boolean): TDevice['status'] {
  if (connection === 1) return 'connected';
  if (connection === -1 || !activated) return 'available';
  return 'disconnected';
}

/** A device for a reader: its patient's name in the reader's language convention (contracts/names.ts). */
export function toDevice(r: repo.DeviceRow, language: string): TDevice {
  const model = r.model as TDeviceModel;
  const connection = r.connection_status as TDevice['connectionStatus'];
  return {
    id: r.id,
    model,
    category: DEVICE_CATEGORY[model],
    name: r.name,
    mac: r.mac,
    imei: r.imei,
    serial: r.serial,
    account: r.account,
    userId: r.user_id,
    patientId: r.patient_id,
    patientName:
      r.patient_id && r.patient_first_name !== null
        ? personName({ firstName: r.patient_first_name, lastName: r.patient_last_name }, language)
        : null,
    osVersion: r.os_version,
    firmwareVersion: r.firmware_version,
    connectionStatus: connection,
    appStatus: (r.app_status as TDevice['appStatus']) ?? null,
    status: deviceStatus(connection, r.activated_at !== null),
    latestSync: iso(r.latest_sync),
    firstConnect: iso(r.first_connect),
    lastConnect: iso(r.last_connect),
    activated: r.activated_at !== null,
    hasCredentials: r.has_credentials,
    importDate: r.import_date.toISOString(),
  };
}

/** MACs are stored upper-case with colons, so AA-bb-... and aa:BB:... are the same device. */
export const normalizeMac = (mac: string) => mac.trim().toUpperCase().replace(/-/g, ':');

export function isSupportedModel(model: string): model is TDeviceModel {
  return (DEVICE_MODELS as readonly string[]).includes(model);
}

/** Device fields as typed by a form or an import row, before the rules that need the model's category. */
export type DeviceInput = {
  model: string;
  account: string;
  mac: string | null;
  imei: string | null;
  serial: string;
  name: string | null;
};
export type CheckedDevice = {
  model: TDeviceModel;
  category: TDeviceCategory;
  account: string;
  mac: string | null;
  imei: string | null;
  serial: string;
  name: string | null;
};

/**
 * The rules shared by the form and the import: a supported model; watches need a MAC, cellular devices an IMEI, each in
 * its format. Returns the device or the first failing field with its error code and message.
 */
export function checkDevice(
  input: DeviceInput,
):
  | { ok: true; device: CheckedDevice }
  | { ok: false; field: string; code: 'UNSUPPORTED_DEVICE_TYPE' | 'VALIDATION_ERROR'; rule: string; message: string } {
  const model = input.model.trim().toUpperCase();
  if (!isSupportedModel(model))
    return {
      ok: false,
      field: 'model',
      code: 'UNSUPPORTED_DEVICE_TYPE',
      rule: 'unsupported',
      message: 'Unsupported device type',
    };
  const category = DEVICE_CATEGORY[model];
  const mac = input.mac?.trim() ? input.mac.trim() : null;
  const imei = input.imei?.trim() ? input.imei.trim() : null;
  if (mac && !MAC_RE.test(mac))
    return { ok: false, field: 'mac', code: 'VALIDATION_ERROR', rule: 'format', message: 'Invalid Mac address format' };
  if (imei && !IMEI_RE.test(imei))
    return { ok: false, field: 'imei', code: 'VALIDATION_ERROR', rule: 'format', message: 'IMEI must be 15 digits' };
  if (category === 'watch' && !mac)
    return { ok: false, field: 'mac', code: 'VALIDATION_ERROR', rule: 'required', message: 'Required' };
  if (category === 'cellular' && !imei)
    return { ok: false, field: 'imei', code: 'VALIDATION_ERROR', rule: 'required', message: 'Required' };
  return {
    ok: true,
    device: {
      model,
      category,
      account: input.account.trim(),
      mac: mac ? normalizeMac(mac) : null,
      imei,
      serial: input.serial.trim(),
      name: input.name?.trim() || null,
    },
  };
}

function checkOrThrow(input: DeviceInput): CheckedDevice {
  const r = checkDevice(input);
  if (!r.ok)
    throw new AppError(
      r.code,
      { field: r.field, rule: r.rule },
      r.code === 'VALIDATION_ERROR' ? `${r.field}: ${r.message}` : r.message,
    );
  return r.device;
}

async function requireVisibleDevice(ctx: AuthedCtx, id: string): Promise<repo.DeviceRow> {
  const row = await repo.findVisible(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), id);
  if (!row) throw new AppError('DEVICE_NOT_FOUND');
  return row;
}

async function reload(ctx: AuthedCtx, id: string): Promise<TDevice> {
  const row = await repo.findById(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('DEVICE_NOT_FOUND');
  return toDevice(row, ctx.auth.language);
}

/** The account's user and, when the caller may see it, the patient record linked to it. */
async function resolveAccount(
  ctx: AuthedCtx,
  account: string,
): Promise<{ userId: string | null; patientId: string | null }> {
  const m = (
    await repo.resolveAccounts(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), [account.toLowerCase()])
  ).get(account.toLowerCase());
  return { userId: m?.user_id ?? null, patientId: m?.patient_visible ? m.patient_id : null };
}

const isUniqueViolation = (e: unknown): e is { code: string; constraint?: string; message: string } =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

function clashFromError(e: { constraint?: string; message: string }): string {
  const text = `${e.constraint ?? ''} ${e.message}`;
  return text.includes('mac') ? 'mac' : text.includes('imei') ? 'imei' : 'serial';
}

export async function listDevices(ctx: AuthedCtx, q: TDeviceListQuery): Promise<TDevicePage> {
  const category = q.category ? DEVICE_MODELS.filter((m) => DEVICE_CATEGORY[m] === q.category) : undefined;
  const { rows, total } = await repo.list(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), {
    category: category ? [...category] : undefined,
    model: q.model,
    status: q.status,
    search: q.search || undefined,
    page: q.page,
    size: q.size,
    sort: q.sort,
  });
  return { items: rows.map((r) => toDevice(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

export async function getDevice(ctx: AuthedCtx, id: string): Promise<TDevice> {
  return toDevice(await requireVisibleDevice(ctx, id), ctx.auth.language);
}

export async function createDevice(ctx: AuthedCtx, input: DeviceInput): Promise<TDevice> {
  const d = checkOrThrow(input);
  const tenantId = ctx.auth.tenantId;
  const clash = await repo.findClash(ctx.db, tenantId, d, null);
  if (clash) throw new AppError('DEVICE_EXISTS', { field: clash, rule: 'unique' });
  const owner = await resolveAccount(ctx, d.account);
  const id = newId();
  const inserted = await repo.insertMany(
    ctx.db,
    tenantId,
    [{ id, ...d, userId: owner.userId, patientId: owner.patientId }],
    ctx.clock.now(),
  );
  if (!inserted.has(id)) {
    const again = await repo.findClash(ctx.db, tenantId, d, null);
    throw new AppError('DEVICE_EXISTS', { field: again ?? 'serial', rule: 'unique' });
  }
  await audit(ctx, {
    action: 'device.create',
    resource: 'device',
    resourceId: id,
    details: { model: d.model, patientId: owner.patientId },
  });
  return reload(ctx, id);
}

export async function updateDevice(ctx: AuthedCtx, id: string, input: Partial<DeviceInput>): Promise<TDevice> {
  const row = await requireVisibleDevice(ctx, id);
  if (row.activated_at) throw new AppError('DEVICE_ACTIVATED_READONLY', { field: 'id', rule: 'activated' });
  const merged: DeviceInput = {
    model: input.model ?? row.model,
    account: input.account ?? row.account ?? '',
    mac: input.mac !== undefined ? input.mac : row.mac,
    imei: input.imei !== undefined ? input.imei : row.imei,
    serial: input.serial ?? row.serial,
    name: input.name !== undefined ? input.name : row.name,
  };
  const d = checkOrThrow(merged);
  const clash = await repo.findClash(ctx.db, ctx.auth.tenantId, d, id);
  if (clash) throw new AppError('DEVICE_EXISTS', { field: clash, rule: 'unique' });
  let owner = { userId: row.user_id, patientId: row.patient_id };
  if (input.account !== undefined && d.account.toLowerCase() !== (row.account ?? '').toLowerCase()) {
    const resolved = await resolveAccount(ctx, d.account);
    owner = { userId: resolved.userId, patientId: resolved.patientId ?? row.patient_id };
  }
  try {
    await repo.update(ctx.db, ctx.auth.tenantId, id, { ...d, account: d.account || null, ...owner }, ctx.clock.now());
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('DEVICE_EXISTS', { field: clashFromError(e), rule: 'unique' });
    throw e;
  }
  await audit(ctx, { action: 'device.update', resource: 'device', resourceId: id });
  return reload(ctx, id);
}

export async function assignDevice(ctx: AuthedCtx, id: string, body: TAssignDeviceRequest): Promise<TDevice> {
  await requireVisibleDevice(ctx, id);
  let userId: string | null = null;
  if (body.patientId) {
    const patient = await requireVisiblePatient(ctx, body.patientId);
    userId = patient.user_id;
  }
  await repo.assign(ctx.db, ctx.auth.tenantId, id, body.patientId, userId, ctx.clock.now());
  await audit(ctx, {
    action: 'device.assign',
    resource: 'device',
    resourceId: id,
    details: { patientId: body.patientId },
  });
  return reload(ctx, id);
}

export const deviceTopic = (tenantCode: string, deviceId: string) =>
  `carewatch/${tenantCode}/devices/${deviceId}/measurements`;

export async function issueCredentials(ctx: AuthedCtx, id: string): Promise<TDeviceCredentials> {
  const row = await requireVisibleDevice(ctx, id);
  if (DEVICE_CATEGORY[row.model as TDeviceModel] !== 'cellular')
    throw new AppError('DEVICE_NOT_DIRECT', { field: 'model', rule: 'cellular_only' });
  const secret = await issueDeviceSecret(ctx, ctx.auth.tenantId, id, ctx.clock.now());
  await audit(ctx, { action: 'device.credentials', resource: 'device', resourceId: id });
  return { deviceId: id, secret, mqtt: { username: id, topic: deviceTopic(ctx.auth.tenantCode, id) } };
}

/** The devices of a user (by e-mail or phone) the caller may see; an unknown or invisible user has none. */
export async function userDevices(ctx: AuthedCtx, username: string): Promise<TDeviceList> {
  const v = patientVisibility(ctx.auth);
  const user = await history.findVisibleUser(ctx.db, ctx.auth.tenantId, v, username);
  if (!user) return { items: [] };
  const rows = await repo.listByUser(ctx.db, ctx.auth.tenantId, v, user.id);
  return { items: rows.map((r) => toDevice(r, ctx.auth.language)) };
}

export async function disconnectedCount(ctx: AuthedCtx): Promise<{ count: number }> {
  return { count: await repo.countDisconnected(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth)) };
}

export async function deviceNameList(ctx: AuthedCtx): Promise<{ items: string[] }> {
  return { items: await repo.deviceNames(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth)) };
}
