/** Portal catalogue, domain "org" (English). The Vietnamese file must have the same keys. */
export const orgEn = {
  title: 'Scopes and health centers',
};
