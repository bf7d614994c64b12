import type { devicesEn } from './devices-en.ts';

/** Portal catalogue, domain "devices" (Vietnamese). */
export const devicesVi: typeof devicesEn = {
  title: 'Thiết bị',
};
