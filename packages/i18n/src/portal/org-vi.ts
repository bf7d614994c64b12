import type { orgEn } from './org-en.ts';

/** Portal catalogue, domain "org" (Vietnamese). */
export const orgVi: typeof orgEn = {
  title: 'Phạm vi và cơ sở y tế',
};
