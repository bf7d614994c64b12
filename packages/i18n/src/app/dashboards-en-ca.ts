import { appDashboardsEn, type AppDashboardsMessages } from './dashboards-en.ts';

/** Patient app: coach and doctor dashboards (Canadian English): same words as US English (distances in km). */
export const appDashboardsEnCa: AppDashboardsMessages = { ...appDashboardsEn };
