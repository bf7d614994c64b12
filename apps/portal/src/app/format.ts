/** dd/MM/yyyy HH:mm:ss in the given IANA timezone (falls back to the browser's zone if invalid). */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let fmt: Intl.DateTimeFormat;
  const opts: Intl.DateTimeFormatOptions = {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  };
  try {
    fmt = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone });
  } catch {
    fmt = new Intl.DateTimeFormat('en-GB', opts);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => fmt.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
