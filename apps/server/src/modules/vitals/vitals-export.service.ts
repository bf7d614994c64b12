import { PassThrough, Readable } from 'node:stream';
import type { TAlertLevel, TThreshold } from '@carewatch/contracts/alerts';
import { personName } from '@carewatch/contracts/names';
import { CANONICAL_UNIT, METRICS, type TMetric } from '@carewatch/contracts/vitals';
import {
  VITALS_EXPORT_CONTENT_TYPE,
  type TVitalsExportQuery,
  type TVitalsExportUnits,
} from '@carewatch/contracts/vitals-export';
import { evaluate, type PatientContext } from '@carewatch/clinical/thresholds';
import { fromCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import { isTimeZone, localMidnight } from '@carewatch/clinical/reports';
import { formatDateTime } from '@carewatch/i18n/datetime';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { ownPatient, requireVisiblePatient } from '../patients/patient-access.ts';
import { patientContext, thresholdsForEvaluation } from '../alerts/thresholds.service.ts';
import { csvCell } from '../audit/audit.service.ts';
import * as repo from './vitals-export.repo.ts';
import { EXPORT_COLUMNS, exportLangOf, exportTexts, metricName, unitText } from './vitals-export.texts.ts';
import { buildVitalsPdf, type MetricSummary } from './vitals-export-pdf.ts';
import type { ExportFrame } from './vitals-export.frame.ts';

/* Vitals export (issue 19): a patient's readings of a period as .xlsx, CSV or a PDF report, in the reader's units,
   language and time zone. Staff read a patient they may see; the patient app exports its own record. */

const DEFAULT_ZONE = 'Asia/Ho_Chi_Minh';
const METRIC_UNITS: UnitPrefs = {
  unitSystem: 'metric',
  thermalUnit: 'C',
  bloodGlucoseUnit: 'mmol/L',
  acidUricUnit: 'umol/L',
};
const IMPERIAL_UNITS: UnitPrefs = {
  unitSystem: 'imperial',
  thermalUnit: 'F',
  bloodGlucoseUnit: 'mg/dL',
  acidUricUnit: 'mg/dL',
};
/** Buckets of a PDF chart: enough for a smooth line on A4, few enough for a small file whatever the period. */
const CHART_BUCKETS = 240;

/** One exported reading: display units, the reader's wording; `level` null when the metric has no thresholds. */
export type ExportedReading = {
  at: Date;
  metric: TMetric;
  value: number | null;
  value2: number | null;
  unit: string;
  source: string;
  level: TAlertLevel | null;
};

export type ExportFile = { stream: Readable; name: string; contentType: string };

/** Display number: at most 2 decimals (conversions give long fractions). */
const round = (v: number): number => Math.round(v * 100) / 100;

function prefsOf(units: TVitalsExportUnits, reader: repo.ExportReaderRow | null): UnitPrefs {
  if (units === 'metric') return METRIC_UNITS;
  if (units === 'imperial') return IMPERIAL_UNITS;
  if (!reader) return METRIC_UNITS;
  return {
    unitSystem: reader.unit_system === 'imperial' ? 'imperial' : 'metric',
    thermalUnit: reader.thermal_unit === 'F' ? 'F' : 'C',
    bloodGlucoseUnit:
      reader.blood_glucose_unit === 'mg/dL' || reader.blood_glucose_unit === 'umol/L'
        ? reader.blood_glucose_unit
        : 'mmol/L',
    acidUricUnit: reader.unit_system === 'imperial' ? 'mg/dL' : 'umol/L',
  };
}

/** The patient a call concerns: `me` is the signed-in patient's own record; anything else must be visible to staff. */
async function exportedPatient(ctx: AuthedCtx, patient: string | 'me'): Promise<string> {
  if (patient === 'me') {
    const own = await ownPatient(ctx);
    if (!own) throw new AppError('NOT_A_PATIENT');
    return own.id;
  }
  return (await requireVisiblePatient(ctx, patient)).id;
}

/** Resolves the patient (404 when not visible), the reader's language, zone and units, and the period's instants. */
export async function exportFrame(ctx: AuthedCtx, patient: string | 'me', q: TVitalsExportQuery): Promise<ExportFrame> {
  const patientId = await exportedPatient(ctx, patient);
  const [p, reader] = await Promise.all([
    repo.patientOfExport(ctx.db, ctx.auth.tenantId, patientId),
    repo.readerOfExport(ctx.db, ctx.auth.tenantId, ctx.auth.userId),
  ]);
  if (!p) throw new AppError('PATIENT_NOT_FOUND');
  const timeZone = reader && isTimeZone(reader.timezone) ? reader.timezone : DEFAULT_ZONE;
  const lang = exportLangOf(ctx.auth.language || reader?.language);
  const next = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    patientId,
    patientName: personName({ firstName: p.first_name, middleName: p.middle_name, lastName: p.last_name }, lang),
    patientCode: p.patient_code,
    birthday: p.birthday,
    gender: p.gender,
    lang,
    timeZone,
    prefs: prefsOf(q.units, reader),
    units: q.units,
    fromDay: q.from,
    toDay: q.to,
    from: localMidnight(q.from, timeZone),
    to: localMidnight(next, timeZone),
    generatedAt: ctx.clock.now(),
  };
}

/** The readings of the frame's period, chunk by chunk, converted and flagged. */
export async function* exportedReadings(ctx: AuthedCtx, f: ExportFrame): AsyncGenerator<ExportedReading[]> {
  const T = ctx.auth.tenantId;
  const thresholds = await thresholdsForEvaluation(ctx.db, T, f.patientId);
  const pctx = patientContext(f.birthday, f.gender, f.generatedAt);
  const t = exportTexts(f.lang);
  const devices = new Map<string, string>();
  for await (const rows of repo.exportReadings(ctx.db, T, f.patientId, f.from, f.to)) {
    const unknown = [
      ...new Set(rows.flatMap((r) => (r.source.startsWith('device:') ? [r.source.slice(7)] : []))),
    ].filter((id) => !devices.has(id) && UUID.test(id));
    for (const d of await repo.devicesOfExport(ctx.db, T, unknown)) {
      devices.set(d.id, `${t.sourceDevice} ${d.model}${d.name ? ` ${d.name}` : ''} (${d.serial})`);
    }
    yield rows.map((r) =>
      toExported(r, f.prefs, thresholds, pctx, (s) => sourceText(s, t.sourceApp, t.sourceDevice, devices)),
    );
  }
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sourceText(source: string, app: string, device: string, devices: ReadonlyMap<string, string>): string {
  if (source === 'app' || source.startsWith('app:')) return app;
  if (source.startsWith('device:')) return devices.get(source.slice(7)) ?? device;
  if (source === 'apple_health') return 'Apple Health';
  return source;
}

/** A stored reading as exported: flagged against the thresholds (canonical units), then converted for display. */
export function toExported(
  r: repo.ExportReadingRow,
  prefs: UnitPrefs,
  thresholds: readonly TThreshold[],
  pctx: PatientContext,
  source: (s: string) => string,
): ExportedReading {
  const metric = r.metric as TMetric;
  const ev = evaluate({ metric, value: r.value, value2: r.value2 }, thresholds, pctx);
  const conv = (v: number | null) => (v === null ? null : round(fromCanonical(metric, v, prefs).value));
  const unit = r.value === null ? (CANONICAL_UNIT[metric] ?? '') : fromCanonical(metric, r.value, prefs).unit;
  return {
    at: new Date(r.measured_at),
    metric,
    value: conv(r.value),
    value2: conv(r.value2),
    unit,
    source: source(r.source),
    level: ev ? ev.level : null,
  };
}

const fileName = (f: ExportFrame, ext: string) =>
  `vitals-${f.patientCode ?? f.patientId.slice(0, 8)}-${f.fromDay}-${f.toDay}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');

/** The cells of one reading, in EXPORT_COLUMNS order (null: empty). */
function cells(r: ExportedReading, f: ExportFrame): Array<string | number | null> {
  const t = exportTexts(f.lang);
  return [
    formatDateTime(r.at, f.timeZone),
    metricName(f.lang, r.metric),
    r.value,
    r.value2,
    unitText(r.unit),
    r.source,
    r.level && r.level !== 'normal' ? t.levels[r.level] : null,
    r.at.toISOString(),
  ];
}

/** CSV (RFC 4180, CRLF, UTF-8 with a byte order mark so spreadsheets read Vietnamese), streamed chunk by chunk. */
function csvFile(ctx: AuthedCtx, f: ExportFrame): ExportFile {
  const t = exportTexts(f.lang);
  const cell = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : csvCell(v));
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${EXPORT_COLUMNS.map((c) => csvCell(t.columns[c])).join(',')}\r\n`;
    for await (const chunk of exportedReadings(ctx, f))
      yield chunk.map((r) => cells(r, f).map(cell).join(',')).join('\r\n') + '\r\n';
  }
  return { stream: Readable.from(lines()), name: fileName(f, 'csv'), contentType: VITALS_EXPORT_CONTENT_TYPE.csv };
}

/** .xlsx with exceljs' streaming writer: values as numbers, one row per reading, bounded memory. */
async function xlsxFile(ctx: AuthedCtx, f: ExportFrame): Promise<ExportFile> {
  const t = exportTexts(f.lang);
  const out = new PassThrough();
  const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const ws = wb.addWorksheet(t.sheet);
  void (async () => {
    ws.addRow(EXPORT_COLUMNS.map((c) => t.columns[c])).commit();
    for await (const chunk of exportedReadings(ctx, f)) for (const r of chunk) ws.addRow(cells(r, f)).commit();
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error('export failed')));
  return { stream: out, name: fileName(f, 'xlsx'), contentType: VITALS_EXPORT_CONTENT_TYPE.xlsx };
}

type Acc = { n: number; sum: number; min: number; max: number };
const acc = (): Acc => ({ n: 0, sum: 0, min: Infinity, max: -Infinity });
const add = (a: Acc, v: number) => {
  a.n += 1;
  a.sum += v;
  if (v < a.min) a.min = v;
  if (v > a.max) a.max = v;
};
const statsOf = (a: Acc) =>
  a.n === 0 ? null : { count: a.n, min: round(a.min), max: round(a.max), mean: round(a.sum / a.n) };

/**
 * Per metric: count, min / max / mean (of both values for blood pressure), out-of-range count, and the chart's points
 * (means of CHART_BUCKETS equal time buckets of the period), gathered in one pass over the readings.
 */
export async function summarize(
  readings: AsyncIterable<ExportedReading[]>,
  from: Date,
  to: Date,
): Promise<MetricSummary[]> {
  const span = Math.max(1, to.getTime() - from.getTime());
  const by = new Map<TMetric, { unit: string; v: Acc; v2: Acc; out: number; b: Acc[]; b2: Acc[] }>();
  for await (const chunk of readings) {
    for (const r of chunk) {
      if (r.value === null) continue;
      let m = by.get(r.metric);
      if (!m) {
        m = {
          unit: r.unit,
          v: acc(),
          v2: acc(),
          out: 0,
          b: Array.from({ length: CHART_BUCKETS }, acc),
          b2: Array.from({ length: CHART_BUCKETS }, acc),
        };
        by.set(r.metric, m);
      }
      const i = Math.min(
        CHART_BUCKETS - 1,
        Math.max(0, Math.floor(((r.at.getTime() - from.getTime()) / span) * CHART_BUCKETS)),
      );
      add(m.v, r.value);
      add(m.b[i]!, r.value);
      if (r.value2 !== null) {
        add(m.v2, r.value2);
        add(m.b2[i]!, r.value2);
      }
      if (r.level && r.level !== 'normal') m.out += 1;
    }
  }
  const at = (i: number) => from.getTime() + ((i + 0.5) / CHART_BUCKETS) * span;
  const line = (b: Acc[]) => b.flatMap((a, i) => (a.n === 0 ? [] : [{ t: at(i), v: a.sum / a.n }]));
  return METRICS.flatMap((metric) => {
    const m = by.get(metric);
    if (!m) return [];
    return [
      {
        metric,
        unit: m.unit,
        stats: statsOf(m.v)!,
        stats2: statsOf(m.v2),
        outOfRange: m.out,
        line: line(m.b),
        line2: m.v2.n > 0 ? line(m.b2) : null,
      },
    ];
  });
}

/** The PDF report: readings summarized first (one pass), then drawn and streamed. */
async function pdfFile(ctx: AuthedCtx, f: ExportFrame, opts: { compress?: boolean }): Promise<ExportFile> {
  const summaries = await summarize(exportedReadings(ctx, f), f.from, f.to);
  const stream = await buildVitalsPdf(f, summaries, opts);
  return { stream, name: fileName(f, 'pdf'), contentType: VITALS_EXPORT_CONTENT_TYPE.pdf };
}

/**
 * `GET …/vitals/export`: the patient's readings of the days from..to (the reader's time zone, both included) in the
 * chosen format; audited as an export (format, period) whatever the format.
 */
export async function exportVitals(
  ctx: AuthedCtx,
  patient: string | 'me',
  q: TVitalsExportQuery,
  opts: { compress?: boolean } = {},
): Promise<ExportFile> {
  const f = await exportFrame(ctx, patient, q);
  await audit(ctx, {
    action: 'vitals.export',
    resource: 'patient',
    resourceId: f.patientId,
    details: { format: q.format, from: q.from, to: q.to, units: q.units, ...(patient === 'me' ? { via: 'app' } : {}) },
  });
  if (q.format === 'csv') return csvFile(ctx, f);
  if (q.format === 'pdf') return pdfFile(ctx, f, opts);
  return xlsxFile(ctx, f);
}
