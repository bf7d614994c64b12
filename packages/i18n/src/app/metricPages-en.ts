/** Patient app: metricPages screens (English, US). Wired into `en.ts` as `metricPages`. */
export const appMetricPagesEn = {
  title: 'Health data',
};
export type AppMetricPagesMessages = typeof appMetricPagesEn;
