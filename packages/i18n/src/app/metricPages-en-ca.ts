import { appMetricPagesEn, type AppMetricPagesMessages } from './metricPages-en.ts';

/** Patient app: metricPages screens (Canadian English): US texts except where spelling differs. */
export const appMetricPagesEnCa: AppMetricPagesMessages = { ...appMetricPagesEn };
