import { zonedDay, zonedInstant, addToDay } from '@carewatch/i18n/datetime';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import * as schedules from '../schedules/schedules.repo.ts';
import * as appointments from '../appointments/appointments.repo.ts';
import { scheduleAppointmentReminders } from '../appointments/appointments.service.ts';

const DAY_START = 8 * 3600;
const DAY_END = 12 * 3600;
const SLOT_MINUTES = 30;

/**
 * The demo doctor's week (issue 15): approved 08:00–12:00 schedules of 30-minute slots from yesterday to six days
 * ahead (in the doctor's zone), and three appointments for the demo patient — a video visit tomorrow at 09:00, a
 * clinic visit in three days at 10:00, and yesterday's completed visit with its diagnosis.
 */
export async function seedDemoAppointments(
  db: Db,
  tenantId: string,
  o: {
    doctorId: string;
    adminId: string;
    operatorId: string;
    patientId: string;
    centerId: string;
    clinic: string;
    now: Date;
    timeZone?: string;
  },
): Promise<void> {
  const tz = o.timeZone ?? 'Asia/Ho_Chi_Minh';
  const today = zonedDay(o.now, tz);
  const slotAt = new Map<string, { id: string; start: Date; end: Date }>();
  for (let d = -1; d <= 6; d++) {
    const day = addToDay(today, { days: d });
    const start = zonedInstant(day, DAY_START, tz);
    const end = zonedInstant(day, DAY_END, tz);
    const id = newId();
    await schedules.insertSchedule(db, tenantId, {
      id,
      doctorId: o.doctorId,
      centerId: o.centerId,
      start,
      end,
      slotMinutes: SLOT_MINUTES,
      submittedBy: o.doctorId,
      now: new Date(o.now.getTime() - 7 * 86_400_000),
    });
    await schedules.decide(db, tenantId, id, 'new', 'approved', {
      approverId: o.adminId,
      reason: null,
      now: new Date(o.now.getTime() - 6 * 86_400_000),
    });
    const slots: Array<{ id: string; start: Date; end: Date }> = [];
    for (let t = start.getTime(); t < end.getTime(); t += SLOT_MINUTES * 60_000)
      slots.push({ id: newId(), start: new Date(t), end: new Date(t + SLOT_MINUTES * 60_000) });
    await schedules.insertSlots(db, tenantId, id, o.doctorId, slots);
    for (const s of slots) slotAt.set(`${d}@${(s.start.getTime() - start.getTime()) / 60_000 + DAY_START / 60}`, s);
  }
  const book = async (
    d: number,
    minuteOfDay: number,
    b: {
      location: 'ONLINE' | 'AT_THE_CLINIC';
      reason: string;
      note: string | null;
      done?: { diagnosis: string; advice: string };
    },
  ) => {
    const slot = slotAt.get(`${d}@${minuteOfDay}`)!;
    const id = newId();
    const created = new Date(o.now.getTime() - 5 * 86_400_000);
    await appointments.insertAppointment(db, tenantId, {
      id,
      seq: await appointments.nextSeq(db, tenantId),
      patientId: o.patientId,
      doctorId: o.doctorId,
      slotId: slot.id,
      start: slot.start,
      end: slot.end,
      location: b.location,
      address: b.location === 'ONLINE' ? null : o.clinic,
      reason: b.reason,
      note: b.note,
      paid: false,
      meetingRoom: b.location === 'ONLINE' ? `demo-${id.slice(-12)}` : null,
      createdBy: o.operatorId,
      now: created,
    });
    await appointments.insertChange(db, tenantId, {
      id: newId(),
      appointmentId: id,
      from: null,
      to: 'UPCOMING',
      actorId: o.operatorId,
      note: null,
      now: created,
    });
    if (b.done) {
      await appointments.move(db, tenantId, id, 'UPCOMING', 'PROCESSING', { now: slot.start });
      await appointments.insertChange(db, tenantId, {
        id: newId(),
        appointmentId: id,
        from: 'UPCOMING',
        to: 'PROCESSING',
        actorId: o.doctorId,
        note: null,
        now: slot.start,
      });
      await appointments.move(db, tenantId, id, 'PROCESSING', 'COMPLETED', {
        diagnosis: b.done.diagnosis,
        advice: b.done.advice,
        now: slot.end,
      });
      await appointments.insertChange(db, tenantId, {
        id: newId(),
        appointmentId: id,
        from: 'PROCESSING',
        to: 'COMPLETED',
        actorId: o.doctorId,
        note: null,
        now: slot.end,
      });
    } else {
      await scheduleAppointmentReminders(db, tenantId, id, slot.start, o.now);
    }
  };
  await book(1, 9 * 60, {
    location: 'ONLINE',
    reason: 'Blood pressure follow-up (video visit)',
    note: 'Have your home blood pressure readings ready.',
  });
  await book(3, 10 * 60, { location: 'AT_THE_CLINIC', reason: 'Quarterly check-up', note: null });
  await book(-1, 9 * 60, {
    location: 'AT_THE_CLINIC',
    reason: 'Dizziness in the morning',
    note: null,
    done: {
      diagnosis: 'Orthostatic hypotension, mild',
      advice: 'Stand up slowly, drink 2 litres of water a day, check blood pressure morning and evening for a week.',
    },
  });
}
