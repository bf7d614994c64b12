import type { TReminder } from '@carewatch/contracts/prescriptions';
import { INTAKE_HORIZON_HOURS } from '@carewatch/contracts/prescriptions';
import { personName } from '@carewatch/contracts/names';
import { DEFAULT_TIME_ZONE, allowNotification, localMinutesAt } from '@carewatch/clinical/alert-settings';
import {
  INTAKE_WINDOWS,
  intakeState,
  localDate,
  occurrences,
  scheduleLastDate,
  trailingMissed,
  type IntakeState,
  type ReminderSchedule,
} from '@carewatch/clinical/medication';
import type { Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import { patientRef } from '../alerts/alerts.engine.ts';
import { recordMissedDoseAlert } from '../alerts/missed-dose-alert.ts';
import { escalationRecipients } from '../contacts/contacts.service.ts';
import * as repo from './prescriptions.repo.ts';
import { doseNotificationText, missedDoseText, preAlarmText } from './prescriptions.texts.ts';

/*
 * Dose reminders scale as one periodic sweeper job rather than one job per dose: at 100k patients × 3 doses a day,
 * most doses fall due on the same few minutes (08:00, 20:00), and a job per dose would be claimed 50 at a time.
 * The sweeper claims due rows of `medication_intakes` by thousands (FOR UPDATE SKIP LOCKED, so several server
 * processes share the work) and writes their notifications through the outbox in the same transaction.
 * Every SWEEP_SECONDS it: tops up the plan of doses (rows with their due time) to INTAKE_HORIZON_HOURS ahead in the
 * patient's zone; sends due dose notifications (and snoozed ones again) and pre-alarms; settles unanswered doses past
 * the confirmation window as unconfirmed and checks the missed-dose run of their medicine.
 */
export const SWEEP_JOB = 'medication.sweep';
export const SWEEP_SECONDS = 15;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const HORIZON_MS = INTAKE_HORIZON_HOURS * HOUR_MS;
/** A medicine's plan is topped up once it reaches less than this far ahead (so each is planned about once a day). */
const TOP_UP_MS = HORIZON_MS - 24 * HOUR_MS;
const BATCH = 2000;
/** One sweep stops taking new batches after this long (the next sweep goes on). */
const SWEEP_BUDGET_MS = 10_000;

export const tzOrDefault = (tz: string | null | undefined) => tz ?? DEFAULT_TIME_ZONE;

// ---------------------------------------------------------------- planning

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
/** Local 'HH:mm' of an instant (to find the label of the reminder time it came from). */
function localTime(d: Date, tz: string): string {
  let f = timeFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(tz, f);
  }
  return f.format(d);
}

/** The clinical schedule of a medicine: its reminder within the prescription's dates, in the patient's zone. */
export function scheduleOf(
  m: Pick<repo.MedicineRow, 'reminder' | 'total_days'>,
  rxStart: string,
  rxEnd: string | null,
  tz: string,
): ReminderSchedule | null {
  const r = m.reminder as TReminder | null;
  if (!r) return null;
  const start = r.startDate && r.startDate > rxStart ? r.startDate : rxStart;
  const ends = [r.endDate, rxEnd].filter((d): d is string => d !== null).sort();
  return {
    rule: r.rule,
    times: r.times.map((t) => t.time),
    startDate: start,
    endDate: ends[0] ?? null,
    totalDays: m.total_days,
    timeZone: tz,
  };
}

/** The planned doses of one medicine in [from, to). */
export function plannedIntakes(m: repo.PlanRow, from: Date, to: Date): repo.NewIntake[] {
  const tz = tzOrDefault(m.timezone);
  const s = scheduleOf(m, m.rx_start, m.rx_end, tz);
  if (!s) return [];
  const r = m.reminder as TReminder;
  const labels = new Map(r.times.map((t) => [t.time, t.label || null]));
  const only = r.times.length === 1 ? r.times[0]!.label || null : null;
  return occurrences(s, from, to).map((due) => ({
    id: newId(due.getTime()),
    tenantId: m.tenant_id,
    patientId: m.patient_id,
    prescriptionId: m.prescription_id,
    medicineId: m.id,
    medKey: m.med_key,
    dueAt: due,
    timeLabel: r.rule.kind === 'hourly' ? null : (only ?? labels.get(localTime(due, tz)) ?? null),
    notifyAt: due,
    prealarmAt: r.preAlarmMinutes > 0 ? new Date(due.getTime() - r.preAlarmMinutes * MINUTE_MS) : null,
  }));
}

/**
 * Plans doses up to the horizon for the scheduled medicines whose plan runs short (or only those of one prescription:
 * right after it is written). A medicine with nothing left to plan (its end passed) stops being looked at.
 * Answers how many medicines were looked at and doses planned.
 */
export async function planDoses(
  db: Db,
  now: Date,
  o: { prescriptionId?: string; limit?: number } = {},
): Promise<{ medicines: number; doses: number }> {
  const until = new Date(now.getTime() + HORIZON_MS);
  const due = o.prescriptionId ? until : new Date(now.getTime() + TOP_UP_MS);
  const meds = await repo.medicinesToPlan(db, due, o.limit ?? BATCH, o.prescriptionId);
  if (meds.length === 0) return { medicines: 0, doses: 0 };
  const rows: repo.NewIntake[] = [];
  const done: string[] = [];
  for (const m of meds) {
    const from = m.planned_until && m.planned_until > now ? m.planned_until : now;
    rows.push(...plannedIntakes(m, from, until));
    const tz = tzOrDefault(m.timezone);
    const s = scheduleOf(m, m.rx_start, m.rx_end, tz);
    // The schedule's last day is before the horizon's: nothing more will ever be planned.
    const last = s ? scheduleLastDate(s) : '';
    if (last !== null && last < localDate(until, tz)) done.push(m.id);
  }
  const n = await repo.insertIntakes(db, rows);
  await repo.setPlanned(
    db,
    meds.map((m) => m.id),
    until,
  );
  await repo.setPlanDone(db, done);
  return { medicines: meds.length, doses: n };
}

// ---------------------------------------------------------------- notifications

function doseItems(rows: repo.DueNotice[], kind: 'dose' | 'prealarm'): Map<string, OutboxItem[]> {
  const byTenant = new Map<string, OutboxItem[]>();
  for (const r of rows) {
    if (!r.user_id) continue; // a patient without the app: nobody to remind
    const tz = tzOrDefault(r.timezone);
    const vars = {
      medicine: r.medicine_name,
      dose: r.dose,
      unit: r.dose_unit,
      when: r.when_taken,
      dueAt: r.due_at,
      label: r.time_label,
    };
    const t = kind === 'dose' ? doseNotificationText(r.language, tz, vars) : preAlarmText(r.language, tz, vars);
    // A snoozed dose is a new notification (its own key); a retried sweep is not.
    const round = kind === 'dose' ? (r.snoozed_until ? `snooze:${r.snoozed_until.toISOString()}` : 'due') : 'prealarm';
    const list = byTenant.get(r.tenant_id) ?? [];
    for (const channel of ['in_app', 'push'] as const) {
      list.push({
        dedupeKey: `medication:${r.id}:${round}:${channel}`,
        channel,
        alertId: null,
        recipientUserId: r.user_id,
        recipientPhone: null,
        recipientEmail: null,
        template: `medication.${kind}`,
        payload: { type: 'medication', kind, title: t.title, body: t.body, patientId: r.patient_id, intakeId: r.id },
      });
    }
    byTenant.set(r.tenant_id, list);
  }
  return byTenant;
}

async function enqueueAll(db: Db, byTenant: Map<string, OutboxItem[]>, now: Date): Promise<number> {
  let n = 0;
  for (const [tenantId, items] of byTenant) {
    for (let i = 0; i < items.length; i += 2000)
      n += await enqueueDeliveries(db, tenantId, items.slice(i, i + 2000), now);
  }
  return n;
}

/**
 * Sends the dose notifications (and pre-alarms) due at `now`, batch by batch, each batch in one transaction.
 * `more`: stopped by the time budget with work left. `onBatch` sees each committed batch (the benchmark times them).
 */
export async function sendDueNotifications(
  db: Db,
  now: Date,
  budgetEnd = Infinity,
  onBatch?: (rows: repo.DueNotice[]) => void,
): Promise<{ sent: number; more: boolean }> {
  let sent = 0;
  for (const kind of ['dose', 'prealarm'] as const) {
    for (;;) {
      const rows = await db.tx(async (tx) => {
        const claimed =
          kind === 'dose'
            ? await repo.claimDueNotifications(tx, now, BATCH)
            : await repo.claimDuePrealarms(tx, now, BATCH);
        await enqueueAll(tx, doseItems(claimed, kind), now);
        return claimed;
      });
      onBatch?.(rows);
      sent += rows.length;
      if (rows.length < BATCH) break;
      if (Date.now() > budgetEnd) return { sent, more: true };
    }
  }
  return { sent, more: false };
}

// ---------------------------------------------------------------- missed doses

const stateOfRow = (r: Pick<repo.IntakeRow, 'due_at' | 'action' | 'action_at'>, now: Date): IntakeState =>
  intakeState(r.due_at, r.action && r.action_at ? { action: r.action, at: r.action_at } : null, now);

/**
 * After a dose of a scheduled medicine settles as missed (skipped, or unconfirmed past the window): when it makes a
 * run of at least the patient's threshold of consecutive missed doses of that medicine, the emergency and caring
 * contacts are told (in-app and push, SMS when the patient's alert settings allow), once per run — the run is named
 * by its first missed dose (unique) — and the notice is kept as a closed `missed_dose` alert whose trail lists each
 * notification. On-demand medicines have no planned doses, so they never count.
 */
export async function checkMissedRun(
  db: Db,
  tenantId: string,
  patientId: string,
  medKey: string,
  now: Date,
  upTo: Date = now,
): Promise<boolean> {
  const patient = await repo.patientForRx(db, tenantId, patientId);
  if (!patient) return false;
  const threshold = patient.missed_dose_threshold;
  const recent = (await repo.recentOfMedicine(db, tenantId, patientId, medKey, upTo, threshold + 10)).reverse();
  const states = recent.map((r) => stateOfRow(r, now));
  const run = trailingMissed(states);
  const settledCount = states.filter((s) => s !== 'to_take').length;
  // A run as long as everything read may be longer still: it crossed the threshold long ago and was told then.
  if (run < threshold || (run >= settledCount && recent.length >= threshold + 10)) return false;
  const settled = recent.filter((_, i) => states[i] !== 'to_take');
  const first = settled[settled.length - run]!;
  const last = settled[settled.length - 1]!;
  const noticeId = newId(now.getTime());
  if (
    !(await repo.insertMissedNotice(db, tenantId, {
      id: noticeId,
      patientId,
      medKey,
      firstIntakeId: first.id,
      lastIntakeId: last.id,
      missed: run,
      now,
    }))
  )
    return false;
  const alertId = await recordMissedDoseAlert(db, tenantId, {
    patientId,
    now,
    detail: `missed_dose:${run}:${last.medicine_name}`,
  });
  await repo.setNoticeAlert(db, tenantId, noticeId, alertId);
  const ref = await patientRef(db, tenantId, patientId);
  const settings = ref?.settings;
  const minutes = localMinutesAt(now, tzOrDefault(patient.timezone));
  const items: OutboxItem[] = [];
  for (const r of await escalationRecipients(db, tenantId, patientId, patient.language)) {
    const lang = patient.language;
    const t = missedDoseText(lang, {
      patientName: personName({ firstName: patient.first_name, lastName: patient.last_name }, lang ?? 'en'),
      medicine: last.medicine_name,
      missed: run,
    });
    const recipient = r.userId ?? r.contactId;
    for (const channel of ['in_app', 'push', 'sms'] as const) {
      if (!r.channels.includes(channel)) continue;
      if (
        settings &&
        !allowNotification({ channel, audience: 'followers', tier: 'at_risk', template: 'at_risk' }, settings, minutes)
      )
        continue;
      items.push({
        // The alert-style key (alert:<id>:<tier>:<template>:<recipient>:<channel>) lets the alert page show the provider's answer.
        dedupeKey: `alert:${alertId}:at_risk:missed_dose:${recipient}:${channel}`,
        channel,
        alertId,
        recipientUserId: channel === 'sms' ? null : r.userId,
        recipientPhone: channel === 'sms' ? r.phone : null,
        recipientEmail: null,
        template: 'medication.missed',
        payload: {
          type: 'medication_missed',
          title: t.title,
          body: t.body,
          text: t.text,
          patientId,
          recipientName: r.name,
          level: 'at_risk',
          missed: run,
        },
      });
    }
  }
  await enqueueDeliveries(db, tenantId, items, now);
  return true;
}

/** Unanswered doses past the confirmation window settle as unconfirmed; each medicine touched is checked once. */
export async function settleDue(db: Db, now: Date, budgetEnd = Infinity): Promise<{ settled: number; more: boolean }> {
  const before = new Date(now.getTime() - INTAKE_WINDOWS.confirmWindowMinutes * MINUTE_MS);
  let total = 0;
  for (;;) {
    const n = await db.tx(async (tx) => {
      const rows = await repo.settleUnanswered(tx, now, before, BATCH);
      const keys = new Map<string, { tenantId: string; patientId: string; medKey: string }>();
      for (const r of rows)
        keys.set(`${r.tenant_id}:${r.patient_id}:${r.med_key}`, {
          tenantId: r.tenant_id,
          patientId: r.patient_id,
          medKey: r.med_key,
        });
      for (const k of keys.values()) await checkMissedRun(tx, k.tenantId, k.patientId, k.medKey, now);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return { settled: total, more: false };
    if (Date.now() > budgetEnd) return { settled: total, more: true };
  }
}

// ---------------------------------------------------------------- the sweeper job

/** Runs one sweep: plan, notify, settle. `more`: the time budget ran out with work left (the next sweep runs at once). */
export async function sweep(
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<{ planned: number; sent: number; settled: number; more: boolean }> {
  const now = deps.clock.now();
  // Date.now() here bounds the wall time one sweep may take (not a rule of the domain: the injected clock decides what is due).
  const budgetEnd = Date.now() + SWEEP_BUDGET_MS;
  // Notifications first: they are what is late when a sweep is slow.
  const sent = await sendDueNotifications(deps.db, now, budgetEnd);
  let planned = 0;
  let planMore = false;
  for (;;) {
    const n = await deps.db.tx((tx) => planDoses(tx, now));
    planned += n.doses;
    if (n.medicines === 0) break;
    if (Date.now() > budgetEnd) {
      planMore = true;
      break;
    }
  }
  const settled = await settleDue(deps.db, now, budgetEnd);
  return { planned, sent: sent.sent, settled: settled.settled, more: sent.more || planMore || settled.more };
}

/** Starts the sweeper chain when none is pending or running (after writing a prescription; at server start). */
export async function ensureMedicationSweep(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    SWEEP_JOB,
  ]);
  if (live.length > 0) return;
  const at = new Date(deps.clock.now().getTime() + SWEEP_SECONDS * 1000);
  await scheduleJob(deps, { kind: SWEEP_JOB, runAt: at, payload: {}, dedupeKey: `${SWEEP_JOB}:${newId()}` });
}

export const MEDICATION_JOBS: JobHandlers = {
  [SWEEP_JOB]: async (deps, job) => {
    const r = await sweep(deps);
    await repo.pruneSweepRuns(deps.db, SWEEP_JOB, new Date(deps.clock.now().getTime() - HOUR_MS));
    // The next sweep: at once when this one left work; otherwise SWEEP_SECONDS on (a late one catches up: it takes everything due).
    const now = deps.clock.now().getTime();
    const next = new Date(r.more ? now : Math.max(now, new Date(job.run_at).getTime()) + SWEEP_SECONDS * 1000);
    await scheduleJob(deps, { kind: SWEEP_JOB, runAt: next, payload: {}, dedupeKey: `${SWEEP_JOB}:${newId()}` });
  },
};
