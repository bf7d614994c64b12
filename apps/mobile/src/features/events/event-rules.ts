import {
  maskTimeInput,
  parseDayInput,
  parseTimeInput,
  zonedDay,
  zonedInstant,
  formatTime,
} from '@carewatch/i18n/datetime';
import {
  EVENT_ICONS,
  ZEventReminderRequest,
  type TEventIcon,
  type TEventReminder,
  type TEventReminderRequest,
} from '@carewatch/contracts/app-events';
import type { TAppointmentStatus } from '@carewatch/contracts/appointments';

/**
 * A simple symbol per icon name (the contract's names; the accessible name is translated: events.icons.<name>). Plain
 * Unicode symbols, like the bottom navigation's, that common system fonts draw (no colour-emoji font needed).
 */
export const ICON_SYMBOLS: Record<TEventIcon, string> = {
  calendar: '▦',
  pill: '℞',
  doctor: '⚕',
  run: '⚡',
  food: '☕',
  water: '≋',
  bed: '☾',
  star: '★',
};
export const ICONS = EVENT_ICONS;
export const isEventIcon = (v: string | null | undefined): v is TEventIcon =>
  (EVENT_ICONS as readonly string[]).includes(v ?? '');

export const STATUS_COLORS: Record<TAppointmentStatus, string> = {
  UPCOMING: 'blue',
  WAITING_FOR_DOCTOR: 'grape',
  PROCESSING: 'orange',
  PENDING: 'yellow',
  COMPLETED: 'teal',
  CANCELED: 'gray',
};

export const LABEL_MAX = 100;

/** The form: the arrival day (YYYY-MM-DD, or the text typed while it is not a day yet) and time (HH:mm) in the profile zone. */
export type ReminderValues = { day: string; time: string; label: string; icon: TEventIcon };
export type ReminderField = keyof ReminderValues;
/** An i18n key (under `events.form.`) with its parameters: the form translates it, this file stays language-free. */
export type ReminderMessage = { key: string; params?: Record<string, string | number> };

/** Values of a reminder being edited, or of a new one (today, no time yet). */
export function reminderValuesOf(e: TEventReminder | null, now: Date = new Date(), tz?: string): ReminderValues {
  if (!e) return { day: zonedDay(now, tz), time: '', label: '', icon: 'calendar' };
  return {
    day: zonedDay(e.arrivalTime, tz),
    time: formatTime(e.arrivalTime, tz, { seconds: false }),
    label: e.label,
    icon: e.icon,
  };
}

/** While typing a time: HH:mm only. */
export const maskReminderTime = (text: string): string => maskTimeInput(text).slice(0, 5);

/** Checks the form (§5: an arrival time and a label are required) and builds the request, or the fields' messages. */
export function checkReminder(
  v: ReminderValues,
  tz?: string,
): { body: TEventReminderRequest | null; errors: Partial<Record<ReminderField, ReminderMessage>> } {
  const errors: Partial<Record<ReminderField, ReminderMessage>> = {};
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v.day) ? v.day : parseDayInput(v.day);
  if (!v.day.trim()) errors.day = { key: 'dateRequired' };
  else if (!day) errors.day = { key: 'dateInvalid' };
  const secs = v.time.trim() ? parseTimeInput(v.time) : null;
  if (!v.time.trim()) errors.time = { key: 'timeRequired' };
  else if (secs === null || !/^\s*\d{1,2}:\d{2}\s*$/.test(v.time)) errors.time = { key: 'timeInvalid' };
  const label = v.label.trim();
  if (!label) errors.label = { key: 'labelRequired' };
  else if (label.length > LABEL_MAX) errors.label = { key: 'labelMax', params: { n: LABEL_MAX } };
  if (Object.keys(errors).length > 0 || !day || secs === null) return { body: null, errors };
  const parsed = ZEventReminderRequest.safeParse({
    arrivalTime: zonedInstant(day, secs, tz).toISOString(),
    label,
    icon: v.icon,
  });
  if (!parsed.success) return { body: null, errors: { day: { key: 'dateInvalid' } } };
  return { body: parsed.data, errors };
}
