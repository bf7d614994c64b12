import type { Readable } from 'node:stream';
import type { TAlert } from '@carewatch/contracts/alerts';
import type { TPatientNote } from '@carewatch/contracts/timeline';
import { formatCalendarDay, formatDateTime } from '@carewatch/i18n/datetime';
import {
  COLORS,
  FONT,
  PAGE,
  CONTENT_WIDTH,
  ensureSpace,
  headerSection,
  paragraphSection,
  renderPdfReport,
  sectionTitle,
  table,
  type PdfSection,
} from '../../platform/pdf-report.ts';
import { metricSection, vitalsOverviewSection, type MetricSummary } from '../vitals/vitals-export-pdf.ts';
import type { ExportFrame } from '../vitals/vitals-export.frame.ts';
import { exportTexts, metricName } from '../vitals/vitals-export.texts.ts';
import { reportTexts } from './report.texts.ts';

/** Rows of the alerts table at most (the newest); the rest are counted. */
export const REPORT_MAX_ALERTS = 200;

/*
 * The patient report (issue 20): the vitals export's sections (overview table and a vector chart per index, from
 * vitals-export-pdf.ts) framed by the report's own header, then the period's alerts and the clinicians' notes.
 */

function reportHeader(f: ExportFrame): PdfSection {
  const e = exportTexts(f.lang);
  const lines: Array<readonly [string, string]> = [
    [e.patient, f.patientName],
    ...(f.patientCode ? [[e.patientCode, f.patientCode] as const] : []),
    ...(f.birthday ? [[e.birthday, formatCalendarDay(f.birthday)] as const] : []),
    [e.period, `${formatCalendarDay(f.fromDay)} – ${formatCalendarDay(f.toDay)}`],
    [e.generated, formatDateTime(f.generatedAt, f.timeZone)],
    [e.timeZone, f.timeZone],
  ];
  return headerSection({ title: reportTexts(f.lang).title, subtitle: f.patientName, lines });
}

const titled =
  (title: string, keep = 60): PdfSection =>
  (doc) =>
    sectionTitle(doc, title, keep);

function alertsSection(f: ExportFrame, alerts: readonly TAlert[], more: number): PdfSection {
  const t = reportTexts(f.lang);
  return (doc) => {
    sectionTitle(doc, t.alerts);
    if (alerts.length === 0) {
      paragraphSection(t.noAlerts)(doc);
      return;
    }
    table(
      doc,
      [t.columns.openedAt, t.columns.level, t.columns.index, t.columns.value, t.columns.status, t.columns.acknowledged],
      alerts.map((a) => [
        formatDateTime(a.openedAt, f.timeZone),
        t.levels[a.level],
        a.metric ? metricName(f.lang, a.metric) : t.sosButton,
        a.value === null ? '—' : String(Math.round(a.value * 100) / 100),
        t.statuses[a.status],
        a.acknowledgedAt ? formatDateTime(a.acknowledgedAt, f.timeZone) : t.no,
      ]),
      [0.22, 0.13, 0.2, 0.1, 0.13, 0.22],
    );
    if (more > 0) paragraphSection(t.moreAlerts, { size: 8, color: COLORS.muted })(doc);
  };
}

function notesSection(f: ExportFrame, notes: readonly TPatientNote[]): PdfSection {
  const t = reportTexts(f.lang);
  return (doc) => {
    sectionTitle(doc, t.notes);
    if (notes.length === 0) {
      paragraphSection(t.noNotes)(doc);
      return;
    }
    for (const n of notes) {
      ensureSpace(doc, 40);
      doc
        .font(FONT.bold)
        .fontSize(9)
        .fillColor(COLORS.text)
        .text(`${formatDateTime(n.createdAt, f.timeZone)} — ${n.authorName ?? t.unknownAuthor}`, PAGE.margin, doc.y, {
          width: CONTENT_WIDTH,
        });
      doc.font(FONT.regular).fontSize(9).text(n.text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
      doc.moveDown(0.6);
    }
  };
}

export type ReportContent = {
  summaries: readonly MetricSummary[];
  alerts: readonly TAlert[];
  moreAlerts: number;
  notes: readonly TPatientNote[];
};

export function reportSections(f: ExportFrame, c: ReportContent): PdfSection[] {
  const t = reportTexts(f.lang);
  return [
    reportHeader(f),
    titled(t.summary),
    vitalsOverviewSection(f, c.summaries),
    alertsSection(f, c.alerts, c.moreAlerts),
    notesSection(f, c.notes),
    ...(c.summaries.length > 0 ? [titled(t.vitals, 220)] : []),
    ...c.summaries.map((s) => metricSection(f, s)),
    paragraphSection(exportTexts(f.lang).outOfRangeNote, { size: 8, color: COLORS.muted }),
  ];
}

export function buildPatientReportPdf(
  f: ExportFrame,
  c: ReportContent,
  opts: { compress?: boolean } = {},
): Promise<Readable> {
  const t = reportTexts(f.lang);
  return renderPdfReport({
    title: `${t.title} — ${f.patientName}`,
    lang: f.lang,
    sections: reportSections(f, c),
    footer: exportTexts(f.lang).footer,
    createdAt: f.generatedAt,
    ...(opts.compress === undefined ? {} : { compress: opts.compress }),
  });
}
