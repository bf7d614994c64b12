/**
 * The webhook screens' pure rules: the events a new endpoint starts with, an event's label key, and where the
 * create form shows the contract's errors.
 */

/** A new endpoint hears alerts opened and closed until told otherwise. */
export const DEFAULT_WEBHOOK_EVENTS: readonly string[] = ['alert.opened', 'alert.closed'];

/** The catalogue key of an event type's label (`alert.opened` → `webhooks.events.alert_opened`: dots separate keys). */
export const eventLabelKey = (type: string): string => `webhooks.events.${type.replaceAll('.', '_')}`;

/** The events group's error: the first one of `events` or of any `events.<i>` (a bad item shows on the group). */
export const eventsError = (errors: Readonly<Record<string, string>>): string | undefined =>
  Object.entries(errors).find(([k]) => k === 'events' || k.startsWith('events.'))?.[1];
