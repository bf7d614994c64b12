import {
  type TConnectionHistoryPage,
  type TConnectionHistoryQuery,
  type TDevice,
  type TDeviceLogList,
  type TDeviceStatusReport,
  type TPhoneHistoryPage,
  type TPhoneHistoryQuery,
  type TPhoneList,
  type TPhoneStatusReport,
} from '@carewatch/contracts/devices';
import type { TOk } from '@carewatch/contracts/common';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { ownPatient, patientVisibility } from '../patients/patient-access.ts';
import * as repo from './devices.repo.ts';
import * as history from './device-history.repo.ts';
import { normalizeMac, toDevice } from './devices.service.ts';

type Who = { username?: string; userId?: string; mhscId?: string };

function checkRange(start?: string, end?: string) {
  if (start && end && new Date(start).getTime() > new Date(end).getTime()) {
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'end', rule: 'after_start' },
      "end: Start time can't be after end time",
    );
  }
}

/**
 * Resolves the user filter of a history search. `null` means "nothing to show" (a username or user id the caller may
 * not see); a center the caller may not see is a 404 like a missing one.
 */
async function userFilter(ctx: AuthedCtx, who: Who): Promise<{ userId?: string; centerId?: string } | null> {
  const v = patientVisibility(ctx.auth);
  const out: { userId?: string; centerId?: string } = {};
  if (who.mhscId) {
    if (!(await history.centerVisible(ctx.db, ctx.auth.tenantId, v, who.mhscId)))
      throw new AppError('CENTER_NOT_FOUND');
    out.centerId = who.mhscId;
  }
  if (who.userId) {
    const u = await history.findVisibleUserById(ctx.db, ctx.auth.tenantId, v, who.userId);
    if (!u) return null;
    out.userId = u.id;
  }
  if (who.username) {
    const u = await history.findVisibleUser(ctx.db, ctx.auth.tenantId, v, who.username);
    if (!u || (out.userId && out.userId !== u.id)) return null;
    out.userId = u.id;
  }
  return out;
}

export async function searchConnectionHistory(
  ctx: AuthedCtx,
  q: TConnectionHistoryQuery & Who,
): Promise<TConnectionHistoryPage> {
  checkRange(q.start, q.end);
  const who = await userFilter(ctx, q);
  if (!who) return { items: [], total: 0, page: q.page, size: q.size };
  const { rows, total } = await history.searchConnections(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), {
    ...who,
    search: q.search || undefined,
    start: q.start,
    end: q.end,
    sort: q.sort,
    status: q.status,
    model: q.model,
    page: q.page,
    size: q.size,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      username: r.username,
      status: r.status as TDevice['connectionStatus'],
      model: r.model,
      deviceName: r.device_name,
      eventAt: r.event_at.toISOString(),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function searchPhoneHistory(ctx: AuthedCtx, q: TPhoneHistoryQuery & Who): Promise<TPhoneHistoryPage> {
  checkRange(q.start, q.end);
  const who = await userFilter(ctx, q);
  if (!who) return { items: [], total: 0, page: q.page, size: q.size };
  const { rows, total } = await history.searchPhones(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), {
    ...who,
    search: q.search || undefined,
    start: q.start,
    end: q.end,
    sort: q.sort,
    status: q.status,
    phoneName: q.phoneName || undefined,
    appVersion: q.appVersion || undefined,
    page: q.page,
    size: q.size,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      username: r.username,
      phoneName: r.phone_name,
      os: r.os,
      appVersion: r.app_version,
      status: r.status as TPhoneStatusReport['status'],
      eventAt: r.event_at.toISOString(),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function phonesOf(ctx: AuthedCtx, username: string): Promise<TPhoneList> {
  const user = await history.findVisibleUser(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), username);
  if (!user) return { items: [] };
  const rows = await history.phonesOfUser(ctx.db, ctx.auth.tenantId, user.id);
  return {
    items: rows.map((r) => ({
      phoneName: r.phone_name,
      os: r.os,
      appVersion: r.app_version,
      status: r.status as TPhoneStatusReport['status'],
      lastSeen: r.event_at.toISOString(),
    })),
  };
}

export async function phoneNameList(ctx: AuthedCtx): Promise<{ items: string[] }> {
  return { items: await history.phoneValues(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), 'phone_name') };
}

export async function appVersionList(ctx: AuthedCtx): Promise<{ items: string[] }> {
  return { items: await history.phoneValues(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), 'app_version') };
}

export async function logHistory(ctx: AuthedCtx, username: string): Promise<TDeviceLogList> {
  const user = await history.findVisibleUser(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), username);
  if (!user) return { items: [] };
  const rows = await history.logsOfUser(ctx.db, ctx.auth.tenantId, user.id);
  return {
    items: rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      userId: r.user_id,
      username: r.username,
      kind: r.kind as TDeviceLogList['items'][number]['kind'],
      note: r.note,
      requestedBy: r.requested_by,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** Records a request for the user's app to upload its logs (or its status) when it next connects. */
export async function forceRequest(
  ctx: AuthedCtx,
  username: string,
  kind: 'force_request' | 'status_force_request',
): Promise<TOk> {
  const user = await history.findVisibleUser(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), username);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'username', rule: 'not_found' });
  const id = newId();
  await history.insertLog(ctx.db, ctx.auth.tenantId, {
    id,
    userId: user.id,
    deviceId: null,
    kind,
    note: null,
    requestedBy: ctx.auth.userId,
    at: ctx.clock.now(),
  });
  await audit(ctx, { action: `device.${kind}`, resource: 'user', resourceId: user.id });
  return { ok: true };
}

async function me(ctx: AuthedCtx): Promise<{ id: string; username: string | null }> {
  const u = await history.findVisibleUserById(ctx.db, ctx.auth.tenantId, { kind: 'tenant' }, ctx.auth.userId);
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  return { id: u.id, username: u.email ?? u.phone };
}

/** The patient app reports its phone and app state: one phone_history row; the user's devices take the app state. */
export async function reportPhoneStatus(ctx: AuthedCtx, body: TPhoneStatusReport): Promise<TOk> {
  const user = await me(ctx);
  const now = ctx.clock.now();
  await history.insertPhoneEvent(ctx.db, ctx.auth.tenantId, {
    id: newId(),
    userId: user.id,
    username: user.username,
    phoneName: body.phoneName,
    os: body.os,
    appVersion: body.appVersion,
    status: body.status,
    at: now,
  });
  await history.setAppStatus(ctx.db, ctx.auth.tenantId, user.id, body.status, now);
  return { ok: true };
}

/**
 * The patient app reports a paired watch's connection change. An unknown MAC becomes the caller's device (assigned to
 * their patient record); a MAC that belongs to another user is refused.
 */
export async function reportDeviceStatus(ctx: AuthedCtx, body: TDeviceStatusReport): Promise<TDevice> {
  const user = await me(ctx);
  const patient = await ownPatient(ctx);
  const tenantId = ctx.auth.tenantId;
  const mac = normalizeMac(body.mac);
  const now = ctx.clock.now();
  let row = await repo.findByMac(ctx.db, tenantId, mac);
  const ownedByOther =
    row && ((row.user_id && row.user_id !== user.id) || (row.patient_id && row.patient_id !== patient?.id));
  if (ownedByOther)
    throw new AppError('DEVICE_EXISTS', { field: 'mac', rule: 'unique', reason: 'connected_by_another_user' });
  if (!row) {
    const id = newId();
    const inserted = await repo.insertMany(
      ctx.db,
      tenantId,
      [
        {
          id,
          model: body.model,
          name: null,
          mac,
          imei: null,
          serial: `${body.model}-${mac.replace(/:/g, '')}`,
          account: user.username,
          userId: user.id,
          patientId: patient?.id ?? null,
        },
      ],
      now,
    );
    if (!inserted.has(id))
      throw new AppError('DEVICE_EXISTS', { field: 'mac', rule: 'unique', reason: 'connected_by_another_user' });
    row = await repo.findById(ctx.db, tenantId, id);
    if (!row) throw new AppError('DEVICE_NOT_FOUND');
  } else if (!row.user_id || (!row.patient_id && patient)) {
    await repo.assign(ctx.db, tenantId, row.id, row.patient_id ?? patient?.id ?? null, user.id, now);
  }
  await repo.applyStatus(ctx.db, tenantId, row.id, {
    status: body.status,
    firmware: body.firmwareVersion ?? null,
    now,
  });
  await history.insertConnection(ctx.db, tenantId, {
    id: newId(),
    deviceId: row.id,
    userId: user.id,
    username: user.username,
    status: body.status,
    model: row.model,
    deviceName: row.name,
    at: now,
  });
  const fresh = await repo.findById(ctx.db, tenantId, row.id);
  if (!fresh) throw new AppError('DEVICE_NOT_FOUND');
  return toDevice(fresh, ctx.auth.language);
}
