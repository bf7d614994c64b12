import { appOcrEn, type AppOcrMessages } from './ocr-en.ts';

/** Patient app: photo entry (Canadian English). No spelling differs from US English in these texts today. */
export const appOcrEnCa: AppOcrMessages = { ...appOcrEn };
