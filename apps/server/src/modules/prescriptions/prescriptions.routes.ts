import type { AnyRoute } from '../../platform/route.ts';
import {
  appMedicationRoute,
  appSubjectMedicationRoute,
  confirmIntakeRoute,
  snoozeIntakeRoute,
} from './routes/app-medication.ts';
import {
  adherenceRankingRoute,
  getMedicationSettingsRoute,
  patientAdherenceRoute,
  patientIntakesRoute,
  patientRemindersRoute,
  putMedicationSettingsRoute,
} from './routes/medication.ts';
import { appMedicineImageRoute, medicineImageRoute, uploadMedicineImageRoute } from './routes/medicine-images.ts';
import {
  createPrescriptionRoute,
  deactivatePrescriptionRoute,
  editPrescriptionRoute,
  listPrescriptionsRoute,
  prescriptionDetailRoute,
  reusePrescriptionRoute,
} from './routes/prescriptions.ts';

/** The "prescriptions" module's routes: prescriptions, reminders, doses, adherence (staff) and the app's Medication tab. */
export const PRESCRIPTIONS_ROUTES: AnyRoute[] = [
  listPrescriptionsRoute,
  createPrescriptionRoute,
  uploadMedicineImageRoute,
  medicineImageRoute,
  prescriptionDetailRoute,
  editPrescriptionRoute,
  reusePrescriptionRoute,
  deactivatePrescriptionRoute,
  patientRemindersRoute,
  patientIntakesRoute,
  patientAdherenceRoute,
  adherenceRankingRoute,
  getMedicationSettingsRoute,
  putMedicationSettingsRoute,
  appMedicationRoute,
  appSubjectMedicationRoute,
  confirmIntakeRoute,
  snoozeIntakeRoute,
  appMedicineImageRoute,
];
