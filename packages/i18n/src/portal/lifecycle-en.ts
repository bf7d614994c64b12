/** Portal catalogue, domain "lifecycle" (English). The Vietnamese file must have the same keys. */
export const lifecycleEn = {
  title: 'Account lifecycle',
};
