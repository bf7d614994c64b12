import { personName } from '@carewatch/contracts/names';
import {
  type TAlertLevel,
  type TAlertRule,
  type TAlertSettings,
  type TAlertStatus,
  type TAlertSummary,
  type TAlertTrailEntry,
  type TRealtimeEvent,
  type TThresholdIndex,
} from '@carewatch/contracts/alerts';
import { isHistoricImport, type TMetric } from '@carewatch/contracts/vitals';
import type { TPatientStatus } from '@carewatch/contracts/patients';
import { evaluate, levelRank, worstLevel, type Evaluation } from '@carewatch/clinical/thresholds';
import { DEFAULT_TIME_ZONE, localMinutesAt, suppressReason } from '@carewatch/clinical/alert-settings';
import {
  alertStatusOf,
  deliveryKey,
  initialAlertState,
  step,
  type AlertState,
  type EscalationEffect,
  type EscalationEvent,
  type NotifyEffect,
  type Transition,
} from '@carewatch/clinical/escalation';
import type { Deps, ReadingsBatch, ReadingsHandler } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { escalationRecipients } from '../contacts/contacts.service.ts';
import { changePatientStatus } from '../patients/patients.service.ts';
import { closeTicketForSos, openTicketForSos } from '../tickets/tickets.service.ts';
import { emitAlertWebhooks } from '../webhooks/webhooks.outbox.ts';
import * as repo from './alerts.repo.ts';
import { engineContextCache } from './engine-cache.ts';
import { effectiveThresholds, patientContext } from './thresholds.service.ts';
import { settingsOf } from './alert-settings.service.ts';

export const ALERT_TIMER_JOB = 'alerts.timer';
export const timerKey = (alertId: string, kind: string) => `alert:${alertId}:${kind}`;

export type PatientRef = {
  id: string;
  userId: string | null;
  name: string;
  code: string | null;
  phone: string | null;
  /** The name's parts: each reader writes it in their own language's convention (contracts/names.ts). */
  firstName: string;
  lastName: string;
  /** Alert settings (patient-app §3) that filter notifications to the patient and followers. */
  settings: TAlertSettings;
  /** The patient account's time zone (for the alert valid time); the home zone without an account. */
  timeZone: string;
  /** The patient account's language; null without an account. */
  language: string | null;
};
export const patientRefOf = (r: repo.PatientAlertRow): PatientRef => ({
  id: r.id,
  userId: r.user_id,
  name: personName({ firstName: r.first_name, lastName: r.last_name }, r.language),
  code: r.patient_code,
  phone: r.phone ?? null,
  firstName: r.first_name,
  lastName: r.last_name,
  settings: settingsOf(r),
  timeZone: r.timezone ?? DEFAULT_TIME_ZONE,
  language: r.language,
});

/** An alert being changed in a transaction: its row (kept in step with the machine's state) and whether it is new. */
export type AlertRecord = {
  row: repo.AlertRow;
  isNew: boolean;
  prevLevel: TAlertLevel;
  prevStatus: TAlertStatus | null;
};

export const stateOf = (row: repo.AlertRow): AlertState => row.state as unknown as AlertState;

export function newAlertRecord(
  tenantId: string,
  patientId: string,
  opts: {
    metric: TMetric | null;
    source: 'reading' | 'sos_button' | 'send_sos';
    confirmSeconds: number | null;
    now: Date;
  },
): AlertRecord {
  const state = initialAlertState(opts.confirmSeconds === null ? {} : { confirmSeconds: opts.confirmSeconds });
  return {
    isNew: true,
    prevLevel: 'normal',
    prevStatus: null,
    row: {
      id: newId(opts.now.getTime()),
      tenant_id: tenantId,
      patient_id: patientId,
      metric: opts.metric,
      idx: null,
      level: 'normal',
      status: 'open',
      source: opts.source,
      value: null,
      rule: null,
      state: state as unknown as Record<string, unknown>,
      opened_at: opts.now,
      acknowledged_at: null,
      acknowledged_by: null,
      closed_at: null,
      sos_case_id: null,
      updated_at: opts.now,
    },
  };
}
export const existingRecord = (row: repo.AlertRow): AlertRecord => ({
  row,
  isNew: false,
  prevLevel: row.level as TAlertLevel,
  prevStatus: row.status as TAlertStatus,
});

export function toSummary(
  row: repo.AlertRow,
  p: { name: string; code: string | null; firstName?: string; lastName?: string },
): TAlertSummary {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    patientId: row.patient_id,
    level: row.level as TAlertLevel,
    status: row.status as TAlertStatus,
    source: row.source as TAlertSummary['source'],
    metric: row.metric as TMetric | null,
    index: row.idx as TThresholdIndex | null,
    value: row.value,
    rule: row.rule as TAlertRule | null,
    openedAt: iso(row.opened_at)!,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    closedAt: iso(row.closed_at),
    sosCaseId: row.sos_case_id,
    patientName: p.name,
    patientCode: p.code,
    ...(p.firstName !== undefined ? { patientFirstName: p.firstName, patientLastName: p.lastName ?? '' } : {}),
  };
}

type Recipient = {
  id: string;
  name: string;
  userId: string | null;
  phone: string | null;
  email: string | null;
  /** Followers: the channels they are reachable on. */ channels?: string[];
};
type SosDraft = {
  id: string;
  alert: repo.AlertRow;
  reason: 'sos_level' | 'sos_button' | 'send_sos';
  message: unknown;
  location: unknown;
};
type JobOp = { op: 'schedule'; key: string; alertId: string; kind: string; at: number } | { op: 'cancel'; key: string };
/** Canonical unit of each threshold index, shown in alert texts (values are stored in these units). */
const INDEX_UNIT: Record<TThresholdIndex, string> = {
  heart_rate: 'bpm',
  hrv: 'ms',
  systolic: 'mmHg',
  diastolic: 'mmHg',
  spo2: '%',
  temperature: '°C',
  blood_glucose: 'mmol/L',
  respiratory_rate: 'breaths/min',
  qtc: 'ms',
  weight: 'kg',
};
type SosDetails = { message: unknown; location: unknown };

/**
 * The data the delivery templates (`delivery/delivery.templates.ts`, en + vi) read; the worker renders it in the
 * recipient's language, so no ready-made title / body / text goes into the payload.
 */
function payloadOf(row: repo.AlertRow, sos: SosDetails | null): Record<string, unknown> {
  const index = row.idx as TThresholdIndex | null;
  const message = sos?.message as { kind?: unknown; choice?: unknown } | null | undefined;
  return {
    index,
    value: row.value,
    unit: index ? (INDEX_UNIT[index] ?? null) : null,
    level: row.level,
    metric: row.metric,
    sosMessage: message && message.kind === 'choice' && typeof message.choice === 'string' ? message.choice : null,
    location: sos?.location ?? null,
  };
}

/**
 * One transaction of the alert engine for one patient: every alert change, its trail, outbox deliveries, timers, SOS
 * cases and tickets, the patient's status and realtime frames are collected by `apply` and written by `flush`, all on
 * the transaction's `db` (the outbox and pg_notify take effect at commit).
 */
export class AlertTx {
  private trail: repo.NewTrail[] = [];
  private seq = 0;
  private items: OutboxItem[] = [];
  private jobs: JobOp[] = [];
  private sos: SosDraft[] = [];
  private events: TRealtimeEvent[] = [];
  private records = new Map<string, AlertRecord>();
  private statusDirty = false;
  private audience = new Map<string, Recipient[]>();
  /** SOS message and location of the current SOS button press (for the texts to followers). */
  private sosDetails: SosDetails | null = null;

  constructor(
    readonly db: Db,
    readonly deps: Pick<Deps, 'clock'>,
    readonly tenantId: string,
    readonly patient: PatientRef,
    readonly now: Date,
  ) {}

  /** Adds a trail entry (`at` defaults to now). */
  note(rec: AlertRecord, e: Omit<TAlertTrailEntry, 'at'> & { at?: string }): void {
    const at = e.at ? new Date(e.at) : this.now;
    this.trail.push({
      id: newId(this.now.getTime()),
      alertId: rec.row.id,
      seq: this.seq++,
      at,
      kind: e.kind,
      entry: { ...e, at: at.toISOString() },
    });
  }

  /** The SOS message and location a following `apply` puts into the texts (an SOS button press). */
  withSosDetails(message: unknown, location: unknown): void {
    this.sosDetails = { message, location };
  }

  /** Applies a machine transition to an alert: state, status, effects. */
  async apply(rec: AlertRecord, t: Transition): Promise<void> {
    const row = rec.row;
    const before = stateOf(row);
    row.state = t.state as unknown as Record<string, unknown>;
    if (t.state.phase === 'idle') return;
    this.records.set(row.id, rec);
    row.level = t.state.level;
    row.status = alertStatusOf(t.state);
    row.updated_at = this.now;
    if (row.status === 'closed' && !row.closed_at) {
      row.closed_at = this.now;
      this.note(rec, { kind: 'closed', level: row.level as TAlertLevel });
    }
    const notifies = t.effects.filter((e): e is NotifyEffect => e.type === 'notify');
    // An SOS case opened by this transition carries the SOS button's message and location: texts of the same step use them.
    const opening = t.effects.find((e) => e.type === 'openSosCase');
    if (opening && opening.type === 'openSosCase' && (opening.message || opening.location))
      this.sosDetails = { message: opening.message, location: opening.location };
    if (
      notifies.length > 0 &&
      (t.state.round !== before.round ||
        t.state.level !== before.level ||
        before.phase === 'idle' ||
        t.state.phase !== before.phase)
    ) {
      const tier = notifies[0]!.tier;
      this.note(rec, {
        kind: t.state.round > 1 && t.state.round !== before.round ? 'retrigger' : 'tier',
        level: tier,
        detail: `round ${t.state.round}`,
      });
    }
    for (const e of t.effects) await this.effect(rec, e);
  }

  private async effect(rec: AlertRecord, e: EscalationEffect): Promise<void> {
    const row = rec.row;
    switch (e.type) {
      case 'notify': {
        const recipients = await this.recipients(e);
        if (recipients.length === 0) return;
        // The patient's alert settings: a notification they turned off is not sent, only recorded on the trail.
        const suppressed = suppressReason(e, this.patient.settings, localMinutesAt(this.now, this.patient.timeZone));
        const data = payloadOf(row, this.sosDetails);
        for (const r of recipients) {
          const recipient = r.name || r.phone;
          if (suppressed) {
            this.note(rec, {
              kind: 'notification',
              level: e.tier,
              channel: e.channel,
              recipient,
              recipientId: r.userId,
              phone: r.phone,
              providerStatus: 'suppressed',
              detail: suppressed,
            });
            continue;
          }
          this.items.push({
            dedupeKey: deliveryKey(row.id, e, r.id),
            channel: e.channel,
            alertId: row.id,
            recipientUserId: r.userId,
            recipientPhone: r.phone,
            recipientEmail: r.email,
            template: `alert.${e.template}`,
            payload: {
              ...data,
              alertId: row.id,
              patientId: this.patient.id,
              patientName: this.patient.name,
              patientCode: this.patient.code,
              tier: e.tier,
              patientFirstName: this.patient.firstName,
              patientLastName: this.patient.lastName,
              audience: e.audience,
              recipientName: r.name,
              sosCaseId: row.sos_case_id,
              // A follower known only by a phone number has no language of their own: family members usually share the
              // patient's, so texts use the patient's language (English when the patient has no account either).
              ...(r.userId === null ? { lang: this.patient.language ?? 'en' } : {}),
            },
          });
          this.note(rec, {
            kind: 'notification',
            level: e.tier,
            channel: e.channel,
            recipient,
            recipientId: r.userId,
            phone: r.phone,
            providerStatus: 'queued',
            detail: `${e.audience}:${e.template}`,
          });
        }
        return;
      }
      case 'scheduleTimer':
        this.jobs.push({ op: 'schedule', key: timerKey(row.id, e.kind), alertId: row.id, kind: e.kind, at: e.at });
        return;
      case 'cancelTimer':
        this.jobs.push({ op: 'cancel', key: timerKey(row.id, e.kind) });
        return;
      case 'openSosCase': {
        const id = newId(this.now.getTime());
        row.sos_case_id = id;
        this.sos.push({ id, alert: row, reason: e.reason, message: e.message, location: e.location });
        this.note(rec, { kind: 'sos_case', level: 'sos', detail: e.reason });
        this.events.push({
          type: 'sos.opened',
          at: this.now.toISOString(),
          sosCaseId: id,
          alertId: row.id,
          patientId: this.patient.id,
          patientName: this.patient.name,
          patientFirstName: this.patient.firstName,
          patientLastName: this.patient.lastName,
          message: e.message,
          location: e.location,
        });
        return;
      }
      case 'setPatientStatus':
        this.statusDirty = true;
        return;
    }
  }

  private async recipients(e: NotifyEffect): Promise<Recipient[]> {
    const key = e.audience;
    let all = this.audience.get(key);
    if (!all) {
      all = await this.loadAudience(e.audience);
      this.audience.set(key, all);
    }
    const excluded = new Set(e.exclude);
    return all
      .filter(
        (r) =>
          !excluded.has(r.id) &&
          (e.channel === 'in_app' || e.channel === 'push'
            ? r.userId !== null
            : e.channel === 'email'
              ? r.email !== null
              : r.phone !== null),
      )
      .filter((r) => !r.channels || r.channels.includes(e.channel));
  }

  private async loadAudience(audience: NotifyEffect['audience']): Promise<Recipient[]> {
    const users = (rows: repo.UserRecipient[]): Recipient[] =>
      rows.map((u) => ({
        id: u.id,
        userId: u.id,
        name: personName({ firstName: u.first_name, lastName: u.last_name }, this.patient.language),
        phone: u.phone,
        email: u.email,
      }));
    switch (audience) {
      case 'patient':
        return this.patient.userId
          ? [
              {
                id: this.patient.userId,
                userId: this.patient.userId,
                name: this.patient.name,
                phone: this.patient.phone,
                email: null,
              },
            ]
          : [];
      case 'staff':
        return users(await repo.staffOf(this.db, this.tenantId, this.patient.id));
      case 'customer_care':
        return users(await repo.customerCare(this.db, this.tenantId));
      case 'followers':
        return (await escalationRecipients(this.db, this.tenantId, this.patient.id, this.patient.language)).map(
          (r) => ({
            id: r.userId ?? r.contactId,
            userId: r.userId,
            name: r.name,
            phone: r.phone,
            email: null,
            channels: [...r.channels],
          }),
        );
    }
  }

  /** Writes everything collected, in foreign-key order, then the patient's status and the realtime frames. */
  async flush(): Promise<void> {
    const { db, tenantId, now } = this;
    const sosClosed: Array<{ sosCaseId: string; alertId: string; patientId: string; outcome: string }> = [];
    for (const rec of this.records.values()) {
      if (rec.isNew) await repo.insertAlert(db, rec.row);
      else await repo.updateAlert(db, rec.row);
      if (rec.row.status === 'closed' && rec.prevStatus !== 'closed') {
        // The alert closed another way than by closing its case (staff closed the alert): the case and ticket end too.
        for (const c of await repo.closeSosCaseOfAlert(db, tenantId, rec.row.id, null, now)) {
          sosClosed.push({ sosCaseId: c.id, alertId: rec.row.id, patientId: this.patient.id, outcome: 'other' });
          if (c.ticket_id)
            await closeTicketForSos(db, tenantId, c.ticket_id, { outcome: 'other', note: null, actorId: null, now });
        }
      }
    }
    for (const s of this.sos) {
      await repo.insertSosCase(db, tenantId, {
        id: s.id,
        patientId: this.patient.id,
        alertId: s.alert.id,
        reason: s.reason,
        message: s.message,
        location: s.location,
        openedAt: now,
      });
      const ticketId = await openTicketForSos(db, tenantId, {
        type: s.reason === 'sos_level' ? 'sos_indicator' : 'sos_call',
        patientId: this.patient.id,
        sosCaseId: s.id,
        alertId: s.alert.id,
        now,
      });
      await repo.setSosTicket(db, tenantId, s.id, ticketId);
    }
    await repo.insertTrail(db, tenantId, this.trail);
    await enqueueDeliveries(db, tenantId, this.items, now);
    // Issue 19: the tenant's webhooks hear of it in the same transaction (webhooks/webhooks.outbox.ts).
    await emitAlertWebhooks(
      db,
      tenantId,
      now,
      [...this.records.values()],
      this.sos.map((s) => ({ sosCaseId: s.id, alertId: s.alert.id, patientId: this.patient.id, reason: s.reason })),
      sosClosed,
    );
    for (const j of this.jobs) {
      if (j.op === 'cancel') await cancelJob({ db }, j.key);
      else
        await scheduleJob(
          { db },
          {
            kind: ALERT_TIMER_JOB,
            runAt: new Date(j.at),
            tenantId,
            dedupeKey: j.key,
            payload: { alertId: j.alertId, kind: j.kind },
          },
        );
    }
    const target = { tenantId, patientId: this.patient.id };
    for (const rec of this.records.values()) {
      const summary = toSummary(rec.row, this.patient);
      const at = now.toISOString();
      if (rec.row.status === 'closed') {
        if (rec.prevStatus !== 'closed' && !rec.isNew)
          await publishEvent(db, target, { type: 'alert.closed', at, alert: summary });
      } else if (rec.isNew) {
        await publishEvent(db, target, { type: 'alert.opened', at, alert: summary });
      } else if (levelRank(rec.row.level as TAlertLevel) > levelRank(rec.prevLevel)) {
        await publishEvent(db, target, { type: 'alert.raised', at, alert: summary, from: rec.prevLevel });
      } else {
        // Answered, escalated, acknowledged…: screens showing it (the app's high-risk prompt) follow at once.
        await publishEvent(db, target, { type: 'alert.updated', at, alert: summary });
      }
    }
    for (const ev of this.events) await publishEvent(db, target, ev);
    if (this.statusDirty) {
      const status: TPatientStatus = worstLevel(
        ...((await repo.openLevels(db, tenantId, this.patient.id)) as TAlertLevel[]),
      );
      if (await changePatientStatus({ db, clock: this.deps.clock }, tenantId, this.patient.id, status, null, 'alert')) {
        await publishEvent(db, target, {
          type: 'patient.status',
          at: now.toISOString(),
          patientId: this.patient.id,
          status,
        });
      }
    }
  }
}

/** Runs `fn` in a transaction holding the patient's row lock (alerts of one patient change one at a time). */
export async function withPatientTx<T>(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  patientId: string,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.tx(async (db) => {
      await repo.lockPatient(db, tenantId, patientId);
      return fn(db);
    });
  } finally {
    // After commit (or rollback): the engine's remembered view of this patient may be out of date.
    engineContextCache.invalidate(tenantId, patientId);
  }
}

/** The patient with their alert settings, time zone and language (feedEvent paths, SOS button, closing a case). */
export async function patientRef(db: Db, tenantId: string, patientId: string): Promise<PatientRef | null> {
  const row = await repo.patientForAlerts(db, tenantId, patientId);
  return row ? patientRefOf(row) : null;
}

/** Feeds one event to an existing alert in its own transaction; returns the transition (rejected ones change nothing). */
export async function feedEvent(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  alertId: string,
  patientId: string,
  event: (row: repo.AlertRow) => EscalationEvent,
  extra?: (rec: AlertRecord, tx: AlertTx, t: Transition) => void,
): Promise<{ t: Transition; row: repo.AlertRow } | null> {
  return withPatientTx(deps, tenantId, patientId, async (db) => {
    const row = await repo.findAlert(db, tenantId, alertId, true);
    if (!row) return null;
    const p = await patientRef(db, tenantId, row.patient_id);
    if (!p) return null;
    const rec = existingRecord(row);
    const t = step(stateOf(row), event(row));
    if (t.rejected) return { t, row };
    const tx = new AlertTx(db, deps, tenantId, p, deps.clock.now());
    extra?.(rec, tx, t);
    await tx.apply(rec, t);
    await tx.flush();
    return { t, row: rec.row };
  });
}

// ---------------------------------------------------------------- the reading handler

type Eval = Evaluation & { measuredAt: Date };

/**
 * The alert engine on the ingest path: evaluates every accepted reading against the patient's thresholds and opens,
 * raises, keeps or closes the patient's alert for that metric. One query per batch when everything is normal and no
 * alert is open; otherwise one short transaction for the whole batch.
 */
export type EngineDeps = Pick<Deps, 'db' | 'clock'> & { config: Pick<Deps['config'], 'alertEngineCacheMs'> };

export async function alertEngine(deps: EngineDeps, batch: ReadingsBatch): Promise<void> {
  const now = deps.clock.now();
  // Issue 19: imported history (an Apple Health export of last year) is stored, never a live alert or SOS.
  const readings = batch.readings
    .filter((r) => !isHistoricImport(r.source, r.measuredAt, now))
    .sort((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime());
  if (readings.length === 0) return;
  /** Evaluates the batch against one view of the patient; the metrics that need the engine (abnormal or with an open alert). */
  const plan = (ctxRow: repo.EnginePatientRow) => {
    const thresholds = effectiveThresholds(ctxRow.thresholds, ctxRow.tenant_thresholds);
    const pctx = patientContext(ctxRow.birthday, ctxRow.gender, now);
    const byMetric = new Map<TMetric, Eval[]>();
    for (const r of readings) {
      const ev = evaluate(r, thresholds, pctx);
      if (!ev) continue;
      const list = byMetric.get(ev.metric) ?? [];
      list.push({ ...ev, measuredAt: r.measuredAt });
      byMetric.set(ev.metric, list);
    }
    const open = new Set(ctxRow.open_metrics);
    return [...byMetric.entries()].filter(([metric, evs]) => open.has(metric) || evs.some((e) => e.level !== 'normal'));
  };
  const load = async () => {
    const epoch = engineContextCache.begin();
    const row = await repo.engineContext(deps.db, batch.tenantId, batch.patientId);
    if (row) engineContextCache.set(batch.tenantId, batch.patientId, row, deps.config.alertEngineCacheMs, epoch);
    return row;
  };
  // The remembered view only decides "nothing to do"; anything else is decided again on a fresh one.
  const remembered = engineContextCache.get(batch.tenantId, batch.patientId, deps.config.alertEngineCacheMs);
  let ctxRow = remembered ?? (await load());
  if (!ctxRow) return;
  let relevant = plan(ctxRow);
  if (relevant.length === 0) return;
  if (remembered) {
    ctxRow = await load();
    if (!ctxRow) return;
    relevant = plan(ctxRow);
    if (relevant.length === 0) return;
  }
  const fresh = ctxRow;

  await withPatientTx(deps, batch.tenantId, batch.patientId, async (db) => {
    const openRows = new Map((await repo.openAlerts(db, batch.tenantId, batch.patientId)).map((r) => [r.metric, r]));
    const patient = patientRefOf(fresh);
    const tx = new AlertTx(db, deps, batch.tenantId, patient, now);
    for (const [metric, evs] of relevant) {
      const existing = openRows.get(metric);
      const fresh = () =>
        newAlertRecord(batch.tenantId, batch.patientId, {
          metric,
          source: 'reading',
          confirmSeconds: patient.settings.confirmSeconds,
          now,
        });
      let rec = existing ? existingRecord(existing) : fresh();
      for (const ev of evs) {
        // A reading abnormal again after the alert closed in this batch opens a new alert.
        if (stateOf(rec.row).phase === 'closed') rec = fresh();
        const before = stateOf(rec.row);
        const t = step(before, {
          type: 'reading',
          at: now.getTime(),
          level: ev.level,
          measuredAt: ev.measuredAt.getTime(),
        });
        if (t.state.phase === 'idle') continue;
        const raised = levelRank(t.state.level) > levelRank(before.level);
        if (raised) {
          rec.row.value = ev.value;
          rec.row.rule = ev.rule as unknown as Record<string, unknown> | null;
          rec.row.idx = ev.index;
        }
        if (raised || t.state.phase === 'closed' || t.effects.length > 0) {
          tx.note(rec, {
            kind: 'reading',
            level: ev.level,
            value: ev.value,
            at: ev.measuredAt.toISOString(),
            detail: metric,
          });
          if (ev.rule) tx.note(rec, { kind: 'rule', level: ev.level, value: ev.value, rule: ev.rule });
        }
        await tx.apply(rec, t);
      }
    }
    await tx.flush();
  });
}

/** The engine plugged into the ingest path (Deps.readingHandlers). */
export const alertsReadingHandler: ReadingsHandler = alertEngine;

// ---------------------------------------------------------------- durable timers

/** The `alerts.timer` job: feeds a due timer (high-risk confirmation, acknowledgement timeout) to its alert. */
export const ALERTS_JOBS: JobHandlers = {
  [ALERT_TIMER_JOB]: async (deps, job) => {
    const alertId = String(job.payload.alertId ?? '');
    const kind = job.payload.kind === 'ack_timeout' ? 'ack_timeout' : 'high_risk_confirm';
    if (!job.tenant_id || !alertId) return;
    const row = await repo.findAlert(deps.db, job.tenant_id, alertId);
    if (!row || row.status === 'closed') return;
    await feedEvent(deps, job.tenant_id, alertId, row.patient_id, () => ({
      type: 'timer',
      at: deps.clock.now().getTime(),
      kind,
    }));
  },
};
