import type { staffEn } from './staff-en.ts';

/** Portal catalogue, domain "staff" (Vietnamese). */
export const staffVi: typeof staffEn = {
  title: 'Nhân sự',
};
