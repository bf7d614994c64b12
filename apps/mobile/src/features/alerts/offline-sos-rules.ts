import { COUNTRY_EMERGENCY_NUMBERS } from '@carewatch/contracts/tenants';
import type { TLocation } from '@carewatch/contracts/alerts';

/** Before the phone has the tenant's number: Canada's for the Canadian English app, else Vietnam's. */
export function emergencyNumberFallback(language: string): string {
  return language.toLowerCase() === 'en-ca' ? COUNTRY_EMERGENCY_NUMBERS.CA : COUNTRY_EMERGENCY_NUMBERS.VN;
}

/** A map link any phone opens (no app or key needed). */
export function mapLink(l: Pick<TLocation, 'lat' | 'lng'>): string {
  const lat = l.lat.toFixed(5);
  const lng = l.lng.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/** `sms:` link to several numbers with a prepared body (RFC 5724; Android and iOS read `?body=`). */
export function smsHref(phones: readonly string[], body: string): string {
  const to = phones
    .map((p) => p.replace(/[^0-9+]/g, ''))
    .filter(Boolean)
    .join(',');
  return `sms:${to}?body=${encodeURIComponent(body)}`;
}
