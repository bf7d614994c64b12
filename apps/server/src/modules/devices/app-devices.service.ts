import { DEVICE_CATEGORY, type TDeviceList, type TDeviceModel } from '@carewatch/contracts/devices';
import type { TOk } from '@carewatch/contracts/common';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './devices.repo.ts';
import * as own from './app-devices.repo.ts';
import * as history from './device-history.repo.ts';
import { toDevice } from './devices.service.ts';

/** The signed-in user's own devices (those bound to them or to their patient record). */
export async function myDevices(ctx: AuthedCtx): Promise<TDeviceList> {
  const rows = await repo.listByUser(ctx.db, ctx.auth.tenantId, { kind: 'tenant' }, ctx.auth.userId);
  return { items: rows.map((r) => toDevice(r, ctx.auth.language)) };
}

/**
 * Forget (unbind) one of my watches, so another user may pair it. Someone else's device, and cellular devices (assigned
 * by staff, not paired through the app), answer 404 like a missing one.
 */
export async function forgetMyDevice(ctx: AuthedCtx, id: string): Promise<TOk> {
  const tenantId = ctx.auth.tenantId;
  const device = await own.findOwnDevice(ctx.db, tenantId, ctx.auth.userId, id);
  if (!device || DEVICE_CATEGORY[device.model as TDeviceModel] !== 'watch') throw new AppError('DEVICE_NOT_FOUND');
  const now = ctx.clock.now();
  await ctx.db.tx(async (tx) => {
    await own.unbind(tx, tenantId, device.id, now);
    await history.insertConnection(tx, tenantId, {
      id: newId(),
      deviceId: device.id,
      userId: ctx.auth.userId,
      username: null,
      status: 0,
      model: device.model,
      deviceName: device.name,
      at: now,
    });
  });
  await audit(ctx, { action: 'device.forget', resource: 'device', resourceId: device.id });
  return { ok: true };
}
