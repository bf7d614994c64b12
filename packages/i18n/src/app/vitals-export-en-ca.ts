import { appVitalsExportEn, type AppVitalsExportMessages } from './vitals-export-en.ts';

/** Patient app: "Export for my doctor" (Canadian English). No spelling differs from US English in these texts today. */
export const appVitalsExportEnCa: AppVitalsExportMessages = {
  ...appVitalsExportEn,
  periods: { ...appVitalsExportEn.periods },
  formats: { ...appVitalsExportEn.formats },
};
