import { z } from 'zod';
import { ZMetric } from './vitals.ts';

/** Statistical report periods of a metric page (patient-app spec §2: week, month, year). */
export const REPORT_PERIODS = ['week', 'month', 'year'] as const;
export const ZReportPeriod = z.enum(REPORT_PERIODS, 'Invalid period');
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

/** `date` is any day inside the wanted period, in the viewer's time zone (weeks start on Monday). */
export const ZReportQuery = z.object({
  metric: ZMetric,
  period: ZReportPeriod,
  // Bounded so calendar maths never meets two-digit years (Date.UTC maps 0–99 to 1900–1999).
  date: z.iso.date('Date is not valid').refine((d) => d >= '1970-01-01' && d <= '2999-12-31', 'Date is not valid'),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

const num = z.number().nullable();

/** One bar of the report: a local day (week, month) or a calendar month (year). Canonical units. */
export const ZReportBucket = z.object({
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  key: z.string(),
  /** Readings in the bucket. */
  n: z.number().int(),
  avg: num,
  min: num,
  max: num,
  /** Diastolic for blood pressure. */
  avg2: num,
  min2: num,
  max2: num,
  /** Sum of the values (steps, calories); null for metrics where a sum means nothing. */
  sum: num,
  /**
   * True when `avg` was empty or 0 and is the period's overall average instead (spec §8: "averages of 0 or empty are
   * replaced by overall averages") — the app draws it differently. Never set for steps, calories or sleep.
   */
  filled: z.boolean(),
});
export type TReportBucket = z.infer<typeof ZReportBucket>;

export const BP_CLASSES = ['normal', 'elevated', 'stage1', 'stage2'] as const;
export const ZBpClass = z.enum(BP_CLASSES);
export type TBpClass = z.infer<typeof ZBpClass>;

const ZStageNumbers = z.object({ awake: z.number(), light: z.number(), deep: z.number(), rem: z.number() });
const ZIdealShare = z.object({
  share: z.number(),
  min: z.number(),
  max: z.number(),
  verdict: z.enum(['low', 'ok', 'high']),
});

export const ZMetricReport = z.object({
  metric: ZMetric,
  period: ZReportPeriod,
  unit: z.string(),
  /** The IANA time zone days were cut in (the viewer's profile time zone). */
  timeZone: z.string(),
  /** First and last local day of the period (inclusive), and the same as instants [from, to). */
  startDate: z.string(),
  endDate: z.string(),
  from: z.string(),
  to: z.string(),
  buckets: z.array(ZReportBucket),
  summary: z.object({ n: z.number().int(), avg: num, min: num, max: num, avg2: num, min2: num, max2: num }),
  bp: z.object({ counts: z.record(ZBpClass, z.number().int()) }).nullable(),
  steps: z
    .object({
      total: z.number(),
      target: z.number().int().nullable(),
      daysReached: z.number().int(),
      days: z.number().int(),
      /** Average over the days with steps. */
      avgPerDay: z.number().nullable(),
    })
    .nullable(),
  sleep: z
    .object({
      sessions: z.number().int(),
      /** Average time asleep per session. */
      avgMinutes: z.number().nullable(),
      targetMinutes: z.number().int().nullable(),
      /** Share of the whole period's sessions per stage (awake included; adds up to 100). */
      percent: ZStageNumbers,
      /** Each sleeping stage's share of asleep time against the spec's ideal range (§9). */
      ideal: z.object({ deep: ZIdealShare, light: ZIdealShare, rem: ZIdealShare }),
    })
    .nullable(),
  weight: z
    .object({
      first: num,
      last: num,
      change: num,
      target: num,
      /** last − target (negative: below the goal). */
      toTarget: num,
    })
    .nullable(),
});
export type TMetricReport = z.infer<typeof ZMetricReport>;

/** Weight goal and daily steps target of a patient (spec §2 "weight goal", §5 "step targets must exceed zero"). */
export const ZGoals = z.object({ targetWeightKg: z.number().nullable(), stepsTarget: z.number().int().nullable() });
export type TGoals = z.infer<typeof ZGoals>;
/** Partial update; null clears a goal. Weight within the manual-entry limits (§5, 1–700 kg). */
export const ZGoalsUpdate = z.object({
  targetWeightKg: z
    .number('Invalid number')
    .min(1, 'Weight must be between 1 and 700 kg')
    .max(700, 'Weight must be between 1 and 700 kg')
    .nullable()
    .optional(),
  stepsTarget: z
    .number('Invalid number')
    .int('Invalid number')
    .min(1, 'The steps target must be greater than 0')
    .max(200000, 'Max value is 200000')
    .nullable()
    .optional(),
});
export type TGoalsUpdate = z.infer<typeof ZGoalsUpdate>;
