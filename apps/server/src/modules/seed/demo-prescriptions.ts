import { localDate } from '@carewatch/clinical/medication';
import type { TReminder } from '@carewatch/contracts/prescriptions';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { planDoses, plannedIntakes } from '../prescriptions/medication.jobs.ts';
import * as rx from '../prescriptions/prescriptions.repo.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const reminder = (name: string, times: Array<{ time: string; label: string }>): TReminder => ({
  name,
  rule: { kind: 'daily' },
  times,
  startDate: null,
  endDate: null,
  preAlarmMinutes: 10,
  snoozeMinutes: 10,
  sound: 'DEFAULT',
});

/**
 * The demo patient's medication (issue 16): an active prescription by the demo doctor, started a week ago, with two
 * scheduled medicines — amlodipine each morning, metformin morning and evening — and a week of answered doses with a
 * few misses (never two in a row of one medicine, so no caregiver notice is due); the next 48 hours are planned.
 */
export async function seedDemoPrescriptions(
  db: Db,
  tenantId: string,
  o: { doctorId: string; patientId: string; patientUserId: string; now: Date; timeZone?: string },
): Promise<void> {
  const tz = o.timeZone ?? 'Asia/Ho_Chi_Minh';
  const today = localDate(o.now, tz);
  const start = addDays(today, -7);
  const id = newId(o.now.getTime() - 7 * DAY_MS);
  await rx.insertPrescription(db, tenantId, {
    id,
    patientId: o.patientId,
    doctorId: o.doctorId,
    name: 'Blood pressure and diabetes',
    rxNumber: 'RX-2026-0001',
    diagnosis: 'Hypertension stage 1; type 2 diabetes',
    noteForPatient: 'Take after breakfast and dinner. Measure your blood pressure each morning.',
    startDate: start,
    endDate: addDays(today, 23),
    origin: 'NEW',
    previousId: null,
    createdBy: o.doctorId,
    now: new Date(o.now.getTime() - 7 * DAY_MS),
  });
  const base = {
    strength: null,
    quantity: 30,
    time_of_day: ['MORNING'],
    frequency: null,
    side_effect: null,
    note: null,
    image_id: null,
    total_days: null,
    refills: 0,
    schedule_type: 'ON_SCHEDULE',
    route: 'ORAL',
    form: 'TABLET',
    dose_unit: 'TABLET',
  };
  const meds: rx.NewMedicine[] = [
    {
      ...base,
      id: newId(),
      position: 0,
      name: 'Amlodipine',
      med_key: 'amlodipine',
      dose: 1,
      strength: '5 mg',
      when_taken: 'AFTER_MEAL',
      color: '#e8590c',
      instruction: 'One tablet after breakfast',
      side_effect: 'Ankle swelling, flushing',
      reminder: reminder('Amlodipine', [{ time: '08:00', label: 'Morning' }]) as unknown as Record<string, unknown>,
    },
    {
      ...base,
      id: newId(),
      position: 1,
      name: 'Metformin',
      med_key: 'metformin',
      dose: 1,
      strength: '500 mg',
      when_taken: 'WITH_MEAL',
      color: '#1c7ed6',
      quantity: 60,
      time_of_day: ['MORNING', 'EVENING'],
      instruction: 'One tablet with breakfast and with dinner',
      side_effect: 'Upset stomach',
      reminder: reminder('Metformin', [
        { time: '08:00', label: 'Morning' },
        { time: '20:00', label: 'Evening' },
      ]) as unknown as Record<string, unknown>,
    },
  ];
  await rx.insertMedicines(db, tenantId, id, o.patientId, meds);

  // The past week: mostly on time, one late and one early, two skips and one unanswered (not two in a row per medicine).
  const misses: Record<string, 'skipped' | 'none' | 'late' | 'early'> = {
    'amlodipine:2': 'skipped',
    'amlodipine:5': 'late',
    'metformin:3': 'none',
    'metformin:8': 'skipped',
    'metformin:11': 'early',
  };
  const confirmBefore = new Date(o.now.getTime() - 120 * MINUTE_MS);
  for (const m of meds) {
    const plan: rx.PlanRow = {
      ...m,
      tenant_id: tenantId,
      prescription_id: id,
      patient_id: o.patientId,
      planned_until: null,
      rx_start: start,
      rx_end: addDays(today, 23),
      timezone: tz,
    };
    const rows = plannedIntakes(plan, new Date(o.now.getTime() - 8 * DAY_MS), o.now);
    await rx.insertIntakes(db, rows);
    for (const [i, row] of rows.entries()) {
      const kind = misses[`${m.med_key}:${i}`];
      // Doses still inside their confirmation window stay open (to take).
      if (kind === 'none' || row.dueAt > confirmBefore) continue;
      const offset = kind === 'late' ? 55 : kind === 'early' ? -45 : (i % 3) * 4 + 2;
      await rx.answerIntake(db, tenantId, row.id, {
        action: kind === 'skipped' ? 'skipped' : 'taken',
        at: new Date(row.dueAt.getTime() + offset * MINUTE_MS),
        by: o.patientUserId,
        now: new Date(row.dueAt.getTime() + Math.max(offset, 0) * MINUTE_MS),
      });
    }
    await rx.setPlanned(db, [m.id], o.now);
  }
  // The unanswered past doses settle as unconfirmed, as the sweeper would have done; the next 48 hours are planned.
  await rx.settleUnanswered(db, o.now, confirmBefore, 10_000);
  await planDoses(db, o.now, { prescriptionId: id });
}
