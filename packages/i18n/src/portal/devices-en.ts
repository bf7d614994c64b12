/** Portal catalogue, domain "devices" (English). The Vietnamese file must have the same keys. */
export const devicesEn = {
  title: 'Devices',
};
