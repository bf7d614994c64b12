import { appFollowedEn, type AppFollowedMessages } from './followed-en.ts';

/** Patient app: followed screens (Canadian English): US texts except where spelling differs. */
export const appFollowedEnCa: AppFollowedMessages = { ...appFollowedEn };
