import { appAnnouncementsEn, type AppAnnouncementsMessages } from './announcements-en.ts';

/** Patient app: announcements (Canadian English: same words as en). */
export const appAnnouncementsEnCa: AppAnnouncementsMessages = { ...appAnnouncementsEn };
