import type { AppDevicesMessages } from './devices-en.ts';

/** Patient app: devices screens (Vietnamese). */
export const appDevicesVi: AppDevicesMessages = {
  title: 'Thiết bị',
};
