import {
  canMoveAppointment,
  isFinalAppointmentStatus,
  type TAppointmentDetail,
  type TAppointmentLocation,
  type TAppointmentStatus,
} from '@carewatch/contracts/appointments';

/**
 * The appointment screens' pure rules: the status colours, which actions a reader has on an appointment, the history
 * line of a change, and the request bodies of booking, completing and moving an appointment.
 */

export const APPOINTMENT_STATUS_COLOR: Record<TAppointmentStatus, string> = {
  UPCOMING: 'blue',
  WAITING_FOR_DOCTOR: 'orange',
  PROCESSING: 'grape',
  PENDING: 'yellow',
  COMPLETED: 'green',
  CANCELED: 'gray',
};

export const isDay = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v);

export type AppointmentReader = {
  profileId: string | undefined;
  role: string | undefined;
  canUpdate: boolean;
  canCancel: boolean;
};
export type AppointmentActions = {
  join: boolean;
  waiting: boolean;
  start: boolean;
  pending: boolean;
  complete: boolean;
  reschedule: boolean;
  cancel: boolean;
};

/**
 * The buttons of the detail page. Starting and completing are the doctor's (or their assistant's); the other moves
 * need the update permission, cancelling its own; a closed appointment has none. The server checks all of it again.
 */
export function appointmentActions(
  a: Pick<TAppointmentDetail, 'status' | 'doctorId' | 'location'>,
  r: AppointmentReader,
): AppointmentActions {
  const none: AppointmentActions = {
    join: false,
    waiting: false,
    start: false,
    pending: false,
    complete: false,
    reschedule: false,
    cancel: false,
  };
  if (isFinalAppointmentStatus(a.status)) return none;
  const doctorSide = (r.profileId !== undefined && r.profileId === a.doctorId) || r.role === 'doctor_assistant';
  const can = (to: TAppointmentStatus) => canMoveAppointment(a.status, to);
  return {
    join: a.location === 'ONLINE' && (doctorSide || r.canUpdate),
    waiting: r.canUpdate && can('WAITING_FOR_DOCTOR'),
    start: doctorSide && r.canUpdate && can('PROCESSING'),
    pending: r.canUpdate && can('PENDING'),
    complete: doctorSide && r.canUpdate && can('COMPLETED'),
    reschedule: r.canUpdate && (a.status === 'UPCOMING' || a.status === 'WAITING_FOR_DOCTOR'),
    cancel: r.canCancel && can('CANCELED'),
  };
}

export type HistoryChange =
  | { kind: 'rescheduled'; when: string }
  | { kind: 'moved'; from: TAppointmentStatus; to: TAppointmentStatus }
  | { kind: 'created'; to: TAppointmentStatus };

/** A history row's change: moved to another slot, a status move, or the creation. */
export function historyChange(
  h: Pick<TAppointmentDetail['history'][number], 'from' | 'to' | 'rescheduledTo'>,
): HistoryChange {
  if (h.rescheduledTo) return { kind: 'rescheduled', when: h.rescheduledTo };
  if (h.from) return { kind: 'moved', from: h.from, to: h.to };
  return { kind: 'created', to: h.to };
}

/** Optional texts go only when they say something (the contract refuses neither, but an empty note is no note). */
const ifText = <K extends string>(key: K, v: string): Partial<Record<K, string>> =>
  v.trim() ? ({ [key]: v } as Record<K, string>) : {};

export type BookingValues = {
  patientId: string | null;
  doctorId: string | null;
  slotId: string | null;
  location: TAppointmentLocation;
  address: string;
  reason: string;
  note: string;
  paid: boolean;
};

/** The booking as the contract reads it: the address goes when the visit is at the patient's or one was typed. */
export function bookingBody(v: BookingValues): Record<string, unknown> {
  return {
    patientId: v.patientId,
    doctorId: v.doctorId,
    slotId: v.slotId,
    location: v.location,
    reason: v.reason,
    paid: v.paid,
    ...ifText('note', v.note),
    ...(v.location === 'PATIENT_ADDRESS' || v.address.trim() ? { address: v.address } : {}),
  };
}

export const completeBody = (diagnosis: string, advice: string): { diagnosis: string; advice?: string } => ({
  diagnosis,
  ...ifText('advice', advice),
});
export const rescheduleBody = (slotId: string, note: string): { slotId: string; note?: string } => ({
  slotId,
  ...ifText('note', note),
});

/** The address field shows unless the visit is online; it is required at the patient's address. */
export const addressField = (location: TAppointmentLocation): { shown: boolean; required: boolean } => ({
  shown: location !== 'ONLINE',
  required: location === 'PATIENT_ADDRESS',
});

export const patientOptionLabel = (p: { fullName: string; patientCode: string | null }): string =>
  p.patientCode ? `${p.fullName} (${p.patientCode})` : p.fullName;
export const doctorOptionLabel = (d: { fullName: string; specialty: string | null }): string =>
  d.specialty ? `${d.fullName} — ${d.specialty}` : d.fullName;

/** Whether a day's slots leave one to book. */
export const hasFreeSlot = (slots: ReadonlyArray<{ booked: boolean }>): boolean => slots.some((s) => !s.booked);
