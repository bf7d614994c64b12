import { describe, expect, test } from 'vitest';
import type { TAlertTrailEntry } from '@carewatch/contracts/alerts';
import { buildSosTimeline } from './sos-timeline.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, s)).toISOString();
const n = (s: number, e: Partial<TAlertTrailEntry>): TAlertTrailEntry => ({
  at: at(s),
  kind: 'notification',
  level: 'sos',
  ...e,
});

describe('readable SOS timeline', () => {
  test('one line per person and channel with its latest outcome; presses, answers, locations and the close in order', () => {
    const staff = '01a20e40-0000-7000-8000-000000000009';
    const trail: TAlertTrailEntry[] = [
      { at: at(0), kind: 'patient_response', level: 'sos', detail: 'sos_button:need_help' },
      { at: at(0), kind: 'tier', level: 'sos', detail: 'round 1' },
      n(0, {
        channel: 'call',
        recipient: 'Hoang Minh',
        phone: '0900000021',
        providerStatus: 'queued',
        detail: 'followers:sos_button',
      }),
      n(0, {
        channel: 'sms',
        recipient: 'Hoang Minh',
        phone: '0900000021',
        providerStatus: 'queued',
        detail: 'followers:sos_button',
      }),
      n(0, {
        channel: 'push',
        recipient: 'Duc Nguyen',
        recipientId: staff,
        providerStatus: 'queued',
        detail: 'staff:sos_button',
      }),
      { at: at(0), kind: 'sos_case', level: 'sos', detail: 'sos_button' },
      n(2, {
        channel: 'call',
        recipient: 'Hoang Minh',
        providerStatus: '500 provider timeout',
        detail: 'alert.sos_button · attempt 1 · will retry',
      }),
      n(3, {
        channel: 'sms',
        recipient: 'Hoang Minh',
        providerStatus: 'sent 200 SM1',
        detail: 'alert.sos_button · attempt 1',
      }),
      n(6, {
        channel: 'call',
        recipient: 'Hoang Minh',
        providerStatus: '200 CA1',
        detail: 'alert.sos_button · attempt 2',
      }),
      n(7, {
        channel: 'push',
        recipient: 'Duc Nguyen',
        recipientId: staff,
        providerStatus: '500 gone',
        detail: 'alert.sos_button · attempt 1 · gave up',
      }),
      { at: at(30), kind: 'location', location: { lat: 21.03, lng: 105.85 } },
      { at: at(60), kind: 'acknowledgement', actorId: staff, detail: 'seen' },
      { at: at(90), kind: 'acknowledgement', actorId: staff, detail: 'family_helped: Daughter on the way' },
      { at: at(90), kind: 'closed', level: 'sos' },
    ];
    const lines = buildSosTimeline(trail, new Map([[staff, 'Cam Le']]));
    expect(lines.map((l) => l.kind)).toEqual([
      'pressed',
      'notified',
      'notified',
      'notified',
      'case_opened',
      'location',
      'acknowledged',
      'closed',
    ]);
    expect(lines[0]!.message).toEqual({ kind: 'choice', choice: 'need_help' });
    expect(
      lines.filter((l) => l.kind === 'notified').map((l) => [l.channel, l.recipient, l.phone, l.outcome, l.attempts]),
    ).toEqual([
      ['call', 'Hoang Minh', '0900000021', 'delivered', 2],
      ['sms', 'Hoang Minh', '0900000021', 'delivered', 1],
      ['push', 'Duc Nguyen', null, 'failed', 1],
    ]);
    expect(lines.at(-2)).toMatchObject({ kind: 'acknowledged', actor: 'Cam Le', note: 'seen' });
    expect(lines.at(-1)).toMatchObject({
      kind: 'closed',
      actor: 'Cam Le',
      closeOutcome: 'family_helped',
      note: 'Daughter on the way',
    });
  });

  test('a notification the settings left out says why; "I am fine" is an answer; a voice message is named', () => {
    const lines = buildSosTimeline(
      [
        { at: at(0), kind: 'patient_response', level: 'sos', detail: 'sos_button:recording' },
        n(1, {
          level: 'high_risk',
          channel: 'sms',
          recipient: 'Hoang Lan',
          providerStatus: 'suppressed',
          detail: 'settings:sms_off',
        }),
        { at: at(2), kind: 'patient_response', level: 'high_risk', detail: 'i_am_fine' },
        { at: at(3), kind: 'closed', level: 'normal' },
      ],
      new Map(),
    );
    expect(lines).toMatchObject([
      { kind: 'pressed', response: 'recording', message: null },
      { kind: 'notified', outcome: 'suppressed', reason: 'settings:sms_off', recipient: 'Hoang Lan' },
      { kind: 'answered', response: 'i_am_fine' },
      { kind: 'closed', actor: null },
    ]);
  });
});
