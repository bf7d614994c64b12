import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { ZMetric, type TMetric } from './vitals.ts';

/** Health alert levels (patient-app spec §4), in increasing order of severity. */
export const ALERT_LEVELS = ['normal', 'at_risk', 'high_risk', 'sos'] as const;
export const ZAlertLevel = z.enum(ALERT_LEVELS, 'Invalid alert level');
export type TAlertLevel = z.infer<typeof ZAlertLevel>;
/** Levels that make a threshold tier (everything but `normal`), in increasing order of severity. */
export const THRESHOLD_TIERS = ['atRisk', 'highRisk', 'sos'] as const;
export type TThresholdTier = (typeof THRESHOLD_TIERS)[number];
export const TIER_LEVEL: Record<TThresholdTier, Exclude<TAlertLevel, 'normal'>> = {
  atRisk: 'at_risk',
  highRisk: 'high_risk',
  sos: 'sos',
};

/**
 * Threshold indexes: one per scalar metric that can raise an alert; blood pressure has two (systolic = the reading's
 * `value`, diastolic = its `value2`). Values are in the metric's canonical unit (`CANONICAL_UNIT` of vitals).
 */
export const THRESHOLD_INDEXES = [
  'heart_rate',
  'hrv',
  'systolic',
  'diastolic',
  'spo2',
  'temperature',
  'blood_glucose',
  'respiratory_rate',
  'qtc',
  'weight',
] as const;
export const ZThresholdIndex = z.enum(THRESHOLD_INDEXES, 'Unknown threshold index');
export type TThresholdIndex = z.infer<typeof ZThresholdIndex>;
/** The metric each index is read from. */
export const INDEX_METRIC: Record<TThresholdIndex, TMetric> = {
  heart_rate: 'heart_rate',
  hrv: 'hrv',
  systolic: 'blood_pressure',
  diastolic: 'blood_pressure',
  spo2: 'spo2',
  temperature: 'temperature',
  blood_glucose: 'blood_glucose',
  respiratory_rate: 'respiratory_rate',
  qtc: 'qtc',
  weight: 'weight',
};

/**
 * Plausible range of a threshold level per index (canonical unit, inclusive). Mirrors the reading limits of
 * `@carewatch/clinical/vitals` (`SCALAR_LIMITS`; blood pressure below 300 mmHg; glucose below 300 mg/dL ≈ 16.65 mmol/L)
 * so a level can never lie where no accepted reading can be; a test in clinical keeps the two in step.
 */
export const THRESHOLD_RANGES: Record<TThresholdIndex, { min: number; max: number }> = {
  heart_rate: { min: 30, max: 300 },
  hrv: { min: 1, max: 500 },
  systolic: { min: 1, max: 299 },
  diastolic: { min: 1, max: 299 },
  spo2: { min: 88, max: 100 },
  temperature: { min: 30, max: 45 },
  blood_glucose: { min: 0.1, max: 16.6 },
  respiratory_rate: { min: 5, max: 80 },
  qtc: { min: 200, max: 800 },
  weight: { min: 1, max: 700 },
};

const level = z.number('Invalid number').finite('Invalid number').nullable();
/**
 * Levels of one side. Semantics (used by `@carewatch/clinical/thresholds`):
 * - low side: a value strictly BELOW a level reaches that tier (SpO2 "alert below 92 %");
 * - high side: a value AT OR ABOVE a level reaches that tier (hypertensive crisis "≥ 180/120", QTc "risky ≥ 500").
 * `null` means the tier is not used on that side. The at-risk level is the lower / upper limit of normal.
 */
export const ZThresholdSide = z.object({ atRisk: level, highRisk: level, sos: level });
export type TThresholdSide = z.infer<typeof ZThresholdSide>;

const TIER_NAME: Record<TThresholdTier, string> = { atRisk: 'at-risk', highRisk: 'high-risk', sos: 'SOS' };
/** First non-null level of a side, from the mildest tier (the limit of normal on that side). */
const mildest = (s: TThresholdSide): number | null => s.atRisk ?? s.highRisk ?? s.sos;

/** Adds the ordering and range issues of one threshold, with paths relative to it. */
function checkThreshold(
  t: { index: TThresholdIndex; low: TThresholdSide; high: TThresholdSide; locked: boolean; patientMayEdit: boolean },
  ctx: z.RefinementCtx,
  base: (string | number)[],
): void {
  const range = THRESHOLD_RANGES[t.index];
  for (const side of ['low', 'high'] as const) {
    for (const tier of THRESHOLD_TIERS) {
      const v = t[side][tier];
      if (v !== null && (v < range.min || v > range.max)) {
        ctx.addIssue({
          code: 'custom',
          path: [...base, side, tier],
          message: `Must be between ${range.min} and ${range.max}`,
        });
      }
    }
    // Ordering within a side, comparing each tier with the next non-null milder one.
    let prev: { tier: TThresholdTier; v: number } | null = null;
    for (const tier of THRESHOLD_TIERS) {
      const v = t[side][tier];
      if (v === null) continue;
      if (prev) {
        const ok = side === 'low' ? v <= prev.v : v >= prev.v;
        if (!ok) {
          ctx.addIssue({
            code: 'custom',
            path: [...base, side, tier],
            message:
              side === 'low'
                ? `Low ${TIER_NAME[tier]} level must be at or below the ${TIER_NAME[prev.tier]} level`
                : `High ${TIER_NAME[tier]} level must be at or above the ${TIER_NAME[prev.tier]} level`,
          });
        }
      }
      prev = { tier, v };
    }
  }
  const lowLimit = mildest(t.low);
  const highLimit = mildest(t.high);
  if (lowLimit !== null && highLimit !== null && lowLimit >= highLimit) {
    const tier = THRESHOLD_TIERS.find((k) => t.low[k] !== null) ?? 'atRisk';
    ctx.addIssue({ code: 'custom', path: [...base, 'low', tier], message: 'Low levels must be below the high levels' });
  }
  if (t.locked && t.patientMayEdit) {
    ctx.addIssue({
      code: 'custom',
      path: [...base, 'patientMayEdit'],
      message: 'A locked threshold cannot be editable by the patient',
    });
  }
}

const thresholdShape = z.object({
  index: ZThresholdIndex,
  low: ZThresholdSide,
  high: ZThresholdSide,
  /** Locked by the doctor: the patient is told to contact the doctor to change it (spec §5). */
  locked: z.boolean('Invalid value').default(false),
  /** The patient may change it from the app (never when locked). */
  patientMayEdit: z.boolean('Invalid value').default(false),
  /**
   * Adjust the heart-rate high side to the patient's age (max HR = 205.8 − 0.685 × age) and the QTc at-risk level to
   * their sex; only meaningful on tenant defaults (see `personalizeThreshold` in clinical). Custom thresholds are absolute.
   */
  personalized: z.boolean('Invalid value').default(false),
});
/** One index's thresholds, validated: range of every level, ordering (low: sos ≤ highRisk ≤ atRisk; high: reverse), low < high. */
export const ZThreshold = thresholdShape.superRefine((t, ctx) => checkThreshold(t, ctx, []));
export type TThreshold = z.infer<typeof ZThreshold>;

/** PUT /api/account/patients/{id}/thresholds: the indexes to set (others keep their value). */
export const ZPutThresholdsRequest = z
  .object({
    items: z
      .array(thresholdShape)
      .min(1, 'Required')
      .max(THRESHOLD_INDEXES.length, `Max length is ${THRESHOLD_INDEXES.length}`),
    /** Seconds the patient has to answer a high-risk alert before followers get an SMS (spec §9: 15 s, adjustable). */
    confirmSeconds: z
      .number('Invalid number')
      .int('Invalid number')
      .min(5, 'Min value is 5')
      .max(600, 'Max value is 600')
      .optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((t, i) => {
      if (seen.has(t.index)) ctx.addIssue({ code: 'custom', path: ['items', i, 'index'], message: 'Duplicate index' });
      seen.add(t.index);
      checkThreshold(t, ctx, ['items', i]);
    });
  });
export type TPutThresholdsRequest = z.infer<typeof ZPutThresholdsRequest>;

/** POST /api/account/patients/{id}/thresholds/reset: back to the tenant defaults (all indexes when none given). */
export const ZResetThresholdsRequest = z.object({
  indexes: z
    .array(ZThresholdIndex)
    .max(THRESHOLD_INDEXES.length, `Max length is ${THRESHOLD_INDEXES.length}`)
    .optional(),
});
export type TResetThresholdsRequest = z.infer<typeof ZResetThresholdsRequest>;

export const DEFAULT_CONFIRM_SECONDS = 15;
/** GET (and the answer of PUT / reset): the effective thresholds of a patient, every index. */
export const ZPatientThresholds = z.object({
  patientId: ZId,
  confirmSeconds: z.number().int(),
  items: z.array(
    thresholdShape.extend({
      /** `default`: the tenant default applies; `custom`: set for this patient. */
      source: z.enum(['default', 'custom']),
      updatedAt: z.string().nullable(),
      updatedBy: ZId.nullable(),
    }),
  ),
});
export type TPatientThresholds = z.infer<typeof ZPatientThresholds>;

const side = (atRisk: number | null, highRisk: number | null, sos: number | null): TThresholdSide => ({
  atRisk,
  highRisk,
  sos,
});
const NONE = side(null, null, null);
const def = (index: TThresholdIndex, low: TThresholdSide, high: TThresholdSide, personalized = false): TThreshold => ({
  index,
  low,
  high,
  locked: false,
  patientMayEdit: false,
  personalized,
});

/**
 * Tenant defaults (canonical units; low side "< level", high side "≥ level"). Sources: patient-app spec §9 constants
 * and the guidelines it quotes; everything else is a conservative clinical choice a doctor may override per patient.
 */
export const DEFAULT_THRESHOLDS: readonly TThreshold[] = [
  // Heart rate. Low: bradycardia; < 50 at risk (healthy adults may rest at 50–60), < 40 high risk, < 35 SOS
  // (readings below 30 are refused). High: resting tachycardia ≥ 100 at risk; high risk at 85 % and SOS at 100 % of the
  // age-predicted max HR (205.8 − 0.685 × age, spec §9). Stored values are for a 60-year-old (max HR 165); with
  // `personalized` the clinical package recomputes them from the patient's age.
  def('heart_rate', side(50, 40, 35), side(100, 140, 165), true),
  // HRV (RMSSD, ms): very low variability is a stress / autonomic marker, never an emergency on its own.
  def('hrv', side(20, null, null), NONE),
  // Systolic (spec §9 BP classes): stage 1 from 130 at risk, stage 2 from 140 high risk, hypertensive crisis ≥ 180 SOS.
  // Low: hypotension < 90 at risk, < 80 high risk, < 70 SOS (shock range).
  def('systolic', side(90, 80, 70), side(130, 140, 180)),
  // Diastolic: stage 1 from 80, stage 2 from 90, crisis ≥ 120 SOS. Low: < 60 at risk, < 50 high risk (no SOS on
  // diastolic alone; the systolic low side covers shock).
  def('diastolic', side(60, 50, null), side(80, 90, 120)),
  // SpO2 (spec §9): normal 94–99 %, alert below 92 %: < 94 at risk, < 92 high risk, < 88 SOS. NB: manual readings
  // below 88 % are refused by the reading limits, so only devices allowed below that floor can reach SOS.
  def('spo2', side(94, 92, 88), NONE),
  // Temperature (°C; wrist skin may read up to 1 °C low, spec §9): fever ≥ 38 at risk, ≥ 39 high risk, ≥ 40
  // hyperpyrexia SOS; hypothermia < 35 at risk, < 34 high risk, < 32 (moderate hypothermia) SOS.
  def('temperature', side(35, 34, 32), side(38, 39, 40)),
  // Blood glucose (mmol/L): hypoglycaemia level 1 < 3.9 at risk, level 2 < 3.0 high risk, < 2.2 (40 mg/dL) SOS;
  // hyperglycaemia ≥ 10 (180 mg/dL) at risk, ≥ 13.9 (250 mg/dL, ketoacidosis risk) high risk; no high SOS because
  // readings of 300 mg/dL and more are refused.
  def('blood_glucose', side(3.9, 3.0, 2.2), side(10, 13.9, null)),
  // Respiratory rate (spec §9: normal 12–20; tiers follow NEWS2 bands): < 12 at risk, < 9 (≤ 8) high risk, < 6 SOS;
  // ≥ 21 at risk, ≥ 25 high risk, ≥ 30 SOS.
  def('respiratory_rate', side(12, 9, 6), side(21, 25, 30)),
  // QTc (spec §9): short < 350 at risk; prolonged > 440 ms (men) / > 460 ms (women) at risk, i.e. ≥ 441 / ≥ 461 in
  // whole ms (stored for men, the stricter; `personalized` applies the patient's sex); risky ≥ 500 high risk.
  def('qtc', side(350, null, null), side(441, 500, null), true),
  // Weight: no absolute default (a change matters, not a value); the doctor sets limits per patient.
  def('weight', NONE, NONE),
];

/** Which limit a reading crossed: `value < limit` on the low side, `value ≥ limit` on the high side. */
export const ZAlertRule = z.object({
  index: ZThresholdIndex,
  side: z.enum(['low', 'high']),
  tier: z.enum(THRESHOLD_TIERS),
  limit: z.number(),
});
export type TAlertRule = z.infer<typeof ZAlertRule>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'closed', 'suppressed'] as const;
export const ZAlertStatus = z.enum(ALERT_STATUSES, 'Invalid alert status');
export type TAlertStatus = z.infer<typeof ZAlertStatus>;
/** What opened the alert: a reading over a threshold, the app's SOS button, or "Send SOS" on a high-risk prompt. */
/** `missed_dose`: a closed, informational alert recording a missed-dose notice to the caregivers (issue 16). */
export const ALERT_SOURCES = ['reading', 'sos_button', 'send_sos', 'missed_dose'] as const;
export const NOTIFY_CHANNELS = ['in_app', 'push', 'sms', 'call', 'email'] as const;
export const ZNotifyChannel = z.enum(NOTIFY_CHANNELS);
export type TNotifyChannel = z.infer<typeof ZNotifyChannel>;
/** patient; staff following the patient; followers (emergency contacts and follower accounts); customer care. */
export const AUDIENCES = ['patient', 'staff', 'followers', 'customer_care'] as const;
export const ZAudience = z.enum(AUDIENCES);
export type TAudience = z.infer<typeof ZAudience>;

/** One step of an alert's trail: reading → rule → tier → each notification → acknowledgement (issue 5). */
export const ZLocation = z.object({
  lat: z
    .number('Invalid number')
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  lng: z
    .number('Invalid number')
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  accuracyM: z.number('Invalid number').min(0, 'Min value is 0').max(100000, 'Max value is 100000').optional(),
});
export type TLocation = z.infer<typeof ZLocation>;
export const TRAIL_KINDS = [
  'reading',
  'rule',
  'tier',
  'notification',
  'patient_response',
  'snooze',
  'sos_case',
  'acknowledgement',
  'retrigger',
  'closed',
  'location',
] as const;
export const ZAlertTrailEntry = z.object({
  at: z.string(),
  kind: z.enum(TRAIL_KINDS),
  level: ZAlertLevel.nullable().optional(),
  value: z.number().nullable().optional(),
  rule: ZAlertRule.nullable().optional(),
  channel: ZNotifyChannel.nullable().optional(),
  /** Recipient display (name or phone) and id when known. */
  recipient: z.string().nullable().optional(),
  recipientId: ZId.nullable().optional(),
  /** Provider answer (e.g. HTTP status 200/500 and message id) for SMS / call / push. */
  providerStatus: z.string().nullable().optional(),
  actorId: ZId.nullable().optional(),
  detail: z.string().nullable().optional(),
  /** `location`: where the patient's phone was (sent every 30 s while an SOS case is open and the app is open). */
  location: ZLocation.nullable().optional(),
  /** Notifications: the recipient's phone, when they have one (so staff can call back). */
  phone: z.string().nullable().optional(),
});
export type TAlertTrailEntry = z.infer<typeof ZAlertTrailEntry>;

export const ZAlert = z.object({
  id: ZId,
  patientId: ZId,
  level: ZAlertLevel,
  status: ZAlertStatus,
  source: z.enum(ALERT_SOURCES),
  /** Null for SOS-button alerts. */
  metric: ZMetric.nullable(),
  index: ZThresholdIndex.nullable(),
  value: z.number().nullable(),
  rule: ZAlertRule.nullable(),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: ZId.nullable(),
  closedAt: z.string().nullable(),
  sosCaseId: ZId.nullable(),
  trail: z.array(ZAlertTrailEntry),
});
export type TAlert = z.infer<typeof ZAlert>;
/** Alert without its trail, with the patient's display fields (lists, realtime frames). */
export const ZAlertSummary = ZAlert.omit({ trail: true }).extend({
  patientName: z.string(),
  patientCode: z.string().nullable(),
  /** The name's parts (realtime frames): each screen writes the name in its reader's language convention. */
  patientFirstName: z.string().optional(),
  patientLastName: z.string().optional(),
});
export type TAlertSummary = z.infer<typeof ZAlertSummary>;

/** GET /api/account/alerts. */
export const ZAlertListQuery = ZPageQuery.extend({
  patientId: ZId.optional(),
  level: ZAlertLevel.optional(),
  status: ZAlertStatus.optional(),
});
export type TAlertListQuery = z.infer<typeof ZAlertListQuery>;

/** POST /api/account/alerts/{id}/ack. */
export const ZAckRequest = z.object({ note: z.string().trim().max(500, 'Max length is 500').optional() });
export type TAckRequest = z.infer<typeof ZAckRequest>;

/** The 4 predefined SOS messages (patient-app spec §3; the wording lives in the i18n catalogues). */
export const SOS_MESSAGE_CHOICES = ['need_help', 'feel_unwell', 'had_a_fall', 'call_me'] as const;
export const ZSosMessage = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('choice'), choice: z.enum(SOS_MESSAGE_CHOICES, 'Invalid SOS message') }),
    z.object({ kind: z.literal('recording'), recordingId: ZId }),
  ],
  'SOS message is required',
);
export type TSosMessage = z.infer<typeof ZSosMessage>;
/** SOS button, sent by the app after its 5-second countdown (main user only, not sub-profiles). */
export const ZSosRequest = z.object({
  message: ZSosMessage,
  location: ZLocation.optional(),
  /** The app's active profile when it is not the main user's (a sub-profile): SOS is then refused. */
  profileId: ZId.optional(),
  /**
   * Made by the app for each press: a resend of the same press (an SOS queued offline, or retried after a lost answer)
   * answers the first result and calls nobody twice.
   */
  clientId: ZId.optional(),
  /** When the button was pressed, if that was earlier than this request (queued offline); at most a day back. */
  pressedAt: z.iso.datetime({ offset: true, message: 'Date is not valid' }).optional(),
});
export type TSosRequest = z.infer<typeof ZSosRequest>;
export const SOS_COUNTDOWN_SECONDS = 5;
/** A recorded SOS message: at most 60 s in the app, and 2 MB on the server (opus at 32 kbit/s is ~240 kB a minute). */
export const SOS_RECORDING_MAX_SECONDS = 60;
export const SOS_RECORDING_MAX_BYTES = 2 * 1024 * 1024;
/** POST /api/account/me/sos/recordings (multipart `file`: webm, ogg, mp4, wav or mp3 audio, checked by content). */
export const ZSosRecording = z.object({ id: ZId, contentType: z.string(), sizeBytes: z.number() });
export type TSosRecording = z.infer<typeof ZSosRecording>;

/** Answer of the patient to a high-risk prompt. */
export const HIGH_RISK_RESPONSES = ['i_am_fine', 'send_sos'] as const;
export const ZHighRiskResponse = z.enum(HIGH_RISK_RESPONSES, 'Invalid response');
export type THighRiskResponse = z.infer<typeof ZHighRiskResponse>;
export const ZHighRiskResponseRequest = z.object({ response: ZHighRiskResponse });
export type THighRiskResponseRequest = z.infer<typeof ZHighRiskResponseRequest>;

/** Follower snooze of an at-risk alert (never applies to high-risk or SOS). */
export const ZSnoozeRequest = z.object({
  minutes: z
    .number('Invalid number')
    .int('Invalid number')
    .min(5, 'Min value is 5')
    .max(24 * 60, 'Max value is 1440'),
});
export type TSnoozeRequest = z.infer<typeof ZSnoozeRequest>;

export const ZNotificationFrame = z.object({
  id: ZId,
  type: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  alertId: ZId.nullable().optional(),
  patientId: ZId.nullable().optional(),
  /** A medication reminder's dose (live frame only): the app's prompt shows that dose first. */
  intakeId: ZId.nullable().optional(),
});
/** WebSocket `/api/ws?access_token=…`: one JSON frame per event. */
export const ZRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('alert.opened'), at: z.string(), alert: ZAlertSummary }),
  z.object({ type: z.literal('alert.raised'), at: z.string(), alert: ZAlertSummary, from: ZAlertLevel }),
  z.object({ type: z.literal('alert.closed'), at: z.string(), alert: ZAlertSummary }),
  z.object({
    type: z.literal('sos.opened'),
    at: z.string(),
    sosCaseId: ZId,
    alertId: ZId,
    patientId: ZId,
    patientName: z.string(),
    patientFirstName: z.string().optional(),
    patientLastName: z.string().optional(),
    message: ZSosMessage.nullable(),
    location: ZLocation.nullable(),
  }),
  z.object({ type: z.literal('notification.created'), at: z.string(), notification: ZNotificationFrame }),
  z.object({ type: z.literal('patient.status'), at: z.string(), patientId: ZId, status: ZAlertLevel }),
  /** An open alert changed without opening, rising or closing (answered, escalated, acknowledged, snoozed). */
  z.object({ type: z.literal('alert.updated'), at: z.string(), alert: ZAlertSummary }),
  /**
   * New readings of a patient were stored (sent only to the app users who may view them: the patient, the manager of a
   * sub-user, accepted followers), so their screens refresh without polling. No values: the app fetches what it shows.
   */
  /** The patient's phone reported where it is, while their SOS case is open. */
  z.object({ type: z.literal('sos.location'), at: z.string(), sosCaseId: ZId, patientId: ZId, location: ZLocation }),
  z.object({
    type: z.literal('vitals.recorded'),
    at: z.string(),
    patientId: ZId,
    metrics: z.array(z.string()),
    latestAt: z.string(),
  }),
  /** A video visit's participants changed (joined, waiting, admitted, left): sent to its participants. */
  z.object({ type: z.literal('meeting.presence'), at: z.string(), appointmentId: ZId }),
  /** A WebRTC signal waits for this participant (fetched from /api/account/meetings/{id}/signals?after=). */
  z.object({ type: z.literal('meeting.signal'), at: z.string(), appointmentId: ZId, seq: z.number().int() }),
  /** An appointment changed (booked, moved, cancelled, completed): its lists and details refresh. */
  z.object({ type: z.literal('appointment.updated'), at: z.string(), appointmentId: ZId, status: z.string() }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;
export type TRealtimeEventType = TRealtimeEvent['type'];

// ---------------------------------------------------------------- lists, SOS cases, thresholds of the app user (E1)

export const ZAlertPage = page(ZAlertSummary);
export type TAlertPage = z.infer<typeof ZAlertPage>;

/** A patient's own alerts (GET /api/account/me/alerts): open ones first; `pendingPrompt` when a high-risk answer is awaited. */
export const ZMyAlert = ZAlertSummary.extend({
  pendingPrompt: z.boolean(),
  /** While the high-risk answer is awaited: when the followers get their SMS unless the patient answers. */
  promptDeadline: z.string().nullable(),
});
export const ZMyAlertPage = page(ZMyAlert);
export type TMyAlertPage = z.infer<typeof ZMyAlertPage>;

/** What came of an SOS case, chosen when closing it. */
export const SOS_CASE_OUTCOMES = [
  'help_sent',
  'family_helped',
  'patient_ok',
  'hospitalized',
  'false_alarm',
  'other',
] as const;
export const ZSosCaseOutcome = z.enum(SOS_CASE_OUTCOMES, 'Choose an outcome');
export type TSosCaseOutcome = z.infer<typeof ZSosCaseOutcome>;
export const SOS_CASE_STATUSES = ['open', 'closed'] as const;
export const ZSosCaseStatus = z.enum(SOS_CASE_STATUSES, 'Invalid SOS case status');
export type TSosCaseStatus = z.infer<typeof ZSosCaseStatus>;
/** Why the case was opened: an SOS-level reading, the app's SOS button, or "Send SOS" on a high-risk prompt. */
export const SOS_CASE_REASONS = ['sos_level', 'sos_button', 'send_sos'] as const;
export const ZSosCase = z.object({
  id: ZId,
  patientId: ZId,
  patientName: z.string(),
  patientCode: z.string().nullable(),
  patientPhone: z.string().nullable(),
  alertId: ZId,
  reason: z.enum(SOS_CASE_REASONS),
  status: ZSosCaseStatus,
  level: ZAlertLevel,
  message: ZSosMessage.nullable(),
  location: ZLocation.nullable(),
  ticketId: ZId.nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: ZId.nullable(),
  closeNote: z.string().nullable(),
  outcome: ZSosCaseOutcome.nullable(),
});
export type TSosCase = z.infer<typeof ZSosCase>;
export const ZSosCasePage = page(ZSosCase);
export type TSosCasePage = z.infer<typeof ZSosCasePage>;
/** GET /api/account/sos-cases/{id}: the case, its alert and the alert's trail. */
/**
 * A readable SOS timeline (issue 13), built from the alert trail: one line per event — who pressed what, each person
 * told (how, when, whether it reached them), who answered or acknowledged, where the phone was, how it was closed.
 * The raw trail stays available beside it for the technical details.
 */
export const SOS_TIMELINE_KINDS = [
  'pressed',
  'reading',
  'case_opened',
  'notified',
  'answered',
  'acknowledged',
  'snoozed',
  'round',
  'location',
  'closed',
] as const;
export const SOS_DELIVERY_OUTCOMES = ['queued', 'delivered', 'retrying', 'failed', 'suppressed'] as const;
export const ZSosTimelineItem = z.object({
  at: z.string(),
  kind: z.enum(SOS_TIMELINE_KINDS),
  level: ZAlertLevel.nullable(),
  /** notified: how, to whom (audience: followers, staff, customer care, the patient), and what came of it. */
  channel: ZNotifyChannel.nullable(),
  audience: z.string().nullable(),
  recipient: z.string().nullable(),
  phone: z.string().nullable(),
  outcome: z.enum(SOS_DELIVERY_OUTCOMES).nullable(),
  /** Why a notification was not sent (`settings:sms_off`, `outside_valid_time`) or why it failed (provider text). */
  reason: z.string().nullable(),
  attempts: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  /** pressed: the message; reading: the value and index; answered: "i_am_fine" | "send_sos". */
  message: ZSosMessage.nullable(),
  index: z.string().nullable(),
  value: z.number().nullable(),
  response: z.string().nullable(),
  /** acknowledged / closed / snoozed: who; closed: the outcome and note. */
  actor: z.string().nullable(),
  closeOutcome: ZSosCaseOutcome.nullable(),
  note: z.string().nullable(),
  location: ZLocation.nullable(),
  round: z.number().int().nullable(),
});
export type TSosTimelineItem = z.infer<typeof ZSosTimelineItem>;

export const ZSosCaseDetail = ZSosCase.extend({
  alert: ZAlert,
  timeline: z.array(ZSosTimelineItem),
  /** The newest position of the patient: the live location sent by the app, or the one of the SOS press. */
  lastLocation: ZLocation.extend({ at: z.string() }).nullable(),
});
export type TSosCaseDetail = z.infer<typeof ZSosCaseDetail>;
export const ZSosCaseListQuery = ZPageQuery.extend({ status: ZSosCaseStatus.optional(), patientId: ZId.optional() });
export type TSosCaseListQuery = z.infer<typeof ZSosCaseListQuery>;
/** POST /api/account/sos-cases/{id}/close (also closes its alert). */
/** Closing needs an outcome and a note; the case's ticket is closed with it (canceled for a false alarm). */
export const ZCloseSosCaseRequest = z.object({
  outcome: ZSosCaseOutcome,
  note: z.string({ error: 'Required' }).trim().min(1, 'Required').max(500, 'Max length is 500'),
});
export type TCloseSosCaseRequest = z.infer<typeof ZCloseSosCaseRequest>;
/** Answer of POST /api/account/me/sos. */
export const ZSosResult = z.object({ alertId: ZId, sosCaseId: ZId.nullable() });
export type TSosResult = z.infer<typeof ZSosResult>;

/**
 * GET /api/account/me/sos/contacts: what the app offers to call or text by itself when an SOS cannot reach the server
 * (kept on the phone): the region's emergency number and the followers an SOS would call, emergency contacts first.
 */
export const ZSosContacts = z.object({
  emergencyNumber: z.string(),
  contacts: z.array(z.object({ name: z.string(), phone: z.string(), kind: z.enum(['emergency', 'caring']) })),
});
export type TSosContacts = z.infer<typeof ZSosContacts>;

/** POST /api/account/me/sos/location: `stored` false when the previous position is under 10 s old (nothing to add). */
export const ZSosLocationResult = z.object({ stored: z.boolean(), sosCaseId: ZId });
export type TSosLocationResult = z.infer<typeof ZSosLocationResult>;
/** How often the app sends the position while its SOS case is open; the server keeps at most one per 10 s. */
export const SOS_LOCATION_EVERY_MS = 30_000;
export const SOS_LOCATION_MIN_GAP_MS = 10_000;

/** PUT /api/account/me/thresholds: the patient's own change, only for indexes the doctor let them edit (never locked). */
export const ZPutMyThresholdsRequest = z
  .object({
    items: z
      .array(thresholdShape.pick({ index: true, low: true, high: true }))
      .min(1, 'Required')
      .max(THRESHOLD_INDEXES.length, `Max length is ${THRESHOLD_INDEXES.length}`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((t, i) => {
      if (seen.has(t.index)) ctx.addIssue({ code: 'custom', path: ['items', i, 'index'], message: 'Duplicate index' });
      seen.add(t.index);
      checkThreshold({ ...t, locked: false, patientMayEdit: true }, ctx, ['items', i]);
    });
  });
export type TPutMyThresholdsRequest = z.infer<typeof ZPutMyThresholdsRequest>;

// ---------------------------------------------------------------- tenant threshold defaults

/** PUT /api/account/thresholds/defaults: the tenant's defaults for some indexes (others keep theirs). */
export const ZPutTenantThresholdsRequest = z
  .object({
    items: z
      .array(thresholdShape)
      .min(1, 'Required')
      .max(THRESHOLD_INDEXES.length, `Max length is ${THRESHOLD_INDEXES.length}`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((t, i) => {
      if (seen.has(t.index)) ctx.addIssue({ code: 'custom', path: ['items', i, 'index'], message: 'Duplicate index' });
      seen.add(t.index);
      checkThreshold(t, ctx, ['items', i]);
    });
  });
export type TPutTenantThresholdsRequest = z.infer<typeof ZPutTenantThresholdsRequest>;

/**
 * GET (and the answer of PUT / reset) /api/account/thresholds/defaults: the tenant's default per index, which applies
 * to every patient without a threshold of their own. `builtin`: CareWatch's reference values (`DEFAULT_THRESHOLDS`);
 * `tenant`: changed by this tenant. Not personalised here (the patient's view applies age / sex).
 */
export const ZTenantThresholds = z.object({
  items: z.array(
    thresholdShape.extend({
      source: z.enum(['builtin', 'tenant']),
      updatedAt: z.string().nullable(),
      updatedBy: ZId.nullable(),
    }),
  ),
});
export type TTenantThresholds = z.infer<typeof ZTenantThresholds>;

// ---------------------------------------------------------------- alert settings (patient-app spec §3)

const ZClock = z.string('Invalid time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Invalid time (HH:mm)');

/**
 * A patient's alert settings (patient-app §3: push, SMS, automatic call, in-app, alert valid time) and the high-risk
 * confirmation delay. They shape the notifications of at-risk and high-risk alerts to the patient and followers:
 * `inApp` / `push` for the patient's and followers' app, `sms` for the followers' text when a high-risk prompt goes
 * unanswered, `automaticCall` to also call them then. `validFrom`–`validTo` (HH:mm, the patient’s time zone; both null = all
 * day; a window may cross midnight) is when at-risk alerts notify the patient and followers; outside it they are only
 * recorded. Staff are always notified, and nothing here ever silences an SOS (SOS level, SOS button, "Send SOS").
 */
export const ZAlertSettings = z.object({
  push: z.boolean('Invalid value'),
  sms: z.boolean('Invalid value'),
  automaticCall: z.boolean('Invalid value'),
  inApp: z.boolean('Invalid value'),
  validFrom: ZClock.nullable(),
  validTo: ZClock.nullable(),
  confirmSeconds: z
    .number('Invalid number')
    .int('Invalid number')
    .min(5, 'Min value is 5')
    .max(600, 'Max value is 600'),
});
export type TAlertSettings = z.infer<typeof ZAlertSettings>;
export const DEFAULT_ALERT_SETTINGS: TAlertSettings = {
  push: true,
  sms: true,
  automaticCall: false,
  inApp: true,
  validFrom: null,
  validTo: null,
  confirmSeconds: DEFAULT_CONFIRM_SECONDS,
};

/** PUT /api/account/patients/{id}/alert-settings and /api/account/me/alert-settings: any subset. */
export const ZPutAlertSettingsRequest = ZAlertSettings.partial().superRefine((s, ctx) => {
  if ((s.validFrom === null) !== (s.validTo === null) && s.validFrom !== undefined && s.validTo !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: [s.validFrom === null ? 'validFrom' : 'validTo'],
      message: 'Give both times or neither',
    });
  }
  if (s.validFrom && s.validTo && s.validFrom === s.validTo) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'Start time and end time must differ' });
  }
});
export type TPutAlertSettingsRequest = z.infer<typeof ZPutAlertSettingsRequest>;
/** The answer: the patient's settings (defaults where never set). */
export const ZPatientAlertSettings = ZAlertSettings.extend({ patientId: ZId, updatedAt: z.string().nullable() });
export type TPatientAlertSettings = z.infer<typeof ZPatientAlertSettings>;
