/** Portal catalogue, domain "tenants" (English). The Vietnamese file must have the same keys. */
export const tenantsEn = {
  title: 'Tenants',
};
