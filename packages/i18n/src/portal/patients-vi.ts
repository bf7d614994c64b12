import type { patientsEn } from './patients-en.ts';

/** Portal catalogue, domain "patients" (Vietnamese). */
export const patientsVi: typeof patientsEn = {
  title: 'Bệnh nhân',
};
