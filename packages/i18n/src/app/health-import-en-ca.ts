import { appHealthImportEn, type AppHealthImportMessages } from './health-import-en.ts';

/** Patient app: import from Apple Health (Canadian English). No spelling differs from US English in these texts today. */
export const appHealthImportEnCa: AppHealthImportMessages = {
  ...appHealthImportEn,
  errors: { ...appHealthImportEn.errors },
};
