import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';
import { ZAppointment } from './appointments.ts';

/** patient-app §8: at most 20 event reminders per patient. */
export const MAX_EVENT_REMINDERS = 20;
export const EVENT_ICONS = ['calendar', 'pill', 'doctor', 'run', 'food', 'water', 'bed', 'star'] as const;
export const ZEventIcon = z.enum(EVENT_ICONS, 'Invalid icon');
export type TEventIcon = z.infer<typeof ZEventIcon>;

/** An event reminder (patient-app §3): arrival time, label, icon. */
export const ZEventReminder = z.object({
  id: ZId,
  arrivalTime: z.string(),
  label: z.string(),
  icon: ZEventIcon,
  createdAt: z.string(),
});
export type TEventReminder = z.infer<typeof ZEventReminder>;

/**
 * POST /api/account/app/events and PUT /api/account/app/events/{id}: an arrival time and a label are required
 * (§5); no two reminders at the same time (409 event_duplicate_time: "No duplicate event at the same time");
 * the 21st is refused (409 max_events: "Max events (20) reached").
 */
export const ZEventReminderRequest = z.object({
  arrivalTime: ZIsoDateTime,
  label: z.string('Required').trim().min(1, 'Required').max(100, 'Max length is 100'),
  icon: ZEventIcon.default('calendar'),
});
export type TEventReminderRequest = z.infer<typeof ZEventReminderRequest>;

/**
 * GET /api/account/app/events (and /api/account/app/patients/{id}/events for a followed patient, appointments
 * only, read-only): reminders and medical events (appointments), each split into upcoming and other/history.
 */
export const ZAppEvents = z.object({
  reminders: z.object({ upcoming: z.array(ZEventReminder), other: z.array(ZEventReminder) }),
  appointments: z.object({ upcoming: z.array(ZAppointment), history: z.array(ZAppointment) }),
});
export type TAppEvents = z.infer<typeof ZAppEvents>;
