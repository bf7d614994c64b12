/** Patient app: devices screens (English, US). Wired into `en.ts` as `devices`. */
export const appDevicesEn = {
  title: 'Devices',
};
export type AppDevicesMessages = typeof appDevicesEn;
