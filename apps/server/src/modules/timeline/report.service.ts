import type { Readable } from 'node:stream';
import type { TPatientReportQuery } from '@carewatch/contracts/timeline';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { exportFrame, exportedReadings, summarize } from '../vitals/vitals-export.service.ts';
import { patientAlertsWithTrail } from '../alerts/patient-alert-history.service.ts';
import { notesInPeriod } from './notes.service.ts';
import { REPORT_MAX_ALERTS, buildPatientReportPdf } from './report-pdf.ts';

const NOTES_MAX = 500;

export type ReportFile = { stream: Readable; name: string; contentType: string };

/**
 * `GET …/patients/{id}/report.pdf`: the patient report of the days from..to (the reader's time zone, both included):
 * the vitals charts and a summary per index (the vitals export's), the alerts and the notes of the period, in the
 * reader's language (or `lang`) and time zone. Audited as an export.
 */
export async function patientReport(
  ctx: AuthedCtx,
  patientId: string,
  q: TPatientReportQuery,
  opts: { compress?: boolean } = {},
): Promise<ReportFile> {
  const frame = await exportFrame(ctx, patientId, { from: q.from, to: q.to, format: 'pdf', units: 'profile' });
  const f = q.lang ? { ...frame, lang: q.lang } : frame;
  const end = new Date(f.to.getTime() - 1);
  const [summaries, alerts, notes] = await Promise.all([
    summarize(exportedReadings(ctx, f), f.from, f.to),
    patientAlertsWithTrail(ctx, f.patientId, f.from, end, null, REPORT_MAX_ALERTS + 1),
    notesInPeriod(ctx, f.patientId, f.from, end, null, NOTES_MAX),
  ]);
  await audit(ctx, {
    action: 'patient.report',
    resource: 'patient',
    resourceId: f.patientId,
    details: { from: q.from, to: q.to, lang: f.lang },
  });
  const stream = await buildPatientReportPdf(
    f,
    {
      summaries,
      alerts: alerts.slice(0, REPORT_MAX_ALERTS),
      moreAlerts: Math.max(0, alerts.length - REPORT_MAX_ALERTS),
      notes,
    },
    opts,
  );
  const name = `report-${f.patientCode ?? f.patientId.slice(0, 8)}-${f.fromDay}-${f.toDay}.pdf`.replace(
    /[^A-Za-z0-9._-]/g,
    '_',
  );
  return { stream, name, contentType: 'application/pdf' };
}
