import { describe, expect, test } from 'vitest';
import { WEBHOOK_EVENT_TYPES, ZWebhookEndpointInput } from '@carewatch/contracts/webhooks';
import { hasKey } from '../../test-support/portal-t.ts';
import { DEFAULT_WEBHOOK_EVENTS, eventLabelKey, eventsError } from './webhooks-rules.ts';

describe('webhook endpoints', () => {
  test('every event type has a label in both languages', () => {
    expect(eventLabelKey('alert.opened')).toBe('webhooks.events.alert_opened');
    expect(eventLabelKey('patient.status_changed')).toBe('webhooks.events.patient_status_changed');
    expect(eventLabelKey('a.b.c')).toBe('webhooks.events.a_b_c');
    for (const ev of WEBHOOK_EVENT_TYPES)
      expect(hasKey(eventLabelKey(ev), 'en') && hasKey(eventLabelKey(ev), 'vi'), ev).toBe(true);
  });

  test('a new endpoint starts with alerts opened and closed, both real events, and passes the contract', () => {
    expect(DEFAULT_WEBHOOK_EVENTS).toEqual(['alert.opened', 'alert.closed']);
    expect(DEFAULT_WEBHOOK_EVENTS.every((e) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e))).toBe(true);
    expect(
      ZWebhookEndpointInput.safeParse({
        url: 'https://hooks.example/x',
        description: '',
        events: [...DEFAULT_WEBHOOK_EVENTS],
        enabled: true,
      }).success,
    ).toBe(true);
  });

  test('the events group shows its own error or an item’s, never another field’s', () => {
    expect(eventsError({ url: 'Bad URL', 'events.1': 'Unknown event' })).toBe('Unknown event');
    expect(eventsError({ events: 'Required' })).toBe('Required');
    expect(eventsError({ url: 'Bad URL', description: 'Too long' })).toBeUndefined();
    expect(eventsError({ eventsFoo: 'x' })).toBeUndefined();
  });
});
