import { z } from 'zod';
import { ZId } from './common.ts';
import { ZDeviceList } from './devices.ts';

/** Patient app: the signed-in user's own paired watches (`GET /api/account/me/devices`). */
export const ZMyDeviceList = ZDeviceList;
export type TMyDeviceList = z.infer<typeof ZMyDeviceList>;

/** `DELETE /api/account/me/devices/:id`: forget (unbind) one of my watches, so another user may pair it. */
export const ZMyDeviceParams = z.object({ id: ZId });
export type TMyDeviceParams = z.infer<typeof ZMyDeviceParams>;
