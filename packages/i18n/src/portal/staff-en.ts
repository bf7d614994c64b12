/** Portal catalogue, domain "staff" (English). The Vietnamese file must have the same keys. */
export const staffEn = {
  title: 'Staff',
};
