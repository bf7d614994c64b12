import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay } from './common.ts';
import { ZAlert, ZAlertLevel, ZSosCaseOutcome, ZSosCaseStatus, SOS_CASE_REASONS } from './alerts.ts';
import { ZPatientStatus } from './patients.ts';
import { ZMetric } from './vitals.ts';

/*
 * The patient timeline (issue 20): a patient's story on one time axis — readings out of range, alerts with their
 * trail, SOS cases, status changes, clinicians' notes, devices paired and unpaired — and the notes clinicians write,
 * and the patient report PDF of a period (vitals charts, a summary per index, the alerts and the notes).
 * Staff: `GET /api/account/patients/{id}/timeline`, `GET|POST /api/account/patients/{id}/notes`,
 * `GET /api/account/patients/{id}/report.pdf`.
 */

// ---------------------------------------------------------------- notes

export const PATIENT_NOTE_MAX = 4000;
export const ZPatientNoteInput = z.object({
  text: z.string('Required').trim().min(1, 'Required').max(PATIENT_NOTE_MAX, `Max length is ${PATIENT_NOTE_MAX}`),
});
export type TPatientNoteInput = z.infer<typeof ZPatientNoteInput>;

/** A clinician's note, attributed: `authorName` null when the author's account was removed. */
export const ZPatientNote = z.object({
  id: ZId,
  patientId: ZId,
  text: z.string(),
  authorId: ZId.nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type TPatientNote = z.infer<typeof ZPatientNote>;
export const PATIENT_NOTES_MAX_LIST = 200;
/** The newest notes first (at most 200). */
export const ZPatientNoteList = z.object({ items: z.array(ZPatientNote) });
export type TPatientNoteList = z.infer<typeof ZPatientNoteList>;

// ---------------------------------------------------------------- timeline

export const TIMELINE_EVENT_TYPES = ['reading', 'alert', 'sos', 'status', 'note', 'device'] as const;
export const ZTimelineEventType = z.enum(TIMELINE_EVENT_TYPES, 'Invalid event type');
export type TTimelineEventType = z.infer<typeof ZTimelineEventType>;
/** At most this many events per call (then `nextCursor`). */
export const TIMELINE_MAX_LIMIT = 500;
/** The longest period of one call, in days. */
export const TIMELINE_MAX_DAYS = 366;
/** The period when none is given: the last 30 days. */
export const TIMELINE_DEFAULT_DAYS = 30;

const isType = (s: string) => (TIMELINE_EVENT_TYPES as readonly string[]).includes(s.trim());

/**
 * `from`/`to`: instants (default: the last 30 days up to now; at most 366 days); `types`: a comma list of event
 * types (default all); newest first, `limit` events (default 100, at most 500); `cursor`: the previous `nextCursor`.
 */
export const ZTimelineQuery = z
  .object({
    from: ZIsoDateTime.optional(),
    to: ZIsoDateTime.optional(),
    types: z
      .string()
      .trim()
      .max(200, 'Max length is 200')
      .refine((s) => s === '' || s.split(',').every(isType), `Unknown event type (${TIMELINE_EVENT_TYPES.join(', ')})`)
      .optional(),
    limit: z.coerce
      .number('Invalid number')
      .int('Invalid number')
      .min(1, 'Min value is 1')
      .max(TIMELINE_MAX_LIMIT, `Max value is ${TIMELINE_MAX_LIMIT}`)
      .default(100),
    cursor: z
      .string()
      .max(200, 'Max length is 200')
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
      .optional(),
  })
  .superRefine((v, c) => {
    if (v.from && v.to && Date.parse(v.from) > Date.parse(v.to))
      c.addIssue({ code: 'custom', path: ['to'], message: 'End must be on or after the start' });
    else if (v.from && v.to && Date.parse(v.to) - Date.parse(v.from) > TIMELINE_MAX_DAYS * 86_400_000) {
      c.addIssue({ code: 'custom', path: ['to'], message: `The period is at most ${TIMELINE_MAX_DAYS} days` });
    }
  });
export type TTimelineQuery = z.infer<typeof ZTimelineQuery>;
export type TTimelineQueryInput = z.input<typeof ZTimelineQuery>;

/** The event types a `types` parameter names (all when empty or absent). */
export const timelineTypesOf = (types: string | undefined): TTimelineEventType[] => {
  const named = (types ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isType) as TTimelineEventType[];
  return named.length === 0 ? [...TIMELINE_EVENT_TYPES] : TIMELINE_EVENT_TYPES.filter((t) => named.includes(t));
};

const base = { id: z.string(), at: z.string() };
/** A reading whose level was not normal (the alert engine's thresholds), in canonical units. */
export const ZTimelineReading = z.object({
  ...base,
  type: z.literal('reading'),
  metric: ZMetric,
  value: z.number().nullable(),
  value2: z.number().nullable(),
  unit: z.string(),
  level: ZAlertLevel,
});
export const ZTimelineAlert = z.object({ ...base, type: z.literal('alert'), alert: ZAlert });
export const ZTimelineSos = z.object({
  ...base,
  type: z.literal('sos'),
  sosCase: z.object({
    id: ZId,
    alertId: ZId,
    reason: z.enum(SOS_CASE_REASONS),
    status: ZSosCaseStatus,
    outcome: ZSosCaseOutcome.nullable(),
    closedAt: z.string().nullable(),
    closedBy: z.string().nullable(),
    closeNote: z.string().nullable(),
  }),
});
export type TTimelineSos = z.infer<typeof ZTimelineSos>;
export const ZTimelineStatus = z.object({
  ...base,
  type: z.literal('status'),
  fromStatus: ZPatientStatus,
  toStatus: ZPatientStatus,
  changedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export const ZTimelineNote = z.object({ ...base, type: z.literal('note'), note: ZPatientNote });
export const DEVICE_TIMELINE_ACTIONS = ['paired', 'unpaired'] as const;
export const ZTimelineDevice = z.object({
  ...base,
  type: z.literal('device'),
  action: z.enum(DEVICE_TIMELINE_ACTIONS),
  deviceId: ZId,
  model: z.string().nullable(),
  serial: z.string().nullable(),
  name: z.string().nullable(),
  by: z.string().nullable(),
});
export type TTimelineDevice = z.infer<typeof ZTimelineDevice>;
export const ZTimelineEvent = z.discriminatedUnion('type', [
  ZTimelineReading,
  ZTimelineAlert,
  ZTimelineSos,
  ZTimelineStatus,
  ZTimelineNote,
  ZTimelineDevice,
]);
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const ZTimelinePage = z.object({
  items: z.array(ZTimelineEvent),
  /** The period read (instants). */
  from: z.string(),
  to: z.string(),
  /** Pass as `cursor` for the older events; null when there are none. */
  nextCursor: z.string().nullable(),
});
export type TTimelinePage = z.infer<typeof ZTimelinePage>;

// ---------------------------------------------------------------- report

export const REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;
/** Days `from`..`to` (both included, the reader's time zone); `lang` the report's language (default: the reader's). */
export const ZPatientReportQuery = z
  .object({
    from: z.string('Required').pipe(ZIsoDay),
    to: z.string('Required').pipe(ZIsoDay),
    lang: z.enum(['en', 'vi'], 'Invalid language').optional(),
  })
  .superRefine((v, c) => {
    if (v.to >= '9999-12-31') c.addIssue({ code: 'custom', path: ['to'], message: 'Invalid date (YYYY-MM-DD)' });
    else if (v.from > v.to)
      c.addIssue({ code: 'custom', path: ['to'], message: 'End date must be on or after the start date' });
    else if ((Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS + 1 > REPORT_MAX_DAYS) {
      c.addIssue({ code: 'custom', path: ['to'], message: `The period is at most ${REPORT_MAX_DAYS} days` });
    }
  });
export type TPatientReportQuery = z.infer<typeof ZPatientReportQuery>;
