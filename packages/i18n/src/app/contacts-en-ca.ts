import { appContactsEn, type AppContactsMessages } from './contacts-en.ts';

/** Patient app: contacts screens (Canadian English): US texts except where spelling differs. */
export const appContactsEnCa: AppContactsMessages = { ...appContactsEn };
