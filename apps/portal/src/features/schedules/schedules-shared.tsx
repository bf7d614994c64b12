import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { schedulesApi } from '@carewatch/api-client/schedules';
import type { TDoctorSchedule, TScheduleStatus } from '@carewatch/contracts/schedules';
import {
  displayTimeZone,
  formatDate,
  formatDateTime,
  formatTime,
  wallClock,
  zonedInstant,
} from '@carewatch/i18n/datetime';
import { api } from '../../app/api.ts';

export const schedules = schedulesApi(api.request);

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (q: object) => ['schedules', 'list', q] as const,
  requests: (q: object) => ['schedules', 'requests', q] as const,
  doctors: ['schedules', 'doctors'] as const,
  report: (q: object) => ['schedules', 'report', q] as const,
};

/** Mantine colour of each status (badges, and the calendar's events). */
export const STATUS_COLOR: Record<TScheduleStatus, string> = {
  new: 'blue',
  approved: 'green',
  rejected: 'red',
  disabled: 'gray',
  requesting_leave: 'orange',
};

export function ScheduleStatusBadge({ t, status }: { t: TFunction; status: TScheduleStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" tt="none">
      {t(`schedules.status.${status}`)}
    </Badge>
  );
}

/** The zone the calendars draw in: the profile's (datetime.ts), else the browser's. */
export function calendarZone(): string {
  return displayTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * An instant as the wall clock of `tz`, written without an offset: FullCalendar runs with `timeZone: 'UTC'` (named
 * zones need a plugin), so this string is drawn exactly as the profile zone's clock reads.
 */
export function toWall(v: string | Date, tz: string): string {
  const w = wallClock(v, tz);
  return w ? `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}` : '';
}

/** The reverse of toWall: a FullCalendar date (UTC fields = the zone's wall clock) → the real instant. */
export function fromWall(d: Date, tz: string): Date {
  const ymd = d.toISOString().slice(0, 10);
  return zonedInstant(ymd, d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds(), tz);
}

/** dd/MM/yyyy HH:mm – HH:mm (the end's day is added when it differs). */
export function formatWindow(s: Pick<TDoctorSchedule, 'start' | 'end'>, tz?: string): string {
  const sameDay = formatDate(s.start, tz) === formatDate(s.end, tz);
  return `${formatDateTime(s.start, tz, { seconds: false })} – ${sameDay ? formatTime(s.end, tz, { seconds: false }) : formatDateTime(s.end, tz, { seconds: false })}`;
}

/** dd/MM/yyyy HH:mm, or the placeholder for none. */
export const formatWhen = (t: TFunction, v: string | null, tz?: string) =>
  v ? formatDateTime(v, tz, { seconds: false }) : t('schedules.fields.none');
