// Dates and times as the spec writes them (§9: dd/MM/yyyy and HH:mm:ss), in the signed-in user's profile time zone:
// the one shared formatter of both apps (packages/i18n/src/datetime.ts).
import { formatCalendarDay, formatDate, formatDateTime, formatTime } from '@carewatch/i18n/datetime';

/** dd/MM/yyyy. */
export const dateText = (iso: string | Date): string => formatDate(iso);
/** HH:mm. */
export const timeText = (iso: string | Date): string => formatTime(iso, undefined, { seconds: false });
/** HH:mm:ss. */
export const timeSecondsText = (iso: string | Date): string => formatTime(iso);
/** dd/MM/yyyy HH:mm. */
export const dateTimeText = (iso: string | Date): string => formatDateTime(iso, undefined, { seconds: false });
/** dd/MM/yyyy HH:mm:ss. */
export const dateTimeSecondsText = (iso: string | Date): string => formatDateTime(iso);
/** A calendar date (YYYY-MM-DD, no time zone) as dd/MM/yyyy. */
export const dayText = (ymd: string): string => formatCalendarDay(ymd);
