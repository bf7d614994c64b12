import { personName } from '@carewatch/contracts/names';
import { alertTrailRows, patientAlertRows, sosCaseRow, timelineOf } from '../alerts/alerts.service.ts';
import {
  type TAlertLevel,
  type TAlertTrailEntry,
  type TLocation,
  type TPatientThresholds,
  type TSosCase,
} from '@carewatch/contracts/alerts';
import type { TAppSosCaseDetail, TAppSubjectAlertPage, TAppSubjectList } from '@carewatch/contracts/app-subjects';
import type { TLatestVitals } from '@carewatch/contracts/vitals';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { requireAppSubject } from '../patients/patient-access.ts';
import { toSummary } from '../alerts/alerts.engine.ts';
import { patientContext, thresholdsView } from '../alerts/thresholds.service.ts';
import { latestVitalsOf } from '../vitals/vitals.service.ts';
import * as repo from './app-subjects.repo.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fullName = (first: string, last: string, lang: string) => personName({ firstName: first, lastName: last }, lang);
/** Readings older than this before an SOS case opened are not "the vital indexes at the time". */
const SOS_VITALS_WINDOW_HOURS = 24;

/** `GET /api/account/app/patients`: the subjects of the "viewing as" switch and of the Emergency / Caring dashboards. */
export async function listAppSubjects(ctx: AuthedCtx): Promise<TAppSubjectList> {
  const rows = await repo.listSubjects(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  return {
    items: rows.map((r) => ({
      patientId: r.id,
      userId: r.user_id,
      name: fullName(r.first_name, r.last_name, ctx.auth.language),
      relation: r.relation,
      level: (r.alert_level ?? 'normal') as TAlertLevel,
      openAlert:
        r.alert_id && r.alert_level && r.alert_since
          ? { id: r.alert_id, level: r.alert_level as TAlertLevel, since: iso(r.alert_since)! }
          : null,
      lastMeasuredAt: iso(r.last_measured_at),
    })),
  };
}

/** Reads by someone other than the patient (a manager or follower) are audited like staff reads. */
async function readAudit(ctx: AuthedCtx, subject: { id: string; relation: string }, what: string): Promise<void> {
  if (subject.relation === 'self') return;
  await audit(ctx, {
    action: 'vitals.read',
    resource: 'patient',
    resourceId: subject.id,
    details: { what, relation: subject.relation },
  });
}

/** The subject's newest reading of each metric (same shape as `/me/vitals/latest`). */
export async function subjectLatest(ctx: AuthedCtx, id: string): Promise<TLatestVitals> {
  const subject = await requireAppSubject(ctx, id);
  await readAudit(ctx, subject, 'latest');
  return latestVitalsOf(ctx.db, ctx.auth.tenantId, subject.id);
}

/**
 * The subject's effective thresholds, composed by the alerts module as for staff (the patient's own, else the tenant
 * default personalised by age and sex), so a follower sees the levels the alert engine uses.
 */
export async function subjectThresholds(ctx: AuthedCtx, id: string): Promise<TPatientThresholds> {
  const subject = await requireAppSubject(ctx, id);
  const who = await repo.birthdayAndGender(ctx.db, ctx.auth.tenantId, subject.id);
  const pctx = patientContext(who?.birthday ?? null, who?.gender ?? null, ctx.clock.now());
  return thresholdsView(ctx.db, ctx.auth.tenantId, subject.id, pctx);
}

/** The subject's alerts, open first then newest first. */
export async function subjectAlerts(
  ctx: AuthedCtx,
  id: string,
  q: { page: number; size: number },
): Promise<TAppSubjectAlertPage> {
  const subject = await requireAppSubject(ctx, id);
  // Access was decided above (self, sub-user or consented follower); the list is then limited to that one patient.
  const { rows, total } = await patientAlertRows(ctx.db, ctx.auth.tenantId, subject.id, q.page, q.size);
  await readAudit(ctx, subject, 'alerts');
  return {
    items: rows.map((r) =>
      toSummary(r, { name: fullName(r.first_name, r.last_name, ctx.auth.language), code: r.patient_code }),
    ),
    total,
    page: q.page,
    size: q.size,
  };
}

/**
 * One SOS case of the subject: reason, vital indexes at the time, locations, timeline. Another patient's case answers
 * SOS_CASE_NOT_FOUND like a missing one. Followers see the timeline without recipients and provider answers (those are
 * the patient's other contacts).
 */
export async function subjectSosCase(ctx: AuthedCtx, id: string, caseId: string): Promise<TAppSosCaseDetail> {
  const subject = await requireAppSubject(ctx, id);
  const row = await sosCaseRow(ctx.db, ctx.auth.tenantId, caseId);
  if (!row || row.patient_id !== subject.id) throw new AppError('SOS_CASE_NOT_FOUND');
  const openedAt = new Date(row.opened_at);
  const [vitals, trail] = await Promise.all([
    repo.vitalsAt(ctx.db, ctx.auth.tenantId, subject.id, openedAt, SOS_VITALS_WINDOW_HOURS),
    alertTrailRows(ctx.db, ctx.auth.tenantId, row.alert_id),
  ]);
  await audit(ctx, {
    action: 'sos_case.view',
    resource: 'patient',
    resourceId: subject.id,
    details: { sosCaseId: caseId, relation: subject.relation },
  });
  const own = subject.relation === 'self' || subject.relation === 'sub_user';
  const entries = trail.map((t) => ({
    ...(t.entry as TAlertTrailEntry),
    at: iso((t.entry as TAlertTrailEntry).at ?? t.at)!,
  }));
  const timeline = (await timelineOf(ctx, entries)).map((x) =>
    own ? x : { ...x, recipient: null, phone: null, actor: null },
  );
  const location = row.location as TLocation | null;
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: fullName(row.first_name, row.last_name, ctx.auth.language),
    patientCode: row.patient_code,
    patientPhone: row.patient_phone,
    alertId: row.alert_id,
    reason: row.reason as TSosCase['reason'],
    status: row.status as TSosCase['status'],
    level: row.level as TSosCase['level'],
    message: row.message as TSosCase['message'],
    location,
    openedAt: openedAt.toISOString(),
    closedAt: iso(row.closed_at),
    outcome: row.outcome as TSosCase['outcome'],
    vitals: vitals.map((v) => ({
      metric: v.metric,
      value: v.value,
      value2: v.value2,
      measuredAt: new Date(v.measured_at).toISOString(),
    })),
    // The position sent with the SOS, then the live ones the phone sent while the case was open.
    locations: [
      ...(location ? [{ ...location, at: openedAt.toISOString() }] : []),
      ...trail.flatMap((t) => {
        const e = t.entry as TAlertTrailEntry;
        return e.kind === 'location' && e.location ? [{ ...e.location, at: iso(e.at ?? t.at)! }] : [];
      }),
    ],
    timeline,
  };
}
