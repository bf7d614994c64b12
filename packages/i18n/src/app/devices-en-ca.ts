import { appDevicesEn, type AppDevicesMessages } from './devices-en.ts';

/** Patient app: devices screens (Canadian English): US texts except where spelling differs. */
export const appDevicesEnCa: AppDevicesMessages = { ...appDevicesEn };
