import type { TWearReport, TWearState } from '@carewatch/contracts/app-devices';
import type { AuthedCtx, DeviceOrUserCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import * as own from './app-devices.repo.ts';
import * as repo from './wear.repo.ts';

async function record(
  ctx: DeviceOrUserCtx | AuthedCtx,
  tenantId: string,
  deviceId: string,
  body: TWearReport,
): Promise<TWearState> {
  // A phone clock ahead of ours must not date the flag in the future.
  const at = new Date(Math.min(Date.parse(body.at), ctx.clock.now().getTime()));
  const row = await repo.setWear(ctx.db, tenantId, deviceId, body.worn, at);
  if (!row) throw new AppError('DEVICE_NOT_FOUND');
  await audit(ctx, {
    action: 'device.wear',
    tenantId,
    actorId: ctx.auth?.userId ?? null,
    resource: 'device',
    resourceId: deviceId,
    details: { worn: body.worn },
  });
  return { deviceId, notWornSince: row.not_worn_since ? new Date(row.not_worn_since).toISOString() : null };
}

/** The patient app reports one of its watches worn / not worn; another user's (or tenant's) device answers 404. */
export async function reportMyDeviceWear(ctx: AuthedCtx, id: string, body: TWearReport): Promise<TWearState> {
  const tenantId = ctx.auth.tenantId;
  const device = await own.findOwnDevice(ctx.db, tenantId, ctx.auth.userId, id);
  if (!device) throw new AppError('DEVICE_NOT_FOUND');
  return record(ctx, tenantId, device.id, body);
}

/** A cellular device reports itself worn / not worn with its credentials; a user (the app: the route by device id) may not. */
export async function reportDeviceWear(ctx: DeviceOrUserCtx, body: TWearReport): Promise<TWearState> {
  if (!ctx.device) throw new AppError('PERMISSION_DENIED');
  return record(ctx, ctx.device.tenantId, ctx.device.deviceId, body);
}

/** After a stored batch (every ingest path): a device's real reading after its "not worn" start means it is worn. */
export async function clearNotWornByReadings(
  db: Db,
  tenantId: string,
  readings: ReadonlyArray<{ deviceId: string | null; measuredAt: Date }>,
): Promise<void> {
  const newest = new Map<string, number>();
  for (const r of readings) {
    if (!r.deviceId) continue;
    const t = r.measuredAt.getTime();
    if ((newest.get(r.deviceId) ?? -Infinity) < t) newest.set(r.deviceId, t);
  }
  await repo.clearNotWornByReadings(
    db,
    tenantId,
    [...newest].map(([deviceId, t]) => ({ deviceId, at: new Date(t) })),
  );
}
