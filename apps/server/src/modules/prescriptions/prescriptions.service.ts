import { personName } from '@carewatch/contracts/names';
import {
  INTAKE_QUERY_MAX_DAYS,
  MEDICINE_IMAGE_MAX_BYTES,
  type TAdherence,
  type TAdherenceRankPage,
  type TAdherenceRankQuery,
  type TDoseUnit,
  type TIntake,
  type TIntakeCounts,
  type TIntakeList,
  type TIntakeQuery,
  type TMedicationSettings,
  type TMedicine,
  type TMedicineForm,
  type TMedicineRoute,
  type TMedicineWhen,
  type TPrescription,
  type TPrescriptionDetail,
  type TPrescriptionDisplayState,
  type TPrescriptionInput,
  type TPrescriptionListQuery,
  type TPrescriptionPage,
  type TPrescriptionReuseRequest,
  type TPrescriptionStatus,
  type TReminder,
  type TReminderItem,
  type TReminderList,
  type TScheduleType,
  type TTimeOfDay,
} from '@carewatch/contracts/prescriptions';
import {
  INTAKE_WINDOWS,
  adherencePercent,
  intakeState,
  localDate,
  type IntakeState,
} from '@carewatch/clinical/medication';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sniffImage } from '../../platform/files.ts';
import { newFileKey } from '../../platform/file-store.ts';
import { newId } from '../../platform/ids.ts';
import { patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import { actingDoctorIds, requireDoctor } from '../schedules/schedules.service.ts';
import { ensureMedicationSweep, planDoses, tzOrDefault } from './medication.jobs.ts';
import * as repo from './prescriptions.repo.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const name = (first: string | null, last: string | null, lang: string) =>
  personName({ firstName: first ?? '', lastName: last ?? '' }, lang);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- mapping

export function toMedicine(m: repo.MedicineRow): TMedicine {
  const r = m.reminder as TReminder | null;
  return {
    id: m.id,
    name: m.name,
    dose: m.dose,
    doseUnit: m.dose_unit as TDoseUnit,
    strength: m.strength,
    route: m.route as TMedicineRoute,
    form: m.form as TMedicineForm,
    quantity: m.quantity,
    when: m.when_taken as TMedicineWhen,
    timeOfDay: m.time_of_day as TTimeOfDay[],
    frequency: m.frequency,
    instruction: m.instruction,
    sideEffect: m.side_effect,
    note: m.note,
    color: m.color,
    imageId: m.image_id,
    totalDays: m.total_days,
    refills: m.refills,
    scheduleType: m.schedule_type as TScheduleType,
    reminder: r
      ? {
          name: r.name,
          rule: r.rule,
          times: r.times.map((t) => ({ time: t.time, label: t.label ?? '' })),
          startDate: r.startDate ?? null,
          endDate: r.endDate ?? null,
          preAlarmMinutes: r.preAlarmMinutes ?? 0,
          snoozeMinutes: r.snoozeMinutes ?? 10,
          sound: r.sound ?? 'DEFAULT',
        }
      : null,
  };
}

export function displayState(
  r: Pick<repo.PrescriptionRow, 'status' | 'end_date'>,
  today: string,
): TPrescriptionDisplayState {
  if (r.status === 'DEACTIVATED') return 'DEACTIVATED';
  return r.end_date !== null && r.end_date < today ? 'EXPIRED' : 'IN_USE';
}

export function toPrescription(
  r: repo.PrescriptionRow,
  meds: repo.MedicineRow[],
  today: string,
  lang: string,
): TPrescription {
  return {
    id: r.id,
    patientId: r.patient_id,
    patientName: name(r.patient_first, r.patient_last, lang),
    name: r.name,
    rxNumber: r.rx_number,
    diagnosis: r.diagnosis,
    noteForPatient: r.note_for_patient,
    doctorId: r.doctor_id,
    doctorName: name(r.doctor_first, r.doctor_last, lang),
    medicines: meds.filter((m) => m.prescription_id === r.id).map(toMedicine),
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status as TPrescriptionStatus,
    displayState: displayState(r, today),
    previousId: r.previous_id,
    nextId: r.next_id,
    origin: r.origin as TPrescription['origin'],
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    createdByName: r.created_by ? name(r.creator_first, r.creator_last, lang) : null,
    deactivatedAt: iso(r.deactivated_at),
  };
}

const answerOf = (r: Pick<repo.IntakeRow, 'action' | 'action_at'>) =>
  r.action && r.action_at ? { action: r.action, at: r.action_at } : null;
export const stateOf = (r: Pick<repo.IntakeRow, 'due_at' | 'action' | 'action_at'>, now: Date): IntakeState =>
  intakeState(r.due_at, answerOf(r), now);

export function toIntake(r: repo.IntakeRow, now: Date): TIntake {
  return {
    id: r.id,
    patientId: r.patient_id,
    prescriptionId: r.prescription_id,
    medicineId: r.medicine_id,
    medicineName: r.medicine_name,
    dose: r.dose,
    doseUnit: r.dose_unit as TDoseUnit,
    when: r.when_taken as TMedicineWhen,
    timeLabel: r.time_label,
    dueAt: r.due_at.toISOString(),
    state: stateOf(r, now),
    answeredAt: iso(r.action_at),
    snoozedUntil: r.snoozed_until && r.snoozed_until > now ? r.snoozed_until.toISOString() : null,
  };
}

/** The patient's zone (their app account's; the product's home zone without one) and local date today. */
export async function patientClock(
  db: Db,
  tenantId: string,
  patientId: string,
  now: Date,
): Promise<{ patient: repo.PatientRxRow; tz: string; today: string }> {
  const patient = await repo.patientForRx(db, tenantId, patientId);
  if (!patient) throw new AppError('PATIENT_NOT_FOUND');
  const tz = tzOrDefault(patient.timezone);
  return { patient, tz, today: localDate(now, tz) };
}

// ---------------------------------------------------------------- access

/** A prescription of a patient the caller may see, or PRESCRIPTION_NOT_FOUND (another tenant's, invisible, missing). */
async function requireRx(ctx: AuthedCtx, id: string): Promise<repo.PrescriptionRow> {
  const row = await repo.findPrescription(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('PRESCRIPTION_NOT_FOUND');
  try {
    await requireVisiblePatient(ctx, row.patient_id);
  } catch {
    throw new AppError('PRESCRIPTION_NOT_FOUND');
  }
  return row;
}

/**
 * Who prescribes (spec §6): a doctor for the patients they see (in charge: themself, or another doctor of the
 * patient); an assistant only for the patients of the doctors they follow (in charge: one of those doctors); another
 * role holding the permission names one of the patient's doctors. Answers the doctor in charge.
 */
async function doctorInCharge(
  ctx: AuthedCtx,
  patientId: string,
  requested: string | null,
  fallback: string | null,
): Promise<string> {
  await requireVisiblePatient(ctx, patientId);
  const patientDoctors = await repo.doctorsOfPatient(ctx.db, ctx.auth.tenantId, patientId);
  const acting = await actingDoctorIds(ctx);
  if (ctx.auth.roleCode === 'doctor') {
    const id = requested ?? ctx.auth.userId;
    if (id !== ctx.auth.userId && !patientDoctors.includes(id))
      throw new AppError('DOCTOR_NOT_FOUND', { field: 'doctorId' });
    return id;
  }
  if (ctx.auth.roleCode === 'doctor_assistant') {
    const mine = patientDoctors.filter((d) => (acting ?? []).includes(d));
    if (mine.length === 0) throw new AppError('PERMISSION_DENIED');
    const id = requested ?? (fallback && mine.includes(fallback) ? fallback : mine[0]!);
    if (!mine.includes(id)) throw new AppError('DOCTOR_NOT_FOUND', { field: 'doctorId' });
    return id;
  }
  const id = requested ?? fallback ?? patientDoctors[0];
  if (!id)
    throw new AppError('VALIDATION_ERROR', {
      field: 'doctorId',
      rule: 'required',
      fields: [{ field: 'doctorId', rule: 'required', message: 'Required' }],
    });
  await requireDoctor(ctx, id, false);
  return id;
}

async function checkImages(db: Db, tenantId: string, input: TPrescriptionInput): Promise<void> {
  for (const [i, m] of input.medicines.entries()) {
    if (m.imageId && !(await repo.findImage(db, tenantId, m.imageId))) {
      const field = `medicines.${i}.imageId`;
      throw new AppError('VALIDATION_ERROR', {
        field,
        rule: 'exists',
        fields: [{ field, rule: 'exists', message: 'Image not found' }],
      });
    }
  }
}

const medicineRows = (input: TPrescriptionInput['medicines'], now: Date): repo.NewMedicine[] =>
  input.map((m, i) => ({
    id: newId(now.getTime()),
    position: i,
    name: m.name,
    med_key: m.name.trim().toLowerCase(),
    dose: m.dose,
    dose_unit: m.doseUnit,
    strength: m.strength,
    route: m.route,
    form: m.form,
    quantity: m.quantity,
    when_taken: m.when,
    time_of_day: m.timeOfDay,
    frequency: m.frequency,
    instruction: m.instruction,
    side_effect: m.sideEffect,
    note: m.note,
    color: m.color,
    image_id: m.imageId,
    total_days: m.totalDays,
    refills: m.refills,
    schedule_type: m.scheduleType,
    reminder:
      m.scheduleType === 'ON_SCHEDULE' && m.reminder ? (m.reminder as unknown as Record<string, unknown>) : null,
  }));

/** Writes one version with its medicines, plans its doses to the horizon and makes sure the sweeper runs. */
async function writeVersion(
  db: Db,
  ctx: AuthedCtx,
  v: Omit<repo.NewPrescription, 'id' | 'createdBy' | 'now'>,
  medicines: repo.NewMedicine[],
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await repo.insertPrescription(db, ctx.auth.tenantId, { ...v, id, createdBy: ctx.auth.userId, now });
  await repo.insertMedicines(db, ctx.auth.tenantId, id, v.patientId, medicines);
  await planDoses(db, now, { prescriptionId: id });
  await ensureMedicationSweep({ db, clock: ctx.clock });
  return id;
}

// ---------------------------------------------------------------- staff: prescriptions

export async function listPrescriptions(
  ctx: AuthedCtx,
  patientId: string,
  q: TPrescriptionListQuery,
): Promise<TPrescriptionPage> {
  await requireVisiblePatient(ctx, patientId);
  const { today } = await patientClock(ctx.db, ctx.auth.tenantId, patientId, ctx.clock.now());
  const { rows, total } = await repo.listPrescriptions(
    ctx.db,
    ctx.auth.tenantId,
    patientId,
    today,
    q.state,
    q.page,
    q.size,
  );
  const meds = await repo.medicinesOf(
    ctx.db,
    ctx.auth.tenantId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toPrescription(r, meds, today, ctx.auth.language)),
    total,
    page: q.page,
    size: q.size,
  };
}

const emptyCounts = (): TIntakeCounts => ({
  to_take: 0,
  taken: 0,
  taken_early: 0,
  taken_late: 0,
  skipped: 0,
  unconfirmed: 0,
});

export async function prescriptionDetailOf(
  db: Db,
  tenantId: string,
  r: repo.PrescriptionRow,
  lang: string,
  now: Date,
): Promise<TPrescriptionDetail> {
  const { today } = await patientClock(db, tenantId, r.patient_id, now);
  const [meds, chain, intakes] = await Promise.all([
    repo.medicinesOf(db, tenantId, [r.id]),
    repo.versionChain(db, tenantId, r.id),
    repo.intakesOfPrescriptions(db, tenantId, [r.id], now),
  ]);
  const counts = emptyCounts();
  const states = intakes.map((i) => stateOf(i, now));
  for (const s of states) counts[s]++;
  return {
    ...toPrescription(r, meds, today, lang),
    history: chain.map((v) => {
      const p = toPrescription(v, [], today, lang);
      return {
        id: p.id,
        name: p.name,
        rxNumber: p.rxNumber,
        status: p.status,
        displayState: p.displayState,
        origin: p.origin,
        startDate: p.startDate,
        endDate: p.endDate,
        createdAt: p.createdAt,
        createdByName: p.createdByName,
        deactivatedAt: p.deactivatedAt,
      };
    }),
    intakes: { counts, percent: adherencePercent(states) },
  };
}

export async function prescriptionDetail(ctx: AuthedCtx, id: string): Promise<TPrescriptionDetail> {
  return prescriptionDetailOf(ctx.db, ctx.auth.tenantId, await requireRx(ctx, id), ctx.auth.language, ctx.clock.now());
}

async function detailById(ctx: AuthedCtx, id: string): Promise<TPrescriptionDetail> {
  const r = await repo.findPrescription(ctx.db, ctx.auth.tenantId, id);
  return prescriptionDetailOf(ctx.db, ctx.auth.tenantId, r!, ctx.auth.language, ctx.clock.now());
}

export async function createPrescription(
  ctx: AuthedCtx,
  patientId: string,
  input: TPrescriptionInput,
): Promise<TPrescriptionDetail> {
  const doctorId = await doctorInCharge(ctx, patientId, input.doctorId, null);
  await checkImages(ctx.db, ctx.auth.tenantId, input);
  const now = ctx.clock.now();
  const id = await ctx.db.tx(async (db) => {
    await repo.lockPatient(db, ctx.auth.tenantId, patientId);
    return writeVersion(
      db,
      ctx,
      {
        patientId,
        doctorId,
        name: input.name,
        rxNumber: input.rxNumber,
        diagnosis: input.diagnosis,
        noteForPatient: input.noteForPatient,
        startDate: input.startDate,
        endDate: input.endDate,
        origin: 'NEW',
        previousId: null,
      },
      medicineRows(input.medicines, now),
      now,
    );
  });
  return detailById(ctx, id);
}

/**
 * Editing deactivates the prescription (irreversibly) and writes a new version linked to it; the old version's doses
 * still to come are removed (their notifications with them) and the new version plans its own.
 */
export async function editPrescription(
  ctx: AuthedCtx,
  id: string,
  input: TPrescriptionInput,
): Promise<TPrescriptionDetail> {
  const old = await requireRx(ctx, id);
  if (old.status === 'DEACTIVATED') throw new AppError('PRESCRIPTION_DEACTIVATED');
  const doctorId = await doctorInCharge(ctx, old.patient_id, input.doctorId, old.doctor_id);
  await checkImages(ctx.db, ctx.auth.tenantId, input);
  const now = ctx.clock.now();
  const newIdValue = await ctx.db.tx(async (db) => {
    await repo.lockPatient(db, ctx.auth.tenantId, old.patient_id);
    const locked = await repo.findPrescription(db, ctx.auth.tenantId, id, true);
    if (!locked || locked.status === 'DEACTIVATED') throw new AppError('PRESCRIPTION_DEACTIVATED');
    const nid = await writeVersion(
      db,
      ctx,
      {
        patientId: old.patient_id,
        doctorId,
        name: input.name,
        rxNumber: input.rxNumber,
        diagnosis: input.diagnosis,
        noteForPatient: input.noteForPatient,
        startDate: input.startDate,
        endDate: input.endDate,
        origin: 'EDIT',
        previousId: id,
      },
      medicineRows(input.medicines, now),
      now,
    );
    await repo.deactivate(db, ctx.auth.tenantId, id, ctx.auth.userId, now, nid);
    await repo.deleteFutureIntakes(db, ctx.auth.tenantId, id, now);
    return nid;
  });
  return detailById(ctx, newIdValue);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A new prescription copied from an old one (any state), with fresh dates: from today by default, the same length. */
export async function reusePrescription(
  ctx: AuthedCtx,
  id: string,
  b: TPrescriptionReuseRequest,
): Promise<TPrescriptionDetail> {
  const old = await requireRx(ctx, id);
  const doctorId = await doctorInCharge(ctx, old.patient_id, null, old.doctor_id);
  const now = ctx.clock.now();
  const { today } = await patientClock(ctx.db, ctx.auth.tenantId, old.patient_id, now);
  const startDate = b.startDate ?? today;
  const endDate =
    b.endDate !== undefined
      ? b.endDate
      : old.end_date
        ? addDays(startDate, Math.round((Date.parse(old.end_date) - Date.parse(old.start_date)) / DAY_MS))
        : null;
  if (endDate && endDate < startDate)
    throw new AppError('VALIDATION_ERROR', {
      field: 'endDate',
      rule: 'after_start',
      fields: [{ field: 'endDate', rule: 'after_start', message: 'End date must be after start date' }],
    });
  const meds = await repo.medicinesOf(ctx.db, ctx.auth.tenantId, [id]);
  const copies: repo.NewMedicine[] = meds.map((m) => {
    // The reminder follows the new prescription's dates (its own dates belonged to the old one).
    const r = m.reminder as TReminder | null;
    return {
      ...m,
      id: newId(now.getTime()),
      reminder: r ? ({ ...r, startDate: null, endDate: null } as unknown as Record<string, unknown>) : null,
    };
  });
  const nid = await ctx.db.tx(async (db) => {
    await repo.lockPatient(db, ctx.auth.tenantId, old.patient_id);
    return writeVersion(
      db,
      ctx,
      {
        patientId: old.patient_id,
        doctorId,
        name: old.name,
        rxNumber: old.rx_number,
        diagnosis: old.diagnosis,
        noteForPatient: old.note_for_patient,
        startDate,
        endDate,
        origin: 'REUSE',
        previousId: id,
      },
      copies,
      now,
    );
  });
  return detailById(ctx, nid);
}

export async function deactivatePrescription(ctx: AuthedCtx, id: string): Promise<TPrescriptionDetail> {
  const old = await requireRx(ctx, id);
  if (old.status === 'DEACTIVATED') throw new AppError('PRESCRIPTION_DEACTIVATED');
  await doctorInCharge(ctx, old.patient_id, null, old.doctor_id);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const locked = await repo.findPrescription(db, ctx.auth.tenantId, id, true);
    if (!locked || locked.status === 'DEACTIVATED') throw new AppError('PRESCRIPTION_DEACTIVATED');
    await repo.deactivate(db, ctx.auth.tenantId, id, ctx.auth.userId, now, null);
    await repo.deleteFutureIntakes(db, ctx.auth.tenantId, id, now);
  });
  return detailById(ctx, id);
}

// ---------------------------------------------------------------- reminders, intakes, adherence (shared with the app)

/** The reminders of in-use, scheduled medicines with their next planned dose. */
export async function remindersOf(db: Db, tenantId: string, patientId: string, now: Date): Promise<TReminderList> {
  const { tz, today } = await patientClock(db, tenantId, patientId, now);
  const rx = (await repo.activePrescriptions(db, tenantId, patientId)).filter(
    (r) => displayState(r, today) === 'IN_USE',
  );
  const meds = await repo.medicinesOf(
    db,
    tenantId,
    rx.map((r) => r.id),
  );
  const next = new Map(
    (await repo.nextDoses(db, tenantId, patientId, now)).map((n) => [n.medicine_id, new Date(n.due_at)]),
  );
  const items: TReminderItem[] = [];
  for (const m of meds) {
    const med = toMedicine(m);
    if (!med.reminder) continue;
    const r = rx.find((p) => p.id === m.prescription_id)!;
    items.push({
      prescriptionId: r.id,
      prescriptionName: r.name,
      medicineId: m.id,
      medicineName: m.name,
      dose: m.dose,
      doseUnit: med.doseUnit,
      when: med.when,
      reminder: med.reminder,
      nextDoseAt: iso(next.get(m.id) ?? null),
    });
  }
  return { items, timeZone: tz };
}

export async function adherenceOf(db: Db, tenantId: string, patientId: string, now: Date): Promise<TAdherence> {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  // Doses answered ahead of time (a dose may be answered from INTAKE_WINDOWS.earlyLimitMinutes before it is due) count at
  // once: a skip is a decision, and the doctor should see it now. Unanswered future doses stay 'to_take' and count not.
  const rows = await repo.listIntakes(
    db,
    tenantId,
    patientId,
    since30,
    new Date(now.getTime() + INTAKE_WINDOWS.earlyLimitMinutes * 60_000 + 1),
  );
  const figures = (list: repo.IntakeRow[]) => {
    const p7 = adherencePercent(list.filter((r) => r.due_at >= since7).map((r) => stateOf(r, now)));
    return { percent: p7, percent7: p7, percent30: adherencePercent(list.map((r) => stateOf(r, now))) };
  };
  const byKey = new Map<string, repo.IntakeRow[]>();
  for (const r of rows) byKey.set(r.med_key, [...(byKey.get(r.med_key) ?? []), r]);
  const medicines: TAdherence['medicines'] = [...byKey.values()].map((list) => {
    const last = list[list.length - 1]!;
    return {
      medicineId: last.medicine_id,
      name: last.medicine_name,
      prescriptionId: last.prescription_id,
      ...figures(list),
    };
  });
  // Scheduled medicines in use with no dose due yet are listed too (no figure yet).
  const { today } = await patientClock(db, tenantId, patientId, now);
  const rx = (await repo.activePrescriptions(db, tenantId, patientId)).filter(
    (r) => displayState(r, today) === 'IN_USE',
  );
  for (const m of await repo.medicinesOf(
    db,
    tenantId,
    rx.map((r) => r.id),
  )) {
    if (m.schedule_type === 'ON_SCHEDULE' && !byKey.has(m.med_key)) {
      byKey.set(m.med_key, []);
      medicines.push({
        medicineId: m.id,
        name: m.name,
        prescriptionId: m.prescription_id,
        percent: null,
        percent7: null,
        percent30: null,
      });
    }
  }
  return { overall: figures(rows), medicines };
}

export async function listIntakesOf(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  now: Date,
  medicineId?: string,
): Promise<TIntake[]> {
  return (await repo.listIntakes(db, tenantId, patientId, from, to, medicineId)).map((r) => toIntake(r, now));
}

export async function patientReminders(ctx: AuthedCtx, patientId: string): Promise<TReminderList> {
  await requireVisiblePatient(ctx, patientId);
  return remindersOf(ctx.db, ctx.auth.tenantId, patientId, ctx.clock.now());
}

const rangeError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', { field, rule: 'range', fields: [{ field, rule: 'range', message }] });

export async function patientIntakes(ctx: AuthedCtx, patientId: string, q: TIntakeQuery): Promise<TIntakeList> {
  await requireVisiblePatient(ctx, patientId);
  const now = ctx.clock.now();
  const from = q.from ? new Date(q.from) : new Date(now.getTime() - 7 * DAY_MS);
  const to = q.to ? new Date(q.to) : new Date(now.getTime() + DAY_MS);
  if (to <= from) throw rangeError('to', 'End date must be after start date');
  if (to.getTime() - from.getTime() > INTAKE_QUERY_MAX_DAYS * DAY_MS)
    throw rangeError('to', `At most ${INTAKE_QUERY_MAX_DAYS} days`);
  return { items: await listIntakesOf(ctx.db, ctx.auth.tenantId, patientId, from, to, now, q.medicineId) };
}

export async function patientAdherence(ctx: AuthedCtx, patientId: string): Promise<TAdherence> {
  await requireVisiblePatient(ctx, patientId);
  return adherenceOf(ctx.db, ctx.auth.tenantId, patientId, ctx.clock.now());
}

export async function adherenceRanking(ctx: AuthedCtx, q: TAdherenceRankQuery): Promise<TAdherenceRankPage> {
  const now = ctx.clock.now();
  const { rows, total } = await repo.adherenceRanking(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    {
      now,
      since7: new Date(now.getTime() - 7 * DAY_MS),
      since30: new Date(now.getTime() - 30 * DAY_MS),
      onTimeSec: INTAKE_WINDOWS.onTimeMinutes * 60,
      confirmBefore: new Date(now.getTime() - INTAKE_WINDOWS.confirmWindowMinutes * MINUTE_MS),
      q: q.q,
    },
    q.page,
    q.size,
  );
  return {
    items: rows.map((r) => ({
      patientId: r.patient_id,
      patientName: name(r.first_name, r.last_name, ctx.auth.language),
      patientCode: r.patient_code,
      percent: r.p7,
      percent7: r.p7,
      percent30: r.p30,
      missed7: r.missed7,
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

// ---------------------------------------------------------------- settings, images

export async function getMedicationSettings(ctx: AuthedCtx, patientId: string): Promise<TMedicationSettings> {
  await requireVisiblePatient(ctx, patientId);
  const { patient } = await patientClock(ctx.db, ctx.auth.tenantId, patientId, ctx.clock.now());
  return { missedDoseThreshold: patient.missed_dose_threshold };
}

export async function putMedicationSettings(
  ctx: AuthedCtx,
  patientId: string,
  b: TMedicationSettings,
): Promise<TMedicationSettings> {
  await requireVisiblePatient(ctx, patientId);
  await repo.setMissedDoseThreshold(ctx.db, ctx.auth.tenantId, patientId, b.missedDoseThreshold);
  return getMedicationSettings(ctx, patientId);
}

/** A medicine picture: PNG or JPG under 1 MB, by its content (never its name). */
export async function uploadMedicineImage(ctx: AuthedCtx, data: Buffer | null): Promise<{ id: string }> {
  if (!data || data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file' });
  if (data.length >= MEDICINE_IMAGE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_1mb' });
  const kind = sniffImage(data);
  if (!kind) throw new AppError('INVALID_FILE_TYPE', { field: 'file', rule: 'png_jpg' });
  const now = ctx.clock.now();
  const id = newId(now.getTime());
  const { key: path } = await ctx.files.put(
    newFileKey('medicines', ctx.auth.tenantId, kind === 'png' ? 'png' : 'jpg'),
    data,
  );
  await repo.insertImage(ctx.db, ctx.auth.tenantId, {
    id,
    path,
    mime: kind === 'png' ? 'image/png' : 'image/jpeg',
    by: ctx.auth.userId,
    now,
  });
  return { id };
}

export async function readMedicineImage(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string }> {
  const img = await repo.findImage(ctx.db, ctx.auth.tenantId, id);
  const data = img ? await ctx.files.readAll(img.path) : null;
  if (!img || !data) throw new AppError('NOT_FOUND');
  return { data, type: img.mime };
}
