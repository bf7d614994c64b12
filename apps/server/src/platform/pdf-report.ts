import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';

/**
 * Printable PDF reports (vitals export today; a patient report with alerts and notes later), built with pdfkit as a
 * list of sections: each section is a function that draws on the document and asks for room with `ensureSpace`, so a
 * report is composed from reusable parts (`headerSection`, `keyValueSection`, `lineChart`, …). Text is set in DejaVu
 * Sans, embedded (subset) so Vietnamese prints as written; charts are vector lines.
 */
export type PdfDoc = PDFKit.PDFDocument;
export type PdfSection = (doc: PdfDoc) => void;

/** A4 in points, and the page margin. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_HEIGHT = 20;
export const FONT = { regular: 'body', bold: 'body-bold' } as const;
export const COLORS = {
  text: '#222222',
  muted: '#666666',
  grid: '#dddddd',
  axis: '#999999',
  series: ['#1c7ed6', '#e8590c', '#2f9e44'],
  danger: '#c92a2a',
} as const;

/**
 * The font files, resolved from node_modules at run time (never bundled): the same path from the TypeScript sources
 * and from the compiled server (apps/server/dist/main.js), whose `dejavu-fonts-ttf` stays an external package.
 */
export function dejaVuFont(style: 'regular' | 'bold' = 'regular'): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`dejavu-fonts-ttf/ttf/${style === 'bold' ? 'DejaVuSans-Bold' : 'DejaVuSans'}.ttf`);
}

const loadPdfKit = async () => (await import('pdfkit')).default;

export type PdfReportOptions = {
  title: string;
  /** BCP 47 language of the text (document metadata; screen readers). */
  lang: string;
  sections: readonly PdfSection[];
  /** Footer of each page (1-based page number, page count); none when omitted. */
  footer?: (page: number, pages: number) => string;
  /** Tests set false to read the page content as text. */
  compress?: boolean;
  /** Fixed creation date (reproducible output). */
  createdAt?: Date;
};

/** Draws every section, then the footers, and answers the PDF as a stream (sent while pdfkit writes it). */
export async function renderPdfReport(o: PdfReportOptions): Promise<Readable> {
  const PDFDocument = await loadPdfKit();
  const doc: PdfDoc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    compress: o.compress ?? true,
    font: dejaVuFont(),
    lang: o.lang,
    displayTitle: true,
    info: {
      Title: o.title,
      Creator: 'CareWatch',
      Producer: 'CareWatch',
      ...(o.createdAt ? { CreationDate: o.createdAt } : {}),
    },
  });
  doc.registerFont(FONT.regular, dejaVuFont());
  doc.registerFont(FONT.bold, dejaVuFont('bold'));
  doc.font(FONT.regular).fillColor(COLORS.text);
  for (const s of o.sections) s(doc);
  if (o.footer) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0; // writing inside the bottom margin must not open a page
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(o.footer(i + 1, range.count), PAGE.margin, PAGE.height - PAGE.margin + 8, {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
  }
  doc.end();
  return doc as unknown as Readable;
}

/** Room left on the page above the footer. */
export const spaceLeft = (doc: PdfDoc): number => PAGE.height - PAGE.margin - FOOTER_HEIGHT - doc.y;
/** Starts a new page unless `height` points fit on this one. */
export function ensureSpace(doc: PdfDoc, height: number): void {
  if (spaceLeft(doc) < height) doc.addPage();
}

/** The report's title block: a title, label/value lines, a rule under them. */
export function headerSection(h: {
  title: string;
  subtitle?: string;
  lines: ReadonlyArray<readonly [string, string]>;
}): PdfSection {
  return (doc) => {
    doc.font(FONT.bold).fontSize(18).fillColor(COLORS.text).text(h.title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    if (h.subtitle)
      doc.font(FONT.regular).fontSize(11).fillColor(COLORS.muted).text(h.subtitle, { width: CONTENT_WIDTH });
    doc.moveDown(0.5);
    keyValues(doc, h.lines, 10);
    const y = doc.y + 6;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.8)
      .strokeColor(COLORS.axis)
      .stroke();
    doc.y = y + 12;
  };
}

/** Label: value lines, labels in bold. */
export function keyValues(doc: PdfDoc, lines: ReadonlyArray<readonly [string, string]>, size = 9): void {
  for (const [label, value] of lines) {
    doc
      .fontSize(size)
      .font(FONT.bold)
      .fillColor(COLORS.text)
      .text(`${label}: `, PAGE.margin, doc.y, { continued: true, width: CONTENT_WIDTH })
      .font(FONT.regular)
      .text(value);
  }
}

/** A section title (kept with at least `keep` points of what follows). */
export function sectionTitle(doc: PdfDoc, title: string, keep = 60): void {
  ensureSpace(doc, keep + 24);
  doc.font(FONT.bold).fontSize(13).fillColor(COLORS.text).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

/** A free paragraph section (notes, explanations). */
export function paragraphSection(text: string, opts: { size?: number; color?: string } = {}): PdfSection {
  return (doc) => {
    doc
      .font(FONT.regular)
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? COLORS.text)
      .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.5);
  };
}

/** A small table: header row and rows of text, columns sharing the width by `widths` (fractions). */
export function table(
  doc: PdfDoc,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  widths: readonly number[],
  size = 9,
): void {
  const rowHeight = size + 6;
  const xs: number[] = [];
  let x = PAGE.margin;
  for (const w of widths) {
    xs.push(x);
    x += w * CONTENT_WIDTH;
  }
  const line = (cells: readonly string[], bold: boolean) => {
    ensureSpace(doc, rowHeight);
    const y = doc.y;
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(size)
      .fillColor(COLORS.text);
    cells.forEach((c, i) =>
      doc.text(c, xs[i]! + 2, y + 3, { width: widths[i]! * CONTENT_WIDTH - 4, lineBreak: false, ellipsis: true }),
    );
    doc
      .moveTo(PAGE.margin, y + rowHeight)
      .lineTo(PAGE.width - PAGE.margin, y + rowHeight)
      .lineWidth(0.4)
      .strokeColor(COLORS.grid)
      .stroke();
    doc.y = y + rowHeight;
  };
  line(header, true);
  for (const r of rows) line(r, false);
  doc.x = PAGE.margin;
  doc.moveDown(0.5);
}

export type ChartSeries = { label: string; points: ReadonlyArray<{ t: number; v: number }> };
export type LineChartOptions = {
  height: number;
  /** Time axis [from, to) in ms. */
  from: number;
  to: number;
  /** Tick labels of the time axis and the value axis. */
  timeLabel: (t: number) => string;
  valueLabel: (v: number) => string;
  /** Horizontal reference lines (limits), dashed. */
  limits?: ReadonlyArray<{ value: number; label: string }>;
};

/**
 * A time chart drawn as vector paths: a line per series (consecutive points joined; a lone point as a dot), a light
 * grid with 5 value ticks and 5 time ticks, dashed limit lines, a legend when there is more than one series.
 */
export function lineChart(doc: PdfDoc, series: readonly ChartSeries[], o: LineChartOptions): void {
  ensureSpace(doc, o.height + 20);
  const left = PAGE.margin + 44;
  const top = doc.y + 4;
  const width = CONTENT_WIDTH - 50;
  const height = o.height - 24;
  const values = series.flatMap((s) => s.points.map((p) => p.v)).concat((o.limits ?? []).map((l) => l.value));
  let lo = values.length > 0 ? Math.min(...values) : 0;
  let hi = values.length > 0 ? Math.max(...values) : 1;
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  const span = Math.max(1, o.to - o.from);
  const X = (t: number) => left + ((t - o.from) / span) * width;
  const Y = (v: number) => top + height - ((v - lo) / (hi - lo)) * height;

  doc.lineWidth(0.4).strokeColor(COLORS.grid);
  doc.font(FONT.regular).fontSize(7).fillColor(COLORS.muted);
  for (let i = 0; i <= 4; i++) {
    const v = lo + ((hi - lo) * i) / 4;
    const y = Y(v);
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.text(o.valueLabel(v), PAGE.margin, y - 4, { width: 40, align: 'right', lineBreak: false });
  }
  for (let i = 0; i <= 4; i++) {
    const t = o.from + (span * i) / 4;
    const x = X(t);
    doc
      .moveTo(x, top)
      .lineTo(x, top + height)
      .stroke();
    doc.text(o.timeLabel(t), x - 30, top + height + 3, {
      width: 60,
      align: i === 0 ? 'left' : i === 4 ? 'right' : 'center',
      lineBreak: false,
    });
  }
  doc.rect(left, top, width, height).lineWidth(0.6).strokeColor(COLORS.axis).stroke();
  for (const l of o.limits ?? []) {
    if (l.value < lo || l.value > hi) continue;
    doc
      .moveTo(left, Y(l.value))
      .lineTo(left + width, Y(l.value))
      .dash(3, { space: 3 })
      .lineWidth(0.6)
      .strokeColor(COLORS.danger)
      .stroke()
      .undash();
  }
  series.forEach((s, i) => {
    const color = COLORS.series[i % COLORS.series.length]!;
    if (s.points.length === 1) {
      doc.circle(X(s.points[0]!.t), Y(s.points[0]!.v), 1.8).fillColor(color).fill();
      return;
    }
    s.points.forEach((p, j) => (j === 0 ? doc.moveTo(X(p.t), Y(p.v)) : doc.lineTo(X(p.t), Y(p.v))));
    if (s.points.length > 1) doc.lineWidth(1).lineJoin('round').strokeColor(color).stroke();
  });
  let y = top + height + 14;
  if (series.length > 1) {
    let x = left;
    doc.fontSize(7);
    series.forEach((s, i) => {
      const color = COLORS.series[i % COLORS.series.length]!;
      doc
        .rect(x, y + 1, 10, 3)
        .fillColor(color)
        .fill();
      doc.fillColor(COLORS.text).text(s.label, x + 14, y - 1, { lineBreak: false });
      x += 14 + doc.widthOfString(s.label) + 16;
    });
    y += 10;
  }
  doc.fillColor(COLORS.text);
  doc.x = PAGE.margin;
  doc.y = y + 6;
}
