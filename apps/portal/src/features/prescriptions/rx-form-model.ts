import type {
  TDoseUnit,
  TMedicine,
  TMedicineForm,
  TMedicineRoute,
  TMedicineWhen,
  TPrescription,
  TPrescriptionRequest,
  TReminderRuleKind,
  TReminderSound,
  TScheduleType,
  TTimeOfDay,
} from '@carewatch/contracts/prescriptions';

/** Number inputs hold '' while empty. */
type Num = number | string;

export interface TimeRow {
  time: string;
  label: string;
}
export interface ReminderForm {
  name: string;
  kind: TReminderRuleKind;
  daysOfWeek: number[];
  daysOfMonth: number[];
  onDays: Num;
  offDays: Num;
  date: string;
  everyHours: Num;
  from: string;
  until: string;
  times: TimeRow[];
  startDate: string;
  endDate: string;
  preAlarmMinutes: number;
  snoozeMinutes: number;
  sound: TReminderSound;
}
export interface MedicineForm {
  /** React key only. */
  key: string;
  name: string;
  dose: Num;
  doseUnit: TDoseUnit;
  strength: string;
  route: TMedicineRoute;
  form: TMedicineForm;
  quantity: Num;
  when: TMedicineWhen;
  timeOfDay: TTimeOfDay[];
  frequency: string;
  instruction: string;
  sideEffect: string;
  note: string;
  color: string;
  imageId: string | null;
  totalDays: Num;
  refills: Num;
  scheduleType: TScheduleType;
  reminder: ReminderForm;
}
export interface RxForm {
  name: string;
  rxNumber: string;
  diagnosis: string;
  noteForPatient: string;
  doctorId: string;
  startDate: string;
  endDate: string;
  medicines: MedicineForm[];
}

let seq = 0;
const newKey = () => `m${++seq}`;

export const emptyReminder = (): ReminderForm => ({
  name: '',
  kind: 'daily',
  daysOfWeek: [],
  daysOfMonth: [],
  onDays: 21,
  offDays: 7,
  date: '',
  everyHours: 8,
  from: '08:00',
  until: '',
  times: [{ time: '08:00', label: '' }],
  startDate: '',
  endDate: '',
  preAlarmMinutes: 0,
  snoozeMinutes: 10,
  sound: 'DEFAULT',
});

export const emptyMedicine = (): MedicineForm => ({
  key: newKey(),
  name: '',
  dose: 1,
  doseUnit: 'TABLET',
  strength: '',
  route: 'ORAL',
  form: 'TABLET',
  quantity: '',
  when: 'ANYTIME',
  timeOfDay: [],
  frequency: '',
  instruction: '',
  sideEffect: '',
  note: '',
  color: '',
  imageId: null,
  totalDays: '',
  refills: 0,
  scheduleType: 'ON_SCHEDULE',
  reminder: emptyReminder(),
});

export const emptyRx = (doctorId: string, today: string): RxForm => ({
  name: '',
  rxNumber: '',
  diagnosis: '',
  noteForPatient: '',
  doctorId,
  startDate: today,
  endDate: '',
  medicines: [emptyMedicine()],
});

const num = (v: Num): number | undefined => (v === '' || v === null ? undefined : Number(v));
const opt = (v: string) => (v.trim() ? v : null);

function reminderFromForm(r: ReminderForm, medicineName: string) {
  const rule = (() => {
    switch (r.kind) {
      case 'daily':
        return { kind: 'daily' as const };
      case 'weekly':
        return { kind: 'weekly' as const, daysOfWeek: [...r.daysOfWeek].sort((a, b) => a - b) };
      case 'monthly':
        return { kind: 'monthly' as const, daysOfMonth: [...r.daysOfMonth].sort((a, b) => a - b) };
      case 'cycle':
        return { kind: 'cycle' as const, onDays: num(r.onDays) as number, offDays: num(r.offDays) as number };
      case 'once':
        return { kind: 'once' as const, date: r.date };
      case 'hourly':
        return {
          kind: 'hourly' as const,
          everyHours: num(r.everyHours) as number,
          from: r.from,
          ...(r.until ? { until: r.until } : {}),
        };
    }
  })();
  return {
    // The reminder's name defaults to the medicine's (what the patient sees in the notification).
    name: r.name.trim() || medicineName,
    rule,
    times: r.kind === 'hourly' ? [] : r.times,
    startDate: r.startDate || null,
    endDate: r.endDate || null,
    preAlarmMinutes: r.preAlarmMinutes as 0,
    snoozeMinutes: r.snoozeMinutes as 10,
    sound: r.sound,
  };
}

/** The API's request body from the form (validated by ZPrescriptionRequest before sending). */
export function toRequest(f: RxForm): TPrescriptionRequest {
  return {
    name: f.name,
    rxNumber: f.rxNumber,
    diagnosis: opt(f.diagnosis),
    noteForPatient: opt(f.noteForPatient),
    doctorId: f.doctorId || null,
    startDate: f.startDate,
    endDate: f.endDate || null,
    medicines: f.medicines.map((m) => ({
      name: m.name,
      dose: num(m.dose) as number,
      doseUnit: m.doseUnit,
      strength: opt(m.strength),
      route: m.route,
      form: m.form,
      quantity: num(m.quantity) ?? null,
      when: m.when,
      timeOfDay: m.timeOfDay,
      frequency: opt(m.frequency),
      instruction: opt(m.instruction),
      sideEffect: opt(m.sideEffect),
      note: opt(m.note),
      color: m.color || null,
      imageId: m.imageId,
      totalDays: num(m.totalDays) ?? null,
      refills: num(m.refills) ?? 0,
      scheduleType: m.scheduleType,
      // On-demand medicines have no reminders (spec §9).
      reminder: m.scheduleType === 'ON_DEMAND' ? null : reminderFromForm(m.reminder, m.name),
    })),
  };
}

function reminderToForm(r: TMedicine['reminder']): ReminderForm {
  const base = emptyReminder();
  if (!r) return base;
  const rule = r.rule;
  return {
    ...base,
    name: r.name,
    kind: rule.kind,
    times: r.times.map((x) => ({ time: x.time, label: x.label })),
    startDate: r.startDate ?? '',
    endDate: r.endDate ?? '',
    preAlarmMinutes: r.preAlarmMinutes,
    snoozeMinutes: r.snoozeMinutes,
    sound: r.sound,
    ...(rule.kind === 'weekly' ? { daysOfWeek: rule.daysOfWeek } : {}),
    ...(rule.kind === 'monthly' ? { daysOfMonth: rule.daysOfMonth } : {}),
    ...(rule.kind === 'cycle' ? { onDays: rule.onDays, offDays: rule.offDays } : {}),
    ...(rule.kind === 'once' ? { date: rule.date } : {}),
    ...(rule.kind === 'hourly' ? { everyHours: rule.everyHours, from: rule.from, until: rule.until ?? '' } : {}),
  };
}

/** A form filled from an existing prescription (edit, or reuse with new dates). */
export function fromPrescription(p: TPrescription, dates?: { startDate: string; endDate: string }): RxForm {
  return {
    name: p.name,
    rxNumber: p.rxNumber,
    diagnosis: p.diagnosis ?? '',
    noteForPatient: p.noteForPatient ?? '',
    doctorId: p.doctorId,
    startDate: dates?.startDate ?? p.startDate,
    endDate: dates ? dates.endDate : (p.endDate ?? ''),
    medicines: p.medicines.map((m) => ({
      key: newKey(),
      name: m.name,
      dose: m.dose,
      doseUnit: m.doseUnit,
      strength: m.strength ?? '',
      route: m.route,
      form: m.form,
      quantity: m.quantity ?? '',
      when: m.when,
      timeOfDay: m.timeOfDay,
      frequency: m.frequency ?? '',
      instruction: m.instruction ?? '',
      sideEffect: m.sideEffect ?? '',
      note: m.note ?? '',
      color: m.color ?? '',
      imageId: m.imageId,
      totalDays: m.totalDays ?? '',
      refills: m.refills,
      scheduleType: m.scheduleType,
      // Reused reminders follow the new prescription's dates.
      reminder: dates ? { ...reminderToForm(m.reminder), startDate: '', endDate: '' } : reminderToForm(m.reminder),
    })),
  };
}

/** YYYY-MM-DD plus n days (calendar arithmetic, no zone). */
export function addDays(ymd: string, n: number): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
/** Today's calendar day in a zone. */
export const todayIn = (tz: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz || undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
