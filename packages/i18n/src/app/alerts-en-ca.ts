import { appAlertsEn, type AppAlertsMessages } from './alerts-en.ts';

/** Patient app alerts (Canadian English): no spelling differs from US English in these texts. */
export const appAlertsEnCa: AppAlertsMessages = appAlertsEn;
