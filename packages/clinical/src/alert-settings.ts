import type { TAlertSettings } from '@carewatch/contracts/alerts';
import type { NotifyEffect } from './escalation.ts';

/** Time zone of a patient without an account (and of an unknown zone name): the product's home zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** Why a notification was left out by the patient's alert settings (written on the alert's trail). */
export type SuppressReason =
  | 'settings:in_app_off'
  | 'settings:push_off'
  | 'settings:sms_off'
  | 'settings:automatic_call_off'
  | 'outside_valid_time';

export type SettingsTarget = Pick<NotifyEffect, 'channel' | 'audience' | 'tier' | 'template'>;

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether `localMinutes` (minutes since local midnight, 0–1439) lies in the alert valid time. Both ends null = all
 * day. The window is [from, to): it includes its start minute and ends just before `to`; `from > to` crosses midnight
 * (22:00–06:00 holds 23:30 and 05:59, not 06:00). A one-sided window or equal ends (never stored: the API refuses
 * both) count as all day.
 */
export function withinValidTime(
  settings: Pick<TAlertSettings, 'validFrom' | 'validTo'>,
  localMinutes: number,
): boolean {
  if (settings.validFrom === null || settings.validTo === null) return true;
  const from = minutesOf(settings.validFrom);
  const to = minutesOf(settings.validTo);
  if (from === to) return true;
  return from < to ? localMinutes >= from && localMinutes < to : localMinutes >= from || localMinutes < to;
}

/**
 * The reason the patient's settings leave one notification out, or null when it goes. Rules (doc of `ZAlertSettings`):
 * staff and customer care are always notified; the SOS tier (SOS level, SOS button, "Send SOS") is never filtered;
 * to the patient and followers `in_app` needs `inApp`, `push` needs `push`, `sms` needs `sms`, `call` needs
 * `automaticCall`; at-risk notifications to them go only within the alert valid time. E-mail is not a setting.
 */
export function suppressReason(
  effect: SettingsTarget,
  settings: TAlertSettings,
  localMinutes: number,
): SuppressReason | null {
  if (effect.audience === 'staff' || effect.audience === 'customer_care') return null;
  if (effect.tier === 'sos') return null;
  switch (effect.channel) {
    case 'in_app':
      if (!settings.inApp) return 'settings:in_app_off';
      break;
    case 'push':
      if (!settings.push) return 'settings:push_off';
      break;
    case 'sms':
      if (!settings.sms) return 'settings:sms_off';
      break;
    case 'call':
      if (!settings.automaticCall) return 'settings:automatic_call_off';
      break;
    case 'email':
      break;
  }
  if (effect.tier === 'at_risk' && !withinValidTime(settings, localMinutes)) return 'outside_valid_time';
  return null;
}

/** Whether one notification goes out under the patient's alert settings (see `suppressReason`). */
export const allowNotification = (effect: SettingsTarget, settings: TAlertSettings, localMinutes: number): boolean =>
  suppressReason(effect, settings, localMinutes) === null;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      // An unknown zone name (bad data) must not stop an alert: the home zone applies.
      f = formatter(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** Minutes since local midnight (0–1439) of `date` in an IANA time zone (unknown zones: `DEFAULT_TIME_ZONE`). */
export function localMinutesAt(date: Date, timeZone: string): number {
  let h = 0,
    m = 0;
  for (const p of formatter(timeZone).formatToParts(date)) {
    if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') m = Number(p.value);
  }
  return (h % 24) * 60 + m;
}
