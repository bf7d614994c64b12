import type { AppMetricPagesMessages } from './metricPages-en.ts';

/** Patient app: metricPages screens (Vietnamese). */
export const appMetricPagesVi: AppMetricPagesMessages = {
  title: 'Dữ liệu sức khỏe',
};
