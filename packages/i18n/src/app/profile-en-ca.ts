import { appProfileEn, type AppProfileMessages } from './profile-en.ts';

/** Patient app: profile screens (Canadian English): US texts except where spelling differs. */
export const appProfileEnCa: AppProfileMessages = { ...appProfileEn };
