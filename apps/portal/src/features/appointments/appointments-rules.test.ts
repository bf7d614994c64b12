import { describe, expect, test } from 'vitest';
import {
  APPOINTMENT_STATUSES,
  ZAppointmentCreateRequest,
  type TAppointmentStatus,
} from '@carewatch/contracts/appointments';
import { hasKey } from '../../test-support/portal-t.ts';
import {
  APPOINTMENT_STATUS_COLOR,
  addressField,
  appointmentActions,
  bookingBody,
  completeBody,
  doctorOptionLabel,
  hasFreeSlot,
  historyChange,
  isDay,
  patientOptionLabel,
  rescheduleBody,
  type AppointmentReader,
} from './appointments-rules.ts';

const DOCTOR = '0190a6f4-0000-7000-8000-000000000001';
const OTHER = '0190a6f4-0000-7000-8000-000000000002';
const doctor: AppointmentReader = { profileId: DOCTOR, role: 'doctor', canUpdate: true, canCancel: true };
const coordinator: AppointmentReader = { profileId: OTHER, role: 'customer_care', canUpdate: true, canCancel: true };
const viewer: AppointmentReader = { profileId: OTHER, role: 'customer_care', canUpdate: false, canCancel: false };
const on = (status: TAppointmentStatus, r: AppointmentReader, location: 'AT_THE_CLINIC' | 'ONLINE' = 'AT_THE_CLINIC') =>
  Object.entries(appointmentActions({ status, doctorId: DOCTOR, location }, r))
    .filter(([, v]) => v)
    .map(([k]) => k);

describe('appointment actions', () => {
  test('the doctor of an upcoming visit: waiting, start, pending, reschedule, cancel — not complete yet', () => {
    expect(on('UPCOMING', doctor)).toEqual(['waiting', 'start', 'pending', 'reschedule', 'cancel']);
  });

  test('a coordinator may move and cancel but never start or complete (the doctor’s side)', () => {
    expect(on('UPCOMING', coordinator)).toEqual(['waiting', 'pending', 'reschedule', 'cancel']);
    expect(on('PROCESSING', coordinator)).toEqual(['pending', 'cancel']);
  });

  test('an assistant acts on the doctor’s side', () => {
    expect(on('PROCESSING', { ...coordinator, role: 'doctor_assistant' })).toEqual(['pending', 'complete', 'cancel']);
  });

  test('in progress: complete appears, reschedule goes; waiting allows reschedule but not waiting again', () => {
    expect(on('PROCESSING', doctor)).toEqual(['pending', 'complete', 'cancel']);
    expect(on('PENDING', doctor)).toEqual(['start', 'complete', 'cancel']);
    expect(on('WAITING_FOR_DOCTOR', doctor)).toEqual(['start', 'pending', 'reschedule', 'cancel']);
  });

  test('closed appointments have no action, whoever reads them', () => {
    for (const s of ['COMPLETED', 'CANCELED'] as const) {
      expect(on(s, doctor, 'ONLINE')).toEqual([]);
      expect(on(s, coordinator)).toEqual([]);
    }
  });

  test('joining an online visit: its doctor even without the update permission; a reader with neither cannot', () => {
    expect(on('UPCOMING', { ...doctor, canUpdate: false, canCancel: false }, 'ONLINE')).toEqual(['join']);
    expect(on('UPCOMING', coordinator, 'ONLINE')).toContain('join');
    expect(on('UPCOMING', viewer, 'ONLINE')).toEqual([]);
    expect(on('UPCOMING', doctor, 'AT_THE_CLINIC')).not.toContain('join');
  });

  test('cancelling needs its own permission; a reader without a profile is not the doctor', () => {
    expect(on('UPCOMING', { ...coordinator, canCancel: false })).not.toContain('cancel');
    expect(on('UPCOMING', { ...coordinator, canUpdate: false })).toEqual(['cancel']);
    expect(on('PROCESSING', { profileId: undefined, role: undefined, canUpdate: true, canCancel: false })).toEqual([
      'pending',
    ]);
  });
});

describe('history and labels', () => {
  test('a change reads as moved to another slot, a status move, or the creation', () => {
    expect(historyChange({ from: 'UPCOMING', to: 'UPCOMING', rescheduledTo: '2030-01-02T03:00:00Z' })).toEqual({
      kind: 'rescheduled',
      when: '2030-01-02T03:00:00Z',
    });
    expect(historyChange({ from: 'UPCOMING', to: 'CANCELED', rescheduledTo: null })).toEqual({
      kind: 'moved',
      from: 'UPCOMING',
      to: 'CANCELED',
    });
    expect(historyChange({ from: null, to: 'UPCOMING', rescheduledTo: null })).toEqual({
      kind: 'created',
      to: 'UPCOMING',
    });
  });

  test('every status has a colour and a label in both languages; closed ones are told apart', () => {
    for (const s of APPOINTMENT_STATUSES) {
      expect(APPOINTMENT_STATUS_COLOR[s]).toMatch(/^[a-z]+$/);
      expect(hasKey(`appointments.status.${s}`, 'en') && hasKey(`appointments.status.${s}`, 'vi'), s).toBe(true);
    }
    expect(APPOINTMENT_STATUS_COLOR.COMPLETED).toBe('green');
    expect(APPOINTMENT_STATUS_COLOR.CANCELED).toBe('gray');
  });

  test('option labels add the code or specialty when there is one', () => {
    expect(patientOptionLabel({ fullName: 'An Nguyen', patientCode: 'P-7' })).toBe('An Nguyen (P-7)');
    expect(patientOptionLabel({ fullName: 'An Nguyen', patientCode: null })).toBe('An Nguyen');
    expect(doctorOptionLabel({ fullName: 'Dr Binh', specialty: 'Cardiology' })).toBe('Dr Binh — Cardiology');
    expect(doctorOptionLabel({ fullName: 'Dr Binh', specialty: '' })).toBe('Dr Binh');
  });
});

describe('request bodies', () => {
  const booking = {
    patientId: OTHER,
    doctorId: DOCTOR,
    slotId: '0190a6f4-0000-7000-8000-000000000003',
    location: 'AT_THE_CLINIC' as const,
    address: '',
    reason: 'Check-up',
    note: '  ',
    paid: false,
  };

  test('a booking leaves out a blank note and address; at the patient’s address the address always goes', () => {
    expect(bookingBody(booking)).toEqual({
      patientId: OTHER,
      doctorId: DOCTOR,
      slotId: booking.slotId,
      location: 'AT_THE_CLINIC',
      reason: 'Check-up',
      paid: false,
    });
    expect(bookingBody({ ...booking, location: 'PATIENT_ADDRESS' })).toMatchObject({ address: '' });
    expect(bookingBody({ ...booking, address: '1 Main St', note: 'Fasting' })).toMatchObject({
      address: '1 Main St',
      note: 'Fasting',
    });
  });

  test('the booking passes the contract, and a visit at home without address fails on the address', () => {
    expect(ZAppointmentCreateRequest.safeParse(bookingBody(booking)).success).toBe(true);
    const home = ZAppointmentCreateRequest.safeParse(bookingBody({ ...booking, location: 'PATIENT_ADDRESS' }));
    expect(home.error?.issues.map((i) => i.path.join('.'))).toEqual(['address']);
    const noSlot = ZAppointmentCreateRequest.safeParse(bookingBody({ ...booking, slotId: null }));
    expect(noSlot.error?.issues.map((i) => i.path.join('.'))).toEqual(['slotId']);
  });

  test('complete and reschedule send their optional text only when given', () => {
    expect(completeBody('Flu', '')).toEqual({ diagnosis: 'Flu' });
    expect(completeBody('Flu', 'Rest')).toEqual({ diagnosis: 'Flu', advice: 'Rest' });
    expect(rescheduleBody('s1', ' ')).toEqual({ slotId: 's1' });
    expect(rescheduleBody('s1', 'moved')).toEqual({ slotId: 's1', note: 'moved' });
  });

  test('the address field: hidden online, required at the patient’s address', () => {
    expect(addressField('ONLINE')).toEqual({ shown: false, required: false });
    expect(addressField('AT_THE_CLINIC')).toEqual({ shown: true, required: false });
    expect(addressField('PATIENT_ADDRESS')).toEqual({ shown: true, required: true });
  });

  test('a day is yyyy-mm-dd; a day with every slot booked offers none', () => {
    expect(isDay('2030-01-31')).toBe(true);
    expect(isDay('2030-1-31')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(hasFreeSlot([{ booked: true }, { booked: false }])).toBe(true);
    expect(hasFreeSlot([{ booked: true }])).toBe(false);
    expect(hasFreeSlot([])).toBe(false);
  });
});
