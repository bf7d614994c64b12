import { appRedeemCodeEn, type AppRedeemCodeMessages } from './redeem-code-en.ts';

/** Patient app: redeem a code (Canadian English): no spelling differs from the US texts. */
export const appRedeemCodeEnCa: AppRedeemCodeMessages = { ...appRedeemCodeEn };
