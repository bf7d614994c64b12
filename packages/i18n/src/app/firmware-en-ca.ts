import { appFirmwareEn, type AppFirmwareMessages } from './firmware-en.ts';

/** Patient app: watch firmware and faces (Canadian English): no spelling differs from English. */
export const appFirmwareEnCa: AppFirmwareMessages = { ...appFirmwareEn };
