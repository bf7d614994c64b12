import { appEntryEn, type AppEntryMessages } from './entry-en.ts';

/** Patient app: manual entry (Canadian English). No spelling differs from US English in these texts today. */
export const appEntryEnCa: AppEntryMessages = { ...appEntryEn };
