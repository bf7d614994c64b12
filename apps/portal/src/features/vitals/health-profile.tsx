import type { TPatient } from '@carewatch/contracts/patients';

/** The patient's health profile: a chart per metric (day/week/month/year), BP classes, sleep, steps, ECG, targets. */
export function PatientHealthProfile({ patient }: { patient: TPatient }) {
  return <div data-patient-id={patient.id} />;
}
