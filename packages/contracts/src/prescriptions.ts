import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay, ZPageQuery, page } from './common.ts';

/*
 * Prescriptions, medicines, reminders, intakes and adherence (staff-portal §2–§5, §9; patient-app §2–§5).
 * A prescription is ACTIVE until deactivated (irreversible); editing deactivates it and creates a new one linked
 * to it (previousId / nextId). Lists show a derived display state: IN_USE, EXPIRED (past its end date in the
 * patient's time zone) or DEACTIVATED.
 */

// ---- Lists (staff-portal §3) ----
export const MEDICINE_ROUTES = [
  'ORAL',
  'SPRAY',
  'SUCK',
  'DROP',
  'TOPICAL',
  'INHALATION',
  'OPHTHALMIC',
  'NASAL',
  'SUBLINGUAL',
  'OTIC',
  'INJECTION',
  'RECTAL',
  'TRANSDERMAL',
  'INTRAVENOUS',
  'INTRAMUSCULAR',
  'SUBCUTANEOUS',
] as const;
export const ZMedicineRoute = z.enum(MEDICINE_ROUTES, 'Invalid route');
export type TMedicineRoute = z.infer<typeof ZMedicineRoute>;

export const MEDICINE_FORMS = [
  'PILL',
  'CAPSULE',
  'TABLET',
  'SOLUTION',
  'CREAM',
  'POWDER',
  'OINTMENT',
  'SYRUP',
  'GEL',
  'GAS',
  'CONCENTRATE',
  'INJECTABLE',
  'SUPPOSITORY',
] as const;
export const ZMedicineForm = z.enum(MEDICINE_FORMS, 'Invalid form');
export type TMedicineForm = z.infer<typeof ZMedicineForm>;

/** Dose units: the spec names pill, drop, teaspoon, tablespoon ("include"); the rest are the usual companions. */
export const DOSE_UNITS = [
  'PILL',
  'TABLET',
  'CAPSULE',
  'DROP',
  'TEASPOON',
  'TABLESPOON',
  'ML',
  'MG',
  'PUFF',
  'PATCH',
  'UNIT',
  'APPLICATION',
] as const;
export const ZDoseUnit = z.enum(DOSE_UNITS, 'Invalid dose unit');
export type TDoseUnit = z.infer<typeof ZDoseUnit>;

/** When to take it relative to meals. */
export const MEDICINE_WHEN = ['WITH_MEAL', 'BEFORE_MEAL', 'AFTER_MEAL', 'ANYTIME'] as const;
export const ZMedicineWhen = z.enum(MEDICINE_WHEN, 'Invalid value');
export type TMedicineWhen = z.infer<typeof ZMedicineWhen>;

export const TIMES_OF_DAY = ['MORNING', 'AFTERNOON', 'EVENING', 'NIGHT'] as const;
export const ZTimeOfDay = z.enum(TIMES_OF_DAY, 'Invalid time of day');
export type TTimeOfDay = z.infer<typeof ZTimeOfDay>;

export const SCHEDULE_TYPES = ['ON_SCHEDULE', 'ON_DEMAND'] as const;
export const ZScheduleType = z.enum(SCHEDULE_TYPES, 'Invalid schedule type');
export type TScheduleType = z.infer<typeof ZScheduleType>;

/** The reminder's sound (patient-app §3: 7 options). */
export const REMINDER_SOUNDS = ['DEFAULT', 'CHIME', 'BELL', 'BEEP', 'MELODY', 'SOFT', 'SILENT'] as const;
export const ZReminderSound = z.enum(REMINDER_SOUNDS, 'Invalid sound');
export type TReminderSound = z.infer<typeof ZReminderSound>;
/** Pre-alarm (minutes before the dose; 0 = none) and snooze choices (patient-app §3). */
export const PRE_ALARM_MINUTES = [0, 5, 10, 15, 30] as const;
export const SNOOZE_MINUTES = [5, 10, 15] as const;

/** Dose 0–300; the fractional part only .125, .25, .33, .5, .66, .75 (spec §5, §9). */
export const DOSE_MIN = 0;
export const DOSE_MAX = 300;
export const DOSE_FRACTIONS = [0, 0.125, 0.25, 0.33, 0.5, 0.66, 0.75] as const;
export const isAllowedDose = (dose: number): boolean => {
  if (!Number.isFinite(dose) || dose < DOSE_MIN || dose > DOSE_MAX) return false;
  const frac = Math.round((dose - Math.floor(dose)) * 1000) / 1000;
  return DOSE_FRACTIONS.some((f) => Math.abs(f - frac) < 1e-9);
};
/** Medicine image: PNG or JPG under 1 MB, checked by content (spec §5, §9). */
export const MEDICINE_IMAGE_MAX_BYTES = 1024 * 1024;
/** The caregiver notice's default: this many consecutive missed doses of one medicine (per patient setting). */
export const DEFAULT_MISSED_DOSE_THRESHOLD = 2;
/** How many hours ahead dose reminders are planned (rows with their due time). */
export const INTAKE_HORIZON_HOURS = 48;

const text = (max: number) => z.string('Required').trim().max(max, `Max length is ${max}`);
const optText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A local time of day, 24 h. */
export const ZLocalTime = z.string('Required').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is not valid (HH:mm)');

// ---- Reminder rule (matches packages/clinical/src/medication.ts ReminderRule) ----
/** Days of week are ISO: 1 = Monday … 7 = Sunday. */
export const ZReminderRule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('daily') }),
    z.object({
      kind: z.literal('weekly'),
      daysOfWeek: z
        .array(z.number().int().min(1, 'Min value is 1').max(7, 'Max value is 7'))
        .min(1, 'At least one weekday must be chosen for reminders')
        .refine((d) => new Set(d).size === d.length, 'Days must be unique'),
    }),
    z.object({
      kind: z.literal('monthly'),
      daysOfMonth: z
        .array(z.number().int().min(1, 'Min value is 1').max(31, 'Max value is 31'))
        .min(1, 'At least one day of the month must be chosen')
        .refine((d) => new Set(d).size === d.length, 'Days must be unique'),
    }),
    z.object({ kind: z.literal('once'), date: ZIsoDay }),
    z.object({
      kind: z.literal('hourly'),
      everyHours: z.number().int('Must be a whole number').min(1, 'Min value is 1').max(23, 'Max value is 23'),
      from: ZLocalTime,
      until: ZLocalTime.optional(),
    }),
    z.object({
      kind: z.literal('cycle'),
      onDays: z.number().int('Must be a whole number').min(1, 'Min value is 1').max(365, 'Max value is 365'),
      offDays: z.number().int('Must be a whole number').min(1, 'Min value is 1').max(365, 'Max value is 365'),
    }),
  ],
  'Invalid reminder rule',
);
export type TReminderRule = z.infer<typeof ZReminderRule>;
export const REMINDER_RULE_KINDS = ['daily', 'weekly', 'monthly', 'once', 'hourly', 'cycle'] as const;
export type TReminderRuleKind = (typeof REMINDER_RULE_KINDS)[number];

export const ZReminderTime = z.object({ time: ZLocalTime, label: text(50).default('') });
export type TReminderTime = z.infer<typeof ZReminderTime>;

/**
 * A scheduled medicine's reminder: a name, the rule, its times with labels, start/end (default: the prescription's
 * dates; an end of null with no total days = forever), pre-alarm and snooze, the sound. Times and labels are unique
 * per medicine; every rule except 'hourly' needs at least one time ('hourly' makes its own from `from`).
 */
export const ZReminderInput = z.object({
  name: z.string('A reminder needs a name').trim().min(1, 'A reminder needs a name').max(100, 'Max length is 100'),
  rule: ZReminderRule,
  times: z.array(ZReminderTime).max(24, 'Max 24 times').default([]),
  startDate: ZIsoDay.nullish().transform((v) => v ?? null),
  endDate: ZIsoDay.nullish().transform((v) => v ?? null),
  preAlarmMinutes: z.literal(PRE_ALARM_MINUTES, 'Invalid pre-alarm').default(0),
  snoozeMinutes: z.literal(SNOOZE_MINUTES, 'Invalid snooze').default(10),
  sound: ZReminderSound.default('DEFAULT'),
});
export type TReminderInput = z.input<typeof ZReminderInput>;
export type TReminder = z.infer<typeof ZReminderInput>;

/** A medicine as written (staff-portal §3). */
export const ZMedicineInput = z
  .object({
    name: text(200).min(1, 'Required'),
    dose: z
      .number('Required')
      .min(DOSE_MIN, `Min value is ${DOSE_MIN}`)
      .max(DOSE_MAX, `Max value is ${DOSE_MAX}`)
      .refine(
        (d) => d < DOSE_MIN || d > DOSE_MAX || isAllowedDose(d),
        'Dose decimals can only be .125, .25, .33, .5, .66 or .75',
      ),
    doseUnit: ZDoseUnit,
    strength: optText(100),
    route: ZMedicineRoute,
    form: ZMedicineForm,
    quantity: z
      .number()
      .int('Must be a whole number')
      .min(0, 'Min value is 0')
      .max(100000, 'Max value is 100000')
      .nullish()
      .transform((v) => v ?? null),
    when: ZMedicineWhen.default('ANYTIME'),
    timeOfDay: z
      .array(ZTimeOfDay)
      .default([])
      .refine((d) => new Set(d).size === d.length, 'Values must be unique'),
    frequency: optText(200),
    instruction: optText(1000),
    sideEffect: optText(1000),
    note: optText(1000),
    /** A colour (#rrggbb) or an uploaded image (POST /api/account/prescriptions/medicine-images). */
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour')
      .nullish()
      .transform((v) => v ?? null),
    imageId: ZId.nullish().transform((v) => v ?? null),
    /** Number of active days of the schedule (days with doses); null = until the end date (or forever). */
    totalDays: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Min value is 1')
      .max(3650, 'Max value is 3650')
      .nullish()
      .transform((v) => v ?? null),
    refills: z.number().int('Must be a whole number').min(0, 'Min value is 0').max(100, 'Max value is 100').default(0),
    scheduleType: ZScheduleType,
    /** Required for ON_SCHEDULE; must be absent (null) for ON_DEMAND. */
    reminder: ZReminderInput.nullish().transform((v) => v ?? null),
  })
  .superRefine((m, ctx) => {
    if (m.scheduleType === 'ON_DEMAND') {
      if (m.reminder)
        ctx.addIssue({ code: 'custom', path: ['reminder'], message: 'On-demand medicines have no reminders' });
      return;
    }
    if (!m.reminder) {
      ctx.addIssue({ code: 'custom', path: ['reminder'], message: 'Each medicine needs at least one schedule time' });
      return;
    }
    const r = m.reminder;
    if (r.rule.kind !== 'hourly' && r.times.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['reminder', 'times'],
        message: 'Each medicine needs at least one schedule time',
      });
    }
    const times = r.times.map((t) => t.time);
    if (new Set(times).size !== times.length)
      ctx.addIssue({
        code: 'custom',
        path: ['reminder', 'times'],
        message: 'Schedule times must be unique per medicine',
      });
    const labels = r.times.map((t) => t.label.toLowerCase()).filter((l) => l !== '');
    if (new Set(labels).size !== labels.length)
      ctx.addIssue({ code: 'custom', path: ['reminder', 'times'], message: 'Time labels must be unique per medicine' });
    if (r.startDate && r.endDate && r.endDate < r.startDate)
      ctx.addIssue({ code: 'custom', path: ['reminder', 'endDate'], message: 'End date must be after start date' });
    if (r.rule.kind === 'hourly' && r.rule.until && r.rule.until <= r.rule.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['reminder', 'rule', 'until'],
        message: 'Start time must be before end time',
      });
    }
  });
export type TMedicineInput = z.input<typeof ZMedicineInput>;

export const ZMedicine = z.object({
  id: ZId,
  name: z.string(),
  dose: z.number(),
  doseUnit: ZDoseUnit,
  strength: z.string().nullable(),
  route: ZMedicineRoute,
  form: ZMedicineForm,
  quantity: z.number().int().nullable(),
  when: ZMedicineWhen,
  timeOfDay: z.array(ZTimeOfDay),
  frequency: z.string().nullable(),
  instruction: z.string().nullable(),
  sideEffect: z.string().nullable(),
  note: z.string().nullable(),
  color: z.string().nullable(),
  imageId: ZId.nullable(),
  totalDays: z.number().int().nullable(),
  refills: z.number().int(),
  scheduleType: ZScheduleType,
  reminder: z
    .object({
      name: z.string(),
      rule: ZReminderRule,
      times: z.array(z.object({ time: z.string(), label: z.string() })),
      startDate: z.string().nullable(),
      endDate: z.string().nullable(),
      preAlarmMinutes: z.number().int(),
      snoozeMinutes: z.number().int(),
      sound: ZReminderSound,
    })
    .nullable(),
});
export type TMedicine = z.infer<typeof ZMedicine>;

// ---- Prescription ----
export const PRESCRIPTION_STATUSES = ['ACTIVE', 'DEACTIVATED'] as const;
export const ZPrescriptionStatus = z.enum(PRESCRIPTION_STATUSES, 'Invalid status');
export type TPrescriptionStatus = z.infer<typeof ZPrescriptionStatus>;
/** Shown in lists: in use, expired (past the end date), deactivated. */
export const PRESCRIPTION_DISPLAY_STATES = ['IN_USE', 'EXPIRED', 'DEACTIVATED'] as const;
export const ZPrescriptionDisplayState = z.enum(PRESCRIPTION_DISPLAY_STATES, 'Invalid value');
export type TPrescriptionDisplayState = z.infer<typeof ZPrescriptionDisplayState>;

/**
 * POST /api/account/patients/{id}/prescriptions and PUT /api/account/prescriptions/{id}: a name, an Rx number and
 * at least 1 medication (patient-app §5); the end date (optional: none = until deactivated) not before the start.
 * doctorId: the doctor in charge — a doctor's own id by default; an assistant names one of the doctors they follow
 * (default: the patient's doctor).
 */
export const ZPrescriptionRequest = z
  .object({
    name: z
      .string('A prescription name is required')
      .trim()
      .min(1, 'A prescription name is required')
      .max(200, 'Max length is 200'),
    rxNumber: z
      .string('An Rx number is required')
      .trim()
      .min(1, 'An Rx number is required')
      .max(50, 'Max length is 50'),
    diagnosis: optText(2000),
    noteForPatient: optText(2000),
    doctorId: ZId.nullish().transform((v) => v ?? null),
    startDate: ZIsoDay,
    endDate: ZIsoDay.nullish().transform((v) => v ?? null),
    medicines: z
      .array(ZMedicineInput, 'A prescription needs at least 1 medication')
      .min(1, 'A prescription needs at least 1 medication')
      .max(30, 'Max 30 medications'),
  })
  .superRefine((b, ctx) => {
    if (b.endDate && b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after start date' });
  });
export type TPrescriptionRequest = z.input<typeof ZPrescriptionRequest>;
export type TPrescriptionInput = z.infer<typeof ZPrescriptionRequest>;

/** POST /api/account/prescriptions/{id}/reuse: a new prescription from an old one, with fresh dates (defaults: from today, same length). */
export const ZPrescriptionReuseRequest = z
  .object({
    startDate: ZIsoDay.optional(),
    endDate: ZIsoDay.nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate && b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be after start date' });
  });
export type TPrescriptionReuseRequest = z.infer<typeof ZPrescriptionReuseRequest>;

export const ZPrescription = z.object({
  id: ZId,
  patientId: ZId,
  patientName: z.string(),
  name: z.string(),
  rxNumber: z.string(),
  diagnosis: z.string().nullable(),
  noteForPatient: z.string().nullable(),
  doctorId: ZId,
  doctorName: z.string(),
  medicines: z.array(ZMedicine),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: ZPrescriptionStatus,
  displayState: ZPrescriptionDisplayState,
  /** The version this one replaced (edit) or was reused from; the version that replaced it. */
  previousId: ZId.nullable(),
  nextId: ZId.nullable(),
  /** How it came to be: NEW, EDIT (replaces previousId) or REUSE (copied from previousId). */
  origin: z.enum(['NEW', 'EDIT', 'REUSE']),
  createdAt: z.string(),
  createdBy: ZId.nullable(),
  createdByName: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export type TPrescription = z.infer<typeof ZPrescription>;

export const INTAKE_STATES = ['to_take', 'taken', 'taken_early', 'taken_late', 'skipped', 'unconfirmed'] as const;
export const ZIntakeState = z.enum(INTAKE_STATES, 'Invalid value');
export type TIntakeState = z.infer<typeof ZIntakeState>;
const count = z.number().int();
export const ZIntakeCounts = z.object({
  to_take: count,
  taken: count,
  taken_early: count,
  taken_late: count,
  skipped: count,
  unconfirmed: count,
});
export type TIntakeCounts = z.infer<typeof ZIntakeCounts>;

/** One version in a prescription's usage history (the chain of edits and reuses). */
export const ZPrescriptionVersion = ZPrescription.pick({
  id: true,
  name: true,
  rxNumber: true,
  status: true,
  displayState: true,
  origin: true,
  startDate: true,
  endDate: true,
  createdAt: true,
  createdByName: true,
  deactivatedAt: true,
});
export type TPrescriptionVersion = z.infer<typeof ZPrescriptionVersion>;
/** GET /api/account/prescriptions/{id}: the prescription, its usage history (oldest first) and its doses so far. */
export const ZPrescriptionDetail = ZPrescription.extend({
  history: z.array(ZPrescriptionVersion),
  intakes: z.object({ counts: ZIntakeCounts, percent: z.number().int().min(0).max(100).nullable() }),
});
export type TPrescriptionDetail = z.infer<typeof ZPrescriptionDetail>;
export const ZPrescriptionPage = page(ZPrescription);
export type TPrescriptionPage = z.infer<typeof ZPrescriptionPage>;
/** GET /api/account/patients/{id}/prescriptions. */
export const ZPrescriptionListQuery = ZPageQuery.extend({ state: ZPrescriptionDisplayState.optional() });
export type TPrescriptionListQuery = z.infer<typeof ZPrescriptionListQuery>;

// ---- Reminders, intakes ----
/** GET /api/account/patients/{id}/reminders: the reminders of active, scheduled medicines, with the next dose. */
export const ZReminderItem = z.object({
  prescriptionId: ZId,
  prescriptionName: z.string(),
  medicineId: ZId,
  medicineName: z.string(),
  dose: z.number(),
  doseUnit: ZDoseUnit,
  when: ZMedicineWhen,
  reminder: ZMedicine.shape.reminder.unwrap(),
  nextDoseAt: z.string().nullable(),
});
export type TReminderItem = z.infer<typeof ZReminderItem>;
export const ZReminderList = z.object({ items: z.array(ZReminderItem), timeZone: z.string() });
export type TReminderList = z.infer<typeof ZReminderList>;

/**
 * One planned dose. States (packages/clinical INTAKE_WINDOWS): confirmed within ±30 min of due → taken; earlier →
 * taken_early (not before due − 120 min); later → taken_late; skipped; no answer by due + 120 min → unconfirmed;
 * otherwise to_take.
 */
export const ZIntake = z.object({
  id: ZId,
  patientId: ZId,
  prescriptionId: ZId,
  medicineId: ZId,
  medicineName: z.string(),
  dose: z.number(),
  doseUnit: ZDoseUnit,
  when: ZMedicineWhen,
  timeLabel: z.string().nullable(),
  dueAt: z.string(),
  state: ZIntakeState,
  answeredAt: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
});
export type TIntake = z.infer<typeof ZIntake>;
/** GET /api/account/patients/{id}/intakes?from&to (at most 62 days; default the last 7 days and the next day). */
export const ZIntakeQuery = z.object({
  from: ZIsoDateTime.optional(),
  to: ZIsoDateTime.optional(),
  medicineId: ZId.optional(),
});
export type TIntakeQuery = z.infer<typeof ZIntakeQuery>;
export const ZIntakeList = z.object({ items: z.array(ZIntake) });
export type TIntakeList = z.infer<typeof ZIntakeList>;
export const INTAKE_QUERY_MAX_DAYS = 62;

/** POST /api/account/app/medication/intakes/{id}: the patient answers a dose (at: when taken; default now). */
export const ZIntakeConfirmRequest = z.object({
  action: z.enum(['taken', 'skipped'], 'Invalid value'),
  at: ZIsoDateTime.optional(),
});
export type TIntakeConfirmRequest = z.infer<typeof ZIntakeConfirmRequest>;
/** POST /api/account/app/medication/intakes/{id}/snooze: remind again in 5, 10 or 15 minutes. */
export const ZIntakeSnoozeRequest = z.object({ minutes: z.literal(SNOOZE_MINUTES, 'Invalid snooze') });
export type TIntakeSnoozeRequest = z.infer<typeof ZIntakeSnoozeRequest>;

// ---- Adherence ----
/** Percent (0–100) of due doses taken on time; null when no dose was due. `percent` is the 7-day figure. */
const ZPercent = z.number().int().min(0).max(100).nullable();
export const ZAdherenceFigures = z.object({ percent: ZPercent, percent7: ZPercent, percent30: ZPercent });
export const ZMedicineAdherence = ZAdherenceFigures.extend({ medicineId: ZId, name: z.string(), prescriptionId: ZId });
/** GET /api/account/patients/{id}/adherence. */
export const ZAdherence = z.object({ overall: ZAdherenceFigures, medicines: z.array(ZMedicineAdherence) });
export type TAdherence = z.infer<typeof ZAdherence>;
/** GET /api/account/adherence: the patients the user may see, lowest 7-day adherence first (no doses due: last). */
export const ZAdherenceRankQuery = ZPageQuery.extend({ q: z.string().trim().max(100, 'Max length is 100').optional() });
export type TAdherenceRankQuery = z.infer<typeof ZAdherenceRankQuery>;
export const ZAdherenceRankItem = ZAdherenceFigures.extend({
  patientId: ZId,
  patientName: z.string(),
  patientCode: z.string().nullable(),
  /** Doses missed (skipped or unconfirmed) in the last 7 days. */
  missed7: z.number().int(),
});
export type TAdherenceRankItem = z.infer<typeof ZAdherenceRankItem>;
export const ZAdherenceRankPage = page(ZAdherenceRankItem);
export type TAdherenceRankPage = z.infer<typeof ZAdherenceRankPage>;

// ---- Per-patient setting ----
/** GET/PUT /api/account/patients/{id}/medication-settings: consecutive missed doses that tell the caregivers. */
export const ZMedicationSettings = z.object({
  missedDoseThreshold: z
    .number('Required')
    .int('Must be a whole number')
    .min(1, 'Min value is 1')
    .max(10, 'Max value is 10'),
});
export type TMedicationSettings = z.infer<typeof ZMedicationSettings>;

/** POST /api/account/prescriptions/medicine-images (multipart `file`): a PNG/JPG under 1 MB; answers its id. */
export const ZMedicineImage = z.object({ id: ZId });
export type TMedicineImage = z.infer<typeof ZMedicineImage>;

// ---- Patient app ----
/**
 * GET /api/account/app/medication (me) and /api/account/app/patients/{id}/medication (me, a sub-user, or a
 * followed patient read-only): in-use prescriptions, today's doses (in the patient's zone), the reminders, and
 * the week's adherence. `canConfirm`: whether the caller may answer doses (the patient, or who manages a sub-user).
 */
export const ZAppMedication = z.object({
  patientId: ZId,
  timeZone: z.string(),
  canConfirm: z.boolean(),
  prescriptions: z.array(ZPrescription),
  today: z.array(ZIntake),
  reminders: z.array(ZReminderItem),
  adherence: ZAdherence,
});
export type TAppMedication = z.infer<typeof ZAppMedication>;
