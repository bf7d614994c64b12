import { formatDateTime as sharedDateTime } from '@carewatch/i18n/datetime';

/** dd/MM/yyyy HH:mm:ss in the given IANA zone, or the signed-in user's profile zone (the one formatter of both apps). */
export function formatDateTime(iso: string, timeZone?: string): string {
  return sharedDateTime(iso, timeZone || undefined);
}
