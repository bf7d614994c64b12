import { appSubscriptionEn, type AppSubscriptionMessages } from './subscription-en.ts';

/** Patient app: subscriptions (Canadian English): the US texts (no spelling differs here). */
export const appSubscriptionEnCa: AppSubscriptionMessages = { ...appSubscriptionEn };
