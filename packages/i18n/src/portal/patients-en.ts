/** Portal catalogue, domain "patients" (English). The Vietnamese file must have the same keys. */
export const patientsEn = {
  title: 'Patients',
};
