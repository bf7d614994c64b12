import { z } from 'zod';
import { ZIsoDay } from './common.ts';

/**
 * Vitals export (issue 19): a patient's readings of a period as a spreadsheet (.xlsx), CSV (one row per reading) or a
 * printable PDF report (a chart and a summary per index). Staff: `GET /api/account/patients/{id}/vitals/export`;
 * the signed-in patient ("Export for my doctor"): `GET /api/account/me/vitals/export`.
 */
export const VITALS_EXPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export const ZVitalsExportFormat = z.enum(VITALS_EXPORT_FORMATS, 'Invalid format');
export type TVitalsExportFormat = z.infer<typeof ZVitalsExportFormat>;

/**
 * Units of the values: `profile` (default) the reader's own unit settings (Profile → units: °C/°F, kg/lb,
 * mmol/L / mg/dL), `metric` kg, °C, mmol/L, `imperial` lb, °F, mg/dL.
 */
export const VITALS_EXPORT_UNITS = ['profile', 'metric', 'imperial'] as const;
export const ZVitalsExportUnits = z.enum(VITALS_EXPORT_UNITS, 'Invalid units');
export type TVitalsExportUnits = z.infer<typeof ZVitalsExportUnits>;

/** Longest period of one export, in days (both ends included). */
export const VITALS_EXPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / DAY_MS;

/** Days `from`..`to` (both included) in the reader's time zone. */
export const ZVitalsExportQuery = z
  .object({
    from: z.string('Required').pipe(ZIsoDay),
    to: z.string('Required').pipe(ZIsoDay),
    format: ZVitalsExportFormat.default('xlsx'),
    units: ZVitalsExportUnits.default('profile'),
  })
  .superRefine((v, c) => {
    // The day after `to` must exist too (the period's end instant): 9999-12-31 would be year 10000.
    if (v.to >= '9999-12-31') c.addIssue({ code: 'custom', path: ['to'], message: 'Invalid date (YYYY-MM-DD)' });
    else if (v.from > v.to)
      c.addIssue({ code: 'custom', path: ['to'], message: 'End date must be on or after the start date' });
    else if (dayNumber(v.to) - dayNumber(v.from) + 1 > VITALS_EXPORT_MAX_DAYS) {
      c.addIssue({ code: 'custom', path: ['to'], message: `The period is at most ${VITALS_EXPORT_MAX_DAYS} days` });
    }
  });
export type TVitalsExportQuery = z.infer<typeof ZVitalsExportQuery>;
export type TVitalsExportQueryInput = z.input<typeof ZVitalsExportQuery>;

/** Content type of each format (the download's file name ends with the format). */
export const VITALS_EXPORT_CONTENT_TYPE: Record<TVitalsExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
