import {
  DEFAULT_CONFIRM_SECONDS,
  type TAlertLevel,
  type TAlertStatus,
  type TAudience,
  type TLocation,
  type TNotifyChannel,
  type TSosMessage,
} from '@carewatch/contracts/alerts';

/**
 * Escalation of one alert (issue 5), as a pure state machine: `step(state, event)` returns the new state and the
 * effects the server persists in the same transaction (outbox). Time is injected: every event carries `at` (epoch ms)
 * and timers are effects the server stores durably and feeds back as `timer` events when due (late or repeated timer
 * events are harmless: a timer that no longer matches the state is ignored). The state is plain JSON.
 *
 * Phases:
 * - `idle`: no alert yet (a new machine); a non-normal reading or the SOS button opens it.
 * - `at_risk`: patient and following staff notified (staff who snoozed are left out).
 * - `high_risk_waiting`: the patient is asked to confirm; a `high_risk_confirm` timer is due `confirmSeconds` later.
 * - `high_risk_escalated`: nobody acted in time: followers got an SMS (and a call when the patient's settings allow it).
 * - `paused`: the patient answered "I am fine": no SMS, high-risk (and milder) readings stay silent until the values
 *   return to normal (which closes the alert). An SOS-level reading still escalates.
 * - `sos`: followers called and texted, staff alerted, an SOS case opened for customer care (once per alert).
 * - `acknowledged`: a staff user acknowledged: readings at or below the acknowledged level do not re-fire; a more
 *   severe level does. The acknowledgement holds for `ackTimeoutSeconds` (the "alert valid time"); when it times out
 *   and the alert is still open, the current tier fires again (a new round).
 * - `closed`: terminal; every event is refused and no effect is ever produced.
 */
export const ESCALATION_PHASES = [
  'idle',
  'at_risk',
  'high_risk_waiting',
  'high_risk_escalated',
  'paused',
  'sos',
  'acknowledged',
  'closed',
] as const;
export type EscalationPhase = (typeof ESCALATION_PHASES)[number];
export type AbnormalLevel = Exclude<TAlertLevel, 'normal'>;
export type TimerKind = 'high_risk_confirm' | 'ack_timeout';
export type AlertSource = 'reading' | 'sos_button' | 'send_sos';

export type EscalationConfig = {
  /** Seconds the patient has to answer a high-risk prompt (spec §9: 15, adjustable per patient). */
  confirmSeconds: number;
  /** How long a staff acknowledgement holds before the alert fires again if still open. */
  ackTimeoutSeconds: number;
};
export const DEFAULT_ACK_TIMEOUT_SECONDS = 30 * 60;
export const DEFAULT_ESCALATION_CONFIG: EscalationConfig = {
  confirmSeconds: DEFAULT_CONFIRM_SECONDS,
  ackTimeoutSeconds: DEFAULT_ACK_TIMEOUT_SECONDS,
};

export type AlertState = {
  phase: EscalationPhase;
  /** Highest level reached (the alert's level). */
  level: TAlertLevel;
  /** Level of the latest reading (or `sos` after a manual SOS). */
  current: TAlertLevel;
  source: AlertSource | null;
  /** Notification round: 1 on open, +1 on every re-trigger; part of the outbox deduplication key. */
  round: number;
  openedAt: number | null;
  /** Due time of the high-risk confirmation timer while waiting. */
  confirmDeadline: number | null;
  /** Due time of the acknowledgement timeout while acknowledged. */
  ackUntil: number | null;
  acknowledgedLevel: TAlertLevel | null;
  /** "I am fine" answered: high-risk firing stays paused until the alert closes. */
  highRiskPaused: boolean;
  /** A manual SOS (button or "Send SOS"): readings back to normal do not close the alert, staff do. */
  manualSos: boolean;
  sosCaseOpened: boolean;
  /** Follower (staff user) id → end of their at-risk snooze (epoch ms). */
  snoozes: Record<string, number>;
  config: EscalationConfig;
  /**
   * Measurement time (epoch ms) of the newest reading this alert has seen. An older reading arriving later (an offline
   * sync, a retried batch) may still raise the alert but never lowers or closes it. Absent in states stored before it
   * existed: then every reading counts as new.
   */
  lastMeasuredAt?: number | null;
};

export type EscalationEvent =
  /** `measuredAt`: when the reading was taken (epoch ms); `at`: when it is evaluated. */
  | { type: 'reading'; at: number; level: TAlertLevel; measuredAt?: number }
  | { type: 'timer'; at: number; kind: TimerKind }
  | { type: 'i_am_fine'; at: number }
  | { type: 'send_sos'; at: number }
  | { type: 'sos_button'; at: number; isMainUser: boolean; message: TSosMessage | null; location: TLocation | null }
  | { type: 'ack'; at: number; by: string }
  | { type: 'snooze'; at: number; by: string; until: number }
  | { type: 'close'; at: number; by: string | null };

/** Message kinds; the server renders them (i18n) per recipient. */
export const NOTIFY_TEMPLATES = [
  'at_risk',
  'high_risk_confirm',
  'high_risk',
  'high_risk_sms',
  'high_risk_escalated',
  'patient_fine',
  'sos',
  'sos_button',
  'send_sos',
] as const;
export type NotifyTemplate = (typeof NOTIFY_TEMPLATES)[number];
export type NotifyEffect = {
  type: 'notify';
  channel: TNotifyChannel;
  audience: TAudience;
  tier: AbnormalLevel;
  round: number;
  template: NotifyTemplate;
  /** Recipients to leave out (followers who snoozed an at-risk alert; always empty above at risk). */
  exclude: string[];
};
export type EscalationEffect =
  | NotifyEffect
  | { type: 'scheduleTimer'; kind: TimerKind; at: number }
  | { type: 'cancelTimer'; kind: TimerKind }
  | {
      type: 'openSosCase';
      reason: 'sos_level' | 'sos_button' | 'send_sos';
      message: TSosMessage | null;
      location: TLocation | null;
    }
  /** This alert's level for the patient's status (the server keeps the worst over the patient's open alerts). */
  | { type: 'setPatientStatus'; level: TAlertLevel };

export type RejectReason =
  'CLOSED' | 'NO_ALERT' | 'SUB_PROFILE' | 'NO_PENDING_PROMPT' | 'ONLY_AT_RISK' | 'STALE_TIMER' | 'INVALID_EVENT';
export type Transition = { state: AlertState; effects: EscalationEffect[]; rejected: RejectReason | null };

const RANK: Record<TAlertLevel, number> = { normal: 0, at_risk: 1, high_risk: 2, sos: 3 };

/** A fresh machine (phase `idle`). Missing config values take the defaults; they are clamped to sane bounds. */
export function initialAlertState(config: Partial<EscalationConfig> = {}): AlertState {
  const confirmSeconds = clamp(config.confirmSeconds ?? DEFAULT_ESCALATION_CONFIG.confirmSeconds, 1, 3600);
  const ackTimeoutSeconds = clamp(
    config.ackTimeoutSeconds ?? DEFAULT_ESCALATION_CONFIG.ackTimeoutSeconds,
    1,
    7 * 24 * 3600,
  );
  return {
    phase: 'idle',
    level: 'normal',
    current: 'normal',
    source: null,
    round: 0,
    openedAt: null,
    confirmDeadline: null,
    ackUntil: null,
    acknowledgedLevel: null,
    highRiskPaused: false,
    manualSos: false,
    sosCaseOpened: false,
    snoozes: {},
    config: { confirmSeconds, ackTimeoutSeconds },
    lastMeasuredAt: null,
  };
}
const clamp = (v: number, min: number, max: number) => (Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : min);

/** Alert status of the contract (`ZAlertStatus`) for a state. */
export function alertStatusOf(s: AlertState): TAlertStatus {
  if (s.phase === 'closed') return 'closed';
  if (s.phase === 'acknowledged') return 'acknowledged';
  if (s.phase === 'paused') return 'suppressed';
  return 'open';
}

/** Outbox deduplication key of one delivery: (alert, tier, round, template, recipient, channel). */
export const deliveryKey = (alertId: string, e: NotifyEffect, recipientId: string): string =>
  `${alertId}:${e.tier}:${e.round}:${e.template}:${recipientId}:${e.channel}`;

const notify = (
  s: AlertState,
  channel: TNotifyChannel,
  audience: TAudience,
  tier: AbnormalLevel,
  template: NotifyTemplate,
  exclude: string[] = [],
): NotifyEffect => ({ type: 'notify', channel, audience, tier, round: s.round, template, exclude });

/** Ids of followers whose at-risk snooze is still running at `at`. */
const snoozedAt = (s: AlertState, at: number): string[] =>
  Object.keys(s.snoozes)
    .filter((k) => s.snoozes[k]! > at)
    .sort();

/** Timers to cancel when leaving the current phase. */
function cancelPending(s: AlertState): EscalationEffect[] {
  const out: EscalationEffect[] = [];
  if (s.confirmDeadline !== null) out.push({ type: 'cancelTimer', kind: 'high_risk_confirm' });
  if (s.ackUntil !== null) out.push({ type: 'cancelTimer', kind: 'ack_timeout' });
  return out;
}
const cleared = (s: AlertState): AlertState => ({
  ...s,
  confirmDeadline: null,
  ackUntil: null,
  acknowledgedLevel: null,
});

/** Fires a tier: the effects of entering it. `s` already carries the new round and levels. */
function fireTier(
  s: AlertState,
  tier: AbnormalLevel,
  at: number,
  sos: { reason: 'sos_level' | 'sos_button' | 'send_sos'; message: TSosMessage | null; location: TLocation | null },
): Transition {
  const effects = cancelPending(s);
  const base = cleared(s);
  if (tier === 'sos') {
    const template: NotifyTemplate = sos.reason === 'sos_level' ? 'sos' : sos.reason;
    effects.push(
      notify(s, 'call', 'followers', 'sos', template),
      notify(s, 'sms', 'followers', 'sos', template),
      notify(s, 'in_app', 'staff', 'sos', template),
      notify(s, 'push', 'staff', 'sos', template),
      notify(s, 'in_app', 'customer_care', 'sos', template),
      notify(s, 'in_app', 'patient', 'sos', template),
    );
    if (!s.sosCaseOpened)
      effects.push({ type: 'openSosCase', reason: sos.reason, message: sos.message, location: sos.location });
    effects.push({ type: 'setPatientStatus', level: 'sos' });
    return { state: { ...base, phase: 'sos', sosCaseOpened: true }, effects, rejected: null };
  }
  if (tier === 'high_risk') {
    if (s.highRiskPaused)
      return {
        state: { ...base, phase: 'paused' },
        effects: [...effects, { type: 'setPatientStatus', level: s.level }],
        rejected: null,
      };
    const deadline = at + s.config.confirmSeconds * 1000;
    effects.push(
      notify(s, 'in_app', 'patient', 'high_risk', 'high_risk_confirm'),
      notify(s, 'push', 'patient', 'high_risk', 'high_risk_confirm'),
      notify(s, 'in_app', 'staff', 'high_risk', 'high_risk'),
      notify(s, 'push', 'staff', 'high_risk', 'high_risk'),
      { type: 'scheduleTimer', kind: 'high_risk_confirm', at: deadline },
      { type: 'setPatientStatus', level: s.level },
    );
    return { state: { ...base, phase: 'high_risk_waiting', confirmDeadline: deadline }, effects, rejected: null };
  }
  const exclude = snoozedAt(s, at);
  effects.push(
    notify(s, 'in_app', 'patient', 'at_risk', 'at_risk'),
    notify(s, 'push', 'patient', 'at_risk', 'at_risk'),
    notify(s, 'in_app', 'staff', 'at_risk', 'at_risk', exclude),
    notify(s, 'push', 'staff', 'at_risk', 'at_risk', exclude),
    { type: 'setPatientStatus', level: s.level },
  );
  return { state: { ...base, phase: 'at_risk' }, effects, rejected: null };
}

const none = (state: AlertState, rejected: RejectReason | null = null): Transition => ({
  state,
  effects: [],
  rejected,
});
const validTime = (at: number) => Number.isFinite(at);

function close(s: AlertState): Transition {
  return {
    state: { ...cleared(s), phase: 'closed', current: 'normal', snoozes: {} },
    effects: [...cancelPending(s), { type: 'setPatientStatus', level: 'normal' }],
    rejected: null,
  };
}

/** Manual SOS (button or "Send SOS"): always calls and texts followers; a new round when already in SOS. */
function manualSos(
  s: AlertState,
  at: number,
  reason: 'sos_button' | 'send_sos',
  message: TSosMessage | null,
  location: TLocation | null,
): Transition {
  const open = s.phase === 'idle';
  const next: AlertState = {
    ...s,
    level: 'sos',
    current: 'sos',
    manualSos: true,
    // Followers are called again on every manual SOS: a new round once this alert has already been at SOS.
    source: s.source ?? reason,
    openedAt: s.openedAt ?? at,
    round: open ? 1 : s.sosCaseOpened ? s.round + 1 : s.round,
  };
  return fireTier(next, 'sos', at, { reason, message, location });
}

/** Applies one event. Never throws for a well-typed event; refused events leave the state unchanged with a reason. */
export function step(s: AlertState, e: EscalationEvent): Transition {
  if (!validTime(e.at)) return none(s, 'INVALID_EVENT');
  if (s.phase === 'closed') return none(s, 'CLOSED');
  const noSos = { reason: 'sos_level' as const, message: null, location: null };

  switch (e.type) {
    case 'reading': {
      const measured = e.measuredAt !== undefined && Number.isFinite(e.measuredAt) ? e.measuredAt : null;
      if (s.phase === 'idle') {
        if (e.level === 'normal') return none(s);
        const opened: AlertState = {
          ...s,
          level: e.level,
          current: e.level,
          source: 'reading',
          round: 1,
          openedAt: e.at,
          lastMeasuredAt: measured,
        };
        return fireTier(opened, e.level, e.at, noSos);
      }
      const last = s.lastMeasuredAt ?? null;
      // Older than what the alert already saw: it may raise the alert (a late SOS still counts), never lower or close it.
      const stale = measured !== null && last !== null && measured < last;
      const seen = stale ? last : (measured ?? last);
      // Values back to normal close the alert, except a manual SOS (closed by staff).
      if (e.level === 'normal') return s.manualSos || stale ? none(s) : close({ ...s, lastMeasuredAt: seen });
      const current: AbnormalLevel = e.level;
      const raised = RANK[current] > RANK[s.level];
      const level = raised ? current : s.level;
      const next: AlertState = {
        ...s,
        level,
        current: s.manualSos || stale ? s.current : current,
        lastMeasuredAt: seen,
      };
      if (s.phase === 'acknowledged') {
        // No re-fire at or below the acknowledged level; a more severe level fires (SOS is never silenced).
        if (raised) return fireTier(next, current, e.at, noSos);
        return none(next);
      }
      if (!raised) return none(next);
      // Paused ("I am fine"): only SOS breaks through; fireTier keeps high risk paused.
      return fireTier(next, current, e.at, noSos);
    }
    case 'timer': {
      if (e.kind === 'high_risk_confirm') {
        if (s.phase !== 'high_risk_waiting' || s.confirmDeadline === null || e.at < s.confirmDeadline)
          return none(s, 'STALE_TIMER');
        return {
          state: { ...s, phase: 'high_risk_escalated', confirmDeadline: null },
          // The call goes out only when the patient turned on "automatic call" (the server filters it by the patient's
          // alert settings, `@carewatch/clinical/alert-settings`), as the SMS needs "SMS" on.
          effects: [
            notify(s, 'sms', 'followers', 'high_risk', 'high_risk_sms'),
            notify(s, 'call', 'followers', 'high_risk', 'high_risk_sms'),
            notify(s, 'in_app', 'staff', 'high_risk', 'high_risk_escalated'),
          ],
          rejected: null,
        };
      }
      if (s.phase !== 'acknowledged' || s.ackUntil === null || e.at < s.ackUntil) return none(s, 'STALE_TIMER');
      // Acknowledgement timed out with the alert still open: fire the current tier again, in a new round.
      const tier: AbnormalLevel = s.current === 'normal' ? (s.level === 'normal' ? 'at_risk' : s.level) : s.current;
      return fireTier({ ...s, round: s.round + 1, ackUntil: null }, tier, e.at, noSos);
    }
    case 'i_am_fine': {
      if (s.phase === 'high_risk_waiting' || s.phase === 'high_risk_escalated') {
        return {
          state: { ...cleared(s), phase: 'paused', highRiskPaused: true },
          effects: [...cancelPending(s), notify(s, 'in_app', 'staff', 'high_risk', 'patient_fine')],
          rejected: null,
        };
      }
      if (s.phase === 'acknowledged' && s.current === 'high_risk' && !s.manualSos)
        return none({ ...s, highRiskPaused: true });
      return none(s, s.phase === 'idle' ? 'NO_ALERT' : 'NO_PENDING_PROMPT');
    }
    case 'send_sos':
      if (s.phase === 'idle') return none(s, 'NO_ALERT');
      return manualSos(s, e.at, 'send_sos', null, null);
    case 'sos_button':
      // SOS is for the main user only, never a sub-profile (spec §4).
      if (!e.isMainUser) return none(s, 'SUB_PROFILE');
      return manualSos(s, e.at, 'sos_button', e.message, e.location);
    case 'ack': {
      if (s.phase === 'idle') return none(s, 'NO_ALERT');
      if (s.phase === 'acknowledged') return none(s);
      const ackUntil = e.at + s.config.ackTimeoutSeconds * 1000;
      return {
        state: { ...cleared(s), phase: 'acknowledged', acknowledgedLevel: s.level, ackUntil },
        effects: [...cancelPending(s), { type: 'scheduleTimer', kind: 'ack_timeout', at: ackUntil }],
        rejected: null,
      };
    }
    case 'snooze': {
      if (s.phase === 'idle') return none(s, 'NO_ALERT');
      // Only at-risk alerts can be snoozed; nothing silences high risk or SOS.
      if (s.level !== 'at_risk' || !validTime(e.until) || e.until <= e.at)
        return none(s, s.level !== 'at_risk' ? 'ONLY_AT_RISK' : 'INVALID_EVENT');
      return none({ ...s, snoozes: { ...s.snoozes, [e.by]: Math.max(e.until, s.snoozes[e.by] ?? 0) } });
    }
    case 'close':
      if (s.phase === 'idle') return none(s, 'NO_ALERT');
      return close(s);
  }
}

/** Applies events in order, collecting every effect (tests, replays). */
export function run(
  s: AlertState,
  events: readonly EscalationEvent[],
): { state: AlertState; effects: EscalationEffect[]; steps: Transition[] } {
  const steps: Transition[] = [];
  let state = s;
  for (const e of events) {
    const t = step(state, e);
    steps.push(t);
    state = t.state;
  }
  return { state, effects: steps.flatMap((t) => t.effects), steps };
}
