import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, page } from './common.ts';

/** Statuses (staff-portal §4, patient-app §3): the spec's names, as the app and the portal show them. */
export const APPOINTMENT_STATUSES = [
  'UPCOMING',
  'WAITING_FOR_DOCTOR',
  'PROCESSING',
  'PENDING',
  'COMPLETED',
  'CANCELED',
] as const;
export const ZAppointmentStatus = z.enum(APPOINTMENT_STATUSES, 'Invalid medical status');
export type TAppointmentStatus = z.infer<typeof ZAppointmentStatus>;

/**
 * Allowed moves. UPCOMING → WAITING_FOR_DOCTOR (the patient is there / in the waiting room) → PROCESSING (the doctor
 * starts; also straight from UPCOMING) → PENDING (awaiting confirmation: results, or an overdue visit) → COMPLETED
 * (diagnosis required, from PROCESSING or PENDING). CANCELED (reason required) from any open status.
 */
export const APPOINTMENT_TRANSITIONS: Record<TAppointmentStatus, readonly TAppointmentStatus[]> = {
  UPCOMING: ['WAITING_FOR_DOCTOR', 'PROCESSING', 'PENDING', 'CANCELED'],
  WAITING_FOR_DOCTOR: ['PROCESSING', 'PENDING', 'CANCELED'],
  PROCESSING: ['PENDING', 'COMPLETED', 'CANCELED'],
  PENDING: ['PROCESSING', 'COMPLETED', 'CANCELED'],
  COMPLETED: [],
  CANCELED: [],
};
export const canMoveAppointment = (from: TAppointmentStatus, to: TAppointmentStatus): boolean =>
  APPOINTMENT_TRANSITIONS[from].includes(to);
export const isFinalAppointmentStatus = (s: TAppointmentStatus): boolean => APPOINTMENT_TRANSITIONS[s].length === 0;
/** The list's tabs: upcoming (UPCOMING), waiting (WAITING_FOR_DOCTOR, PROCESSING, PENDING), history (COMPLETED, CANCELED). */
export const APPOINTMENT_TABS = {
  upcoming: ['UPCOMING'],
  waiting: ['WAITING_FOR_DOCTOR', 'PROCESSING', 'PENDING'],
  history: ['COMPLETED', 'CANCELED'],
} as const satisfies Record<string, readonly TAppointmentStatus[]>;
export type TAppointmentTab = keyof typeof APPOINTMENT_TABS;

/** Where it takes place (patient-app §3's names). ONLINE has a meeting room. */
export const APPOINTMENT_LOCATIONS = ['AT_THE_CLINIC', 'PATIENT_ADDRESS', 'ONLINE'] as const;
export const ZAppointmentLocation = z.enum(APPOINTMENT_LOCATIONS, 'Invalid location');
export type TAppointmentLocation = z.infer<typeof ZAppointmentLocation>;

/** Reminders go this long before the start (spec §9: 24 hours and 15 minutes). */
export const APPOINTMENT_REMINDER_OFFSETS_MINUTES = [24 * 60, 15] as const;

export const ZAppointmentChange = z.object({
  from: ZAppointmentStatus.nullable(),
  to: ZAppointmentStatus,
  actorId: ZId.nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
  /** Set when the change moved the appointment to another slot: its new start. */
  rescheduledTo: z.string().nullable(),
});
export type TAppointmentChange = z.infer<typeof ZAppointmentChange>;

export const ZAppointment = z.object({
  id: ZId,
  /** Human reference, e.g. A-000042 (printed on the slip). */
  code: z.string(),
  patientId: ZId,
  patientName: z.string(),
  patientCode: z.string().nullable(),
  doctorId: ZId,
  doctorName: z.string(),
  slotId: ZId.nullable(),
  start: z.string(),
  end: z.string(),
  location: ZAppointmentLocation,
  /** The visit's address (PATIENT_ADDRESS) or the clinic's (AT_THE_CLINIC); null when ONLINE. */
  address: z.string().nullable(),
  reason: z.string(),
  note: z.string().nullable(),
  diagnosis: z.string().nullable(),
  advice: z.string().nullable(),
  status: ZAppointmentStatus,
  cancelReason: z.string().nullable(),
  paid: z.boolean(),
  /** ONLINE only: the room's id (joining is checked by the server). */
  meetingRoom: z.string().nullable(),
  /** Past its end and still open: flagged for confirmation. */
  overdue: z.boolean(),
  createdAt: z.string(),
  createdBy: ZId.nullable(),
  createdByName: z.string().nullable(),
});
export type TAppointment = z.infer<typeof ZAppointment>;
export const ZAppointmentDetail = ZAppointment.extend({ history: z.array(ZAppointmentChange) });
export type TAppointmentDetail = z.infer<typeof ZAppointmentDetail>;
export const ZAppointmentPage = page(ZAppointment);
export type TAppointmentPage = z.infer<typeof ZAppointmentPage>;

/** GET /api/account/appointments. */
export const ZAppointmentListQuery = ZPageQuery.extend({
  tab: z.enum(['upcoming', 'waiting', 'history'], 'Invalid value').optional(),
  status: ZAppointmentStatus.optional(),
  from: ZIsoDateTime.optional(),
  to: ZIsoDateTime.optional(),
  doctorId: ZId.optional(),
  patientId: ZId.optional(),
  overdue: z.enum(['true', 'false'], 'Invalid value').optional(),
  q: z.string().trim().max(100, 'Max length is 100').optional(),
});
export type TAppointmentListQuery = z.infer<typeof ZAppointmentListQuery>;

const text = (max: number) => z.string('Required').trim().max(max, `Max length is ${max}`);
/**
 * POST /api/account/appointments: customer, doctor and slot are required (spec §5). The slot must be the doctor's,
 * approved, in the future and free: one slot, one appointment (409 slot_taken otherwise).
 */
export const ZAppointmentCreateRequest = z
  .object({
    patientId: ZId,
    doctorId: ZId,
    slotId: ZId,
    location: ZAppointmentLocation,
    address: text(300).optional(),
    reason: text(500).min(1, 'Required'),
    note: text(1000).optional(),
    paid: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.location === 'PATIENT_ADDRESS' && !b.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'Required' });
  });
export type TAppointmentCreateRequest = z.infer<typeof ZAppointmentCreateRequest>;

/** POST /api/account/appointments/{id}/cancel (and the app's): a reason is required. */
export const ZAppointmentCancelRequest = z.object({ reason: text(500).min(1, 'A reason is required to cancel') });
export type TAppointmentCancelRequest = z.infer<typeof ZAppointmentCancelRequest>;
/** POST /api/account/appointments/{id}/complete: a diagnosis is required. */
export const ZAppointmentCompleteRequest = z.object({
  diagnosis: text(2000).min(1, 'A diagnosis is required'),
  advice: text(2000).optional(),
});
export type TAppointmentCompleteRequest = z.infer<typeof ZAppointmentCompleteRequest>;
/** POST /api/account/appointments/{id}/status: the moves that need no text (cancel and complete have their own calls). */
export const ZAppointmentStatusRequest = z.object({
  status: z.enum(['WAITING_FOR_DOCTOR', 'PROCESSING', 'PENDING'], 'Invalid medical status'),
  note: text(1000).optional(),
});
export type TAppointmentStatusRequest = z.infer<typeof ZAppointmentStatusRequest>;

/**
 * POST /api/account/appointments/{id}/reschedule: another free, approved, future slot of the same doctor, while the
 * appointment is UPCOMING or WAITING_FOR_DOCTOR. The old slot is freed, the reminders follow the new time, the
 * patient is told ("updated").
 */
export const ZAppointmentRescheduleRequest = z.object({ slotId: ZId, note: text(500).optional() });
export type TAppointmentRescheduleRequest = z.infer<typeof ZAppointmentRescheduleRequest>;
