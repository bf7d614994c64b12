import type { AnyRoute } from '../../../platform/route.ts';

/** The patient app's paired devices (pairing, settings, forget). */
export const APP_DEVICE_ROUTES: AnyRoute[] = [];
