import {
  CANONICAL_UNIT,
  ZSleepStage,
  type TLatestVitals,
  type TMetric,
  type TRangeQuery,
  type TSleepReport,
  type TStepsReport,
  type TVitalsPoint,
  type TVitalsQuery,
  type TVitalsSeries,
} from '@carewatch/contracts/vitals';
import { bucketSeconds } from '@carewatch/clinical/downsample';
import { sleepSummary } from '@carewatch/clinical/sleep';
import type { AuthedCtx, DeviceOrUserCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { ownPatient, requireVisiblePatient } from '../patients/patient-access.ts';
import { ingestReadings } from './ingest.service.ts';
import * as repo from './vitals.repo.ts';
import type { TIngestRequest, TIngestResponse } from '@carewatch/contracts/vitals';

const MAX_RANGE_MS = 5 * 366 * 24 * 3600 * 1000;
const SESSIONS_MAX = 400;
const ECG_LIST_MAX = 200;
const HOUR_SEC = 3600;

/** `POST /api/ingest/measurements`: a patient's own readings (patient token) or a cellular device's (Basic credentials). */
export async function ingestHttp(ctx: DeviceOrUserCtx, body: TIngestRequest): Promise<TIngestResponse> {
  let tenantId: string;
  let patientId: string;
  let deviceId: string | null = null;
  let deviceModel: string | null = null;
  if (ctx.device) {
    if (!ctx.device.patientId) throw new AppError('DEVICE_NOT_ASSIGNED');
    tenantId = ctx.device.tenantId;
    patientId = ctx.device.patientId;
    deviceId = ctx.device.deviceId;
    deviceModel = ctx.device.model;
  } else {
    const authed = ctx as AuthedCtx;
    const own = await ownPatient(authed);
    if (!own) throw new AppError('NOT_A_PATIENT');
    tenantId = authed.auth.tenantId;
    patientId = own.id;
  }
  const out = await ingestReadings(ctx, { tenantId, patientId, deviceId, deviceModel }, body.readings);
  await audit(ctx, {
    action: 'vitals.ingest',
    tenantId,
    actorId: ctx.auth?.userId ?? null,
    resource: 'patient',
    resourceId: patientId,
    details: {
      accepted: out.accepted,
      duplicates: out.duplicates,
      rejected: out.rejected.length,
      ...(deviceId ? { deviceId } : {}),
    },
  });
  return out;
}

function range(from: string, to: string): { from: Date; to: Date } {
  const f = new Date(from);
  const t = new Date(to);
  if (!(t.getTime() > f.getTime()))
    throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'after_from' }, 'to: must be after from');
  if (t.getTime() - f.getTime() > MAX_RANGE_MS)
    throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'max_range' }, 'to: the range is at most 5 years');
  return { from: f, to: t };
}

/** Resolves the patient a read is about (404 when the caller may not see it); the patient app passes its own. */
export type PatientResolver = (ctx: AuthedCtx, patient: string) => Promise<string>;

async function patientFor(ctx: AuthedCtx, patientId: string | 'me'): Promise<string> {
  if (patientId === 'me') {
    const own = await ownPatient(ctx);
    if (!own) throw new AppError('NOT_A_PATIENT');
    return own.id;
  }
  return (await requireVisiblePatient(ctx, patientId)).id;
}

const readAudit = (ctx: AuthedCtx, patientId: string, what: string) =>
  audit(ctx, { action: 'vitals.read', resource: 'patient', resourceId: patientId, details: { what } });

/**
 * A metric's chart over [from, to): the raw readings when there are at most `points`, else buckets of
 * ceil(range / points) seconds aggregated in SQL over the primary-key range (count, avg/min/max of both values).
 */
export async function series(
  ctx: AuthedCtx,
  patient: string | 'me',
  q: TVitalsQuery,
  resolve: PatientResolver = patientFor,
): Promise<TVitalsSeries> {
  const patientId = await resolve(ctx, patient);
  const { from, to } = range(q.from, q.to);
  const base = { metric: q.metric, unit: CANONICAL_UNIT[q.metric], from: from.toISOString(), to: to.toISOString() };
  await readAudit(ctx, patientId, `series:${q.metric}`);
  const raw = await repo.rawSeries(ctx.db, ctx.auth.tenantId, patientId, q.metric, from, to, q.points + 1);
  if (raw.length <= q.points) {
    const points: TVitalsPoint[] = raw.map((r) => ({
      t: new Date(r.measured_at).toISOString(),
      n: 1,
      avg: r.value,
      min: r.value,
      max: r.value,
      ...(r.value2 === null ? {} : { avg2: r.value2, min2: r.value2, max2: r.value2 }),
    }));
    return { ...base, bucketSeconds: 0, points };
  }
  let b = bucketSeconds(from.getTime(), to.getTime(), q.points);
  let align = from;
  let rows: repo.BucketRow[];
  if (b >= HOUR_SEC) {
    // Whole-hour buckets aligned on the hour, read from the hourly rollup (a year is ~8,800 rows, not 525,000).
    align = new Date(Math.floor(from.getTime() / (HOUR_SEC * 1000)) * HOUR_SEC * 1000);
    b = Math.ceil(bucketSeconds(align.getTime(), to.getTime(), q.points) / HOUR_SEC) * HOUR_SEC;
    rows = await repo.hourlyBucketSeries(ctx.db, ctx.auth.tenantId, patientId, q.metric, from, to, align, b);
  } else {
    rows = await repo.bucketSeries(ctx.db, ctx.auth.tenantId, patientId, q.metric, from, to, b);
  }
  const hasSecond = rows.some((r) => r.avg2 !== null);
  return {
    ...base,
    bucketSeconds: b,
    points: rows.map((r) => ({
      t: new Date(align.getTime() + r.b * b * 1000).toISOString(),
      n: r.n,
      avg: r.avg,
      min: r.min,
      max: r.max,
      ...(hasSecond ? { avg2: r.avg2, min2: r.min2, max2: r.max2 } : {}),
    })),
  };
}

export async function latest(ctx: AuthedCtx, patient: string | 'me'): Promise<TLatestVitals> {
  const patientId = await patientFor(ctx, patient);
  await readAudit(ctx, patientId, 'latest');
  return latestVitalsOf(ctx.db, ctx.auth.tenantId, patientId);
}

/** The patient's newest reading of each metric, unchecked: the caller has decided access and audited the read. */
export async function latestVitalsOf(db: Db, tenantId: string, patientId: string): Promise<TLatestVitals> {
  const rows = await repo.latest(db, tenantId, patientId);
  return {
    items: rows.map((r) => ({
      metric: r.metric as TMetric,
      measuredAt: new Date(r.measured_at).toISOString(),
      value: r.value,
      value2: r.value2,
      unit: CANONICAL_UNIT[r.metric as TMetric] ?? '',
      data: r.data,
    })),
  };
}

export async function sleepReport(
  ctx: AuthedCtx,
  patient: string | 'me',
  q: TRangeQuery,
  resolve: PatientResolver = patientFor,
): Promise<TSleepReport> {
  const patientId = await resolve(ctx, patient);
  const { from, to } = range(q.from, q.to);
  await readAudit(ctx, patientId, 'sleep');
  const [t, rows] = await Promise.all([
    repo.targets(ctx.db, ctx.auth.tenantId, patientId),
    repo.withData(ctx.db, ctx.auth.tenantId, patientId, 'sleep', from, to, SESSIONS_MAX),
  ]);
  return { targetMinutes: t.sleep_target_minutes, sessions: sleepSessions(rows) };
}

/** Stored sleep readings as sessions with their stage summary (rows without readable stages are left out). */
export function sleepSessions(rows: repo.DataRow[]): TSleepReport['sessions'] {
  const sessions: TSleepReport['sessions'] = [];
  for (const r of rows) {
    const parsed = ZSleepStage.array().safeParse((r.data as { stages?: unknown } | null)?.stages);
    if (!parsed.success || parsed.data.length === 0) continue;
    sessions.push({ ...sleepSummary(parsed.data), stages: parsed.data });
  }
  return sessions;
}

export async function stepsReport(
  ctx: AuthedCtx,
  patient: string | 'me',
  q: TRangeQuery,
  resolve: PatientResolver = patientFor,
): Promise<TStepsReport> {
  const patientId = await resolve(ctx, patient);
  const { from, to } = range(q.from, q.to);
  await readAudit(ctx, patientId, 'steps');
  const [t, rows] = await Promise.all([
    repo.targets(ctx.db, ctx.auth.tenantId, patientId),
    repo.dailyTotals(ctx.db, ctx.auth.tenantId, patientId, from, to),
  ]);
  const target = t.steps_target;
  return {
    target,
    days: rows.map((r) => {
      const steps = r.steps ?? 0;
      return { date: r.day, steps, calories: r.calories, reached: target !== null && target > 0 && steps >= target };
    }),
  };
}

export async function ecgStrips(
  ctx: AuthedCtx,
  patient: string | 'me',
  q: TRangeQuery,
  resolve: PatientResolver = patientFor,
) {
  const patientId = await resolve(ctx, patient);
  const { from, to } = range(q.from, q.to);
  await readAudit(ctx, patientId, 'ecg');
  const rows = await repo.ecgList(ctx.db, ctx.auth.tenantId, patientId, from, to, ECG_LIST_MAX);
  return {
    items: rows.map((r) => ({
      measuredAt: new Date(r.measured_at).toISOString(),
      samplingRate: r.sampling_rate ?? 0,
      durationSeconds: r.duration ?? 0,
      heartRate: r.hr,
    })),
  };
}

export async function ecgStrip(
  ctx: AuthedCtx,
  patient: string | 'me',
  measuredAt: string,
  resolve: PatientResolver = patientFor,
) {
  const patientId = await resolve(ctx, patient);
  await readAudit(ctx, patientId, 'ecg-strip');
  const row = await repo.ecgStrip(ctx.db, ctx.auth.tenantId, patientId, new Date(measuredAt));
  if (!row || !row.data) throw new AppError('NOT_FOUND');
  return {
    measuredAt: new Date(row.measured_at).toISOString(),
    samplingRate: row.data.samplingRate ?? 0,
    samples: row.data.samples ?? [],
  };
}
