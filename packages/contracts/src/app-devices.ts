import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';
import { ZDeviceList } from './devices.ts';

/** Patient app: the signed-in user's own paired watches (`GET /api/account/me/devices`). */
export const ZMyDeviceList = ZDeviceList;
export type TMyDeviceList = z.infer<typeof ZMyDeviceList>;

/** `DELETE /api/account/me/devices/:id`: forget (unbind) one of my watches, so another user may pair it. */
export const ZMyDeviceParams = z.object({ id: ZId });
export type TMyDeviceParams = z.infer<typeof ZMyDeviceParams>;

/**
 * "Not worn" (issue 20): `worn: false` — the watch reports no skin contact since `at` (the app sends it after 2 minutes
 * of BLE heart-rate notifications with sensor contact not detected); `worn: true` — contact again since `at`. The
 * patient app sends it to `POST /api/account/me/devices/:id/wear`, a cellular device to `POST /api/ingest/wear` with its
 * credentials. Idempotent: a repeated "not worn" keeps the first time; a "worn" older than the stored "not worn" is
 * ignored (it arrived late). A real reading from the device after `notWornSince` also clears it.
 */
export const ZWearReport = z.object({ worn: z.boolean('Required'), at: ZIsoDateTime });
export type TWearReport = z.infer<typeof ZWearReport>;
export const ZWearState = z.object({ deviceId: ZId, notWornSince: z.string().nullable() });
export type TWearState = z.infer<typeof ZWearState>;
