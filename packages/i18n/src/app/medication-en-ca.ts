import { appMedicationEn, type AppMedicationMessages } from './medication-en.ts';

/** Patient app: Medication (Canadian English): US texts except where spelling differs (colour). */
export const appMedicationEnCa: AppMedicationMessages = {
  ...appMedicationEn,
  medicine: { ...appMedicationEn.medicine, color: 'Colour' },
};
