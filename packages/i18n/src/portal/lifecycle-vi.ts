import type { lifecycleEn } from './lifecycle-en.ts';

/** Portal catalogue, domain "lifecycle" (Vietnamese). */
export const lifecycleVi: typeof lifecycleEn = {
  title: 'Vòng đời tài khoản',
};
