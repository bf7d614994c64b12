import type { Readable } from 'node:stream';
import type { TMetric } from '@carewatch/contracts/vitals';
import { formatCalendarDay, formatDateTime, formatDayMonth, formatTime } from '@carewatch/i18n/datetime';
import {
  COLORS,
  FONT,
  PAGE,
  headerSection,
  keyValues,
  lineChart,
  paragraphSection,
  renderPdfReport,
  sectionTitle,
  table,
  type PdfSection,
} from '../../platform/pdf-report.ts';
import type { ExportFrame } from './vitals-export.frame.ts';
import { exportTexts, metricName, unitText } from './vitals-export.texts.ts';

/** What the report shows of one metric (display units). `stats2` and `line2`: diastolic of blood pressure. */
export type MetricStats = { count: number; min: number; max: number; mean: number };
export type MetricSummary = {
  metric: TMetric;
  unit: string;
  stats: MetricStats;
  stats2: MetricStats | null;
  outOfRange: number;
  line: ReadonlyArray<{ t: number; v: number }>;
  line2: ReadonlyArray<{ t: number; v: number }> | null;
};

const CHART_HEIGHT = 170;
const num = (v: number) => String(Math.round(v * 100) / 100);

/* The report's sections, each a function of what it shows: a later report (a patient report with alerts and notes)
   reuses the header and metric sections and adds its own. */

/** Title block: patient, period, generation time and zone, units. */
export function vitalsHeaderSection(f: ExportFrame, readings: number): PdfSection {
  const t = exportTexts(f.lang);
  const lines: Array<readonly [string, string]> = [
    [t.patient, f.patientName],
    ...(f.patientCode ? [[t.patientCode, f.patientCode] as const] : []),
    ...(f.birthday ? [[t.birthday, formatCalendarDay(f.birthday)] as const] : []),
    [t.period, `${formatCalendarDay(f.fromDay)} – ${formatCalendarDay(f.toDay)} (${t.readings(readings)})`],
    [t.generated, formatDateTime(f.generatedAt, f.timeZone)],
    [t.timeZone, f.timeZone],
  ];
  return headerSection({ title: t.title, subtitle: f.patientName, lines });
}

/** One line per metric: readings, min, mean, max, unit, out of range. */
export function vitalsOverviewSection(f: ExportFrame, summaries: readonly MetricSummary[]): PdfSection {
  const t = exportTexts(f.lang);
  return (doc) => {
    if (summaries.length === 0) {
      paragraphSection(t.noReadings, { size: 11 })(doc);
      return;
    }
    const both = (a: number, b: number | undefined) => (b === undefined ? num(a) : `${num(a)}/${num(b)}`);
    table(
      doc,
      [t.columns.metric, t.stats.count, t.stats.min, t.stats.mean, t.stats.max, t.columns.unit, t.stats.outOfRange],
      summaries.map((s) => [
        metricName(f.lang, s.metric),
        String(s.stats.count),
        both(s.stats.min, s.stats2?.min),
        both(s.stats.mean, s.stats2?.mean),
        both(s.stats.max, s.stats2?.max),
        unitText(s.unit),
        String(s.outOfRange),
      ]),
      [0.27, 0.1, 0.12, 0.12, 0.12, 0.13, 0.14],
    );
  };
}

/** A metric's chart of the period (vector lines of bucket means) and its figures. */
export function metricSection(f: ExportFrame, s: MetricSummary): PdfSection {
  const t = exportTexts(f.lang);
  const short = f.to.getTime() - f.from.getTime() <= 2 * 86_400_000;
  return (doc) => {
    sectionTitle(doc, `${metricName(f.lang, s.metric)} (${unitText(s.unit)})`, CHART_HEIGHT + 50);
    const spread = s.stats.max - s.stats.min;
    lineChart(
      doc,
      [
        { label: s.line2 ? t.systolic : metricName(f.lang, s.metric), points: s.line },
        ...(s.line2 ? [{ label: t.diastolic, points: s.line2 }] : []),
      ],
      {
        height: CHART_HEIGHT,
        from: f.from.getTime(),
        to: f.to.getTime(),
        timeLabel: (ms) =>
          short
            ? `${formatDayMonth(ms, f.timeZone)} ${formatTime(ms, f.timeZone, { seconds: false })}`
            : formatDayMonth(ms, f.timeZone),
        valueLabel: (v) => (spread < 10 ? v.toFixed(1) : v.toFixed(0)),
      },
    );
    const figures = (x: MetricStats) =>
      `${t.stats.min} ${num(x.min)} · ${t.stats.mean} ${num(x.mean)} · ${t.stats.max} ${num(x.max)}`;
    keyValues(
      doc,
      [
        [t.stats.count, String(s.stats.count)],
        ...(s.stats2
          ? [[t.systolic, figures(s.stats)] as const, [t.diastolic, figures(s.stats2)] as const]
          : [[t.stats.value, figures(s.stats)] as const]),
        [t.stats.outOfRange, String(s.outOfRange)],
      ],
      9,
    );
    doc.fillColor(COLORS.text).font(FONT.regular);
    doc.x = PAGE.margin;
    doc.moveDown(1);
  };
}

/** The vitals report: header, overview table, a section per metric with readings, the out-of-range note. */
export function vitalsReportSections(f: ExportFrame, summaries: readonly MetricSummary[]): PdfSection[] {
  const readings = summaries.reduce((n, s) => n + s.stats.count, 0);
  return [
    vitalsHeaderSection(f, readings),
    vitalsOverviewSection(f, summaries),
    ...summaries.map((s) => metricSection(f, s)),
    paragraphSection(exportTexts(f.lang).outOfRangeNote, { size: 8, color: COLORS.muted }),
  ];
}

export function buildVitalsPdf(
  f: ExportFrame,
  summaries: readonly MetricSummary[],
  opts: { compress?: boolean } = {},
): Promise<Readable> {
  const t = exportTexts(f.lang);
  return renderPdfReport({
    title: `${t.title} — ${f.patientName}`,
    lang: f.lang,
    sections: vitalsReportSections(f, summaries),
    footer: t.footer,
    createdAt: f.generatedAt,
    ...(opts.compress === undefined ? {} : { compress: opts.compress }),
  });
}
