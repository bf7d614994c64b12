import { Permission } from '@carewatch/contracts/permissions';
import { ZSubjectParams } from '@carewatch/contracts/common';
import {
  ZEcgQuery,
  ZEcgStrip,
  ZEcgStripList,
  ZRangeQuery,
  ZSleepReport,
  ZStepsReport,
  ZVitalsQuery,
  ZVitalsSeries,
} from '@carewatch/contracts/vitals';
import { ZGoals, ZGoalsUpdate, ZMetricReport, ZReportQuery } from '@carewatch/contracts/app-vitals';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import {
  appEcgList,
  appEcgStrip,
  appGoals,
  appReport,
  appSeries,
  appSleep,
  appSteps,
  updateAppGoals,
} from '../app-vitals.service.ts';

const tags = ['vitals'];
const P = '/api/account/app/patients/:id';
const permission = Permission.HealthOwnData;
const params = ZSubjectParams;

export const appSeriesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/vitals`,
  tags,
  permission,
  params,
  query: ZVitalsQuery,
  response: ZVitalsSeries,
  summary:
    'Patient app: a metric’s chart over [from, to) of own data, a sub-user’s or a followed patient’s (as the staff chart)',
  handler: async ({ params, query }, ctx) => appSeries(ctx, params.id, query),
});
export const appSleepRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/vitals/sleep`,
  tags,
  permission,
  params,
  query: ZRangeQuery,
  response: ZSleepReport,
  summary: 'Patient app: sleep sessions of [from, to) with their stages',
  handler: async ({ params, query }, ctx) => appSleep(ctx, params.id, query),
});
export const appStepsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/vitals/steps`,
  tags,
  permission,
  params,
  query: ZRangeQuery,
  response: ZStepsReport,
  summary: 'Patient app: steps and calories per UTC day of [from, to) against the steps target',
  handler: async ({ params, query }, ctx) => appSteps(ctx, params.id, query),
});
export const appEcgListRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/vitals/ecg`,
  tags,
  permission,
  params,
  query: ZRangeQuery,
  response: ZEcgStripList,
  summary: 'Patient app: ECG strips of [from, to), newest first',
  handler: async ({ params, query }, ctx) => appEcgList(ctx, params.id, query),
});
export const appEcgStripRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/vitals/ecg/strip`,
  tags,
  permission,
  params,
  query: ZEcgQuery,
  response: ZEcgStrip,
  summary: 'Patient app: one ECG strip’s samples',
  handler: async ({ params, query }, ctx) => appEcgStrip(ctx, params.id, query.measuredAt),
});
export const appReportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: `${P}/vitals/report`,
  tags,
  permission,
  params,
  query: ZReportQuery,
  response: ZMetricReport,
  summary:
    'Patient app: week / month / year report of a metric — day or month buckets and a summary (days in the viewer’s time zone)',
  handler: async ({ params, query }, ctx) => appReport(ctx, params.id, query),
});
export const appGoalsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/goals`,
  tags,
  permission,
  params,
  response: ZGoals,
  summary: 'Patient app: weight goal and daily steps target',
  handler: async ({ params }, ctx) => appGoals(ctx, params.id),
});
export const appUpdateGoalsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${P}/goals`,
  tags,
  permission,
  params,
  body: ZGoalsUpdate,
  response: ZGoals,
  summary:
    'Patient app: set the weight goal and/or steps target (own record or a managed sub-user; followers only read)',
  handler: async ({ params, body }, ctx) => updateAppGoals(ctx, params.id, body),
});

/** The patient app's metric pages: own data, a sub-user's or a followed patient's (`requireAppSubject`). */
export const APP_VITALS_ROUTES: AnyRoute[] = [
  appSeriesRoute,
  appSleepRoute,
  appStepsRoute,
  appEcgListRoute,
  appEcgStripRoute,
  appReportRoute,
  appGoalsRoute,
  appUpdateGoalsRoute,
];
