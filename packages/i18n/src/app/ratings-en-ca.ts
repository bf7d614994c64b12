import { appRatingsEn, type AppRatingsMessages } from './ratings-en.ts';

/** Patient app: rating a doctor (Canadian English: same words as en). */
export const appRatingsEnCa: AppRatingsMessages = { ...appRatingsEn };
