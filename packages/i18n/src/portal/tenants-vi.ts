import type { tenantsEn } from './tenants-en.ts';

/** Portal catalogue, domain "tenants" (Vietnamese). */
export const tenantsVi: typeof tenantsEn = {
  title: 'Tổ chức',
};
