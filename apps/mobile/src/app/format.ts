// Dates and times as the spec writes them (§9: dd/MM/yyyy and HH:mm:ss), in the phone's local time.

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy. */
export const dateText = (iso: string | Date): string => {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};
/** HH:mm. */
export const timeText = (iso: string | Date): string => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** HH:mm:ss. */
export const timeSecondsText = (iso: string | Date): string => `${timeText(iso)}:${pad(new Date(iso).getSeconds())}`;
/** dd/MM/yyyy HH:mm. */
export const dateTimeText = (iso: string | Date): string => `${dateText(iso)} ${timeText(iso)}`;
/** A calendar date (YYYY-MM-DD, no time zone) as dd/MM/yyyy. */
export const dayText = (ymd: string): string => ymd.slice(0, 10).split('-').reverse().join('/');
