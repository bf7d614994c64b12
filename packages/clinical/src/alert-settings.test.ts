import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { AUDIENCES, DEFAULT_ALERT_SETTINGS, NOTIFY_CHANNELS, type TAlertSettings } from '@carewatch/contracts/alerts';
import {
  allowNotification,
  localMinutesAt,
  suppressReason,
  withinValidTime,
  type SettingsTarget,
} from './alert-settings.ts';
import { NOTIFY_TEMPLATES, type NotifyTemplate } from './escalation.ts';

const at = (h: number, m = 0) => h * 60 + m;
const off: TAlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  push: false,
  sms: false,
  automaticCall: false,
  inApp: false,
  validFrom: '08:00',
  validTo: '20:00',
};
const target = (t: Partial<SettingsTarget>): SettingsTarget => ({
  channel: 'in_app',
  audience: 'patient',
  tier: 'at_risk',
  template: 'at_risk',
  ...t,
});

describe('alert valid time', () => {
  test('no window is all day', () => {
    for (const m of [0, at(12), at(23, 59)]) expect(withinValidTime({ validFrom: null, validTo: null }, m)).toBe(true);
  });
  test('a daytime window holds its start minute and stops just before its end', () => {
    const w = { validFrom: '08:00', validTo: '20:00' };
    expect([at(7, 59), at(8), at(12), at(19, 59), at(20), at(23)].map((m) => withinValidTime(w, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  test('a window crossing midnight', () => {
    const w = { validFrom: '22:00', validTo: '06:00' };
    expect([at(21, 59), at(22), at(23, 30), at(0), at(5, 59), at(6), at(12)].map((m) => withinValidTime(w, m))).toEqual(
      [false, true, true, true, true, false, false],
    );
  });
  test('a one-sided or empty window (refused by the API) counts as all day', () => {
    expect(withinValidTime({ validFrom: '08:00', validTo: null }, at(3))).toBe(true);
    expect(withinValidTime({ validFrom: '08:00', validTo: '08:00' }, at(3))).toBe(true);
  });
});

describe('which notifications the settings let through', () => {
  test('defaults let everything through', () => {
    for (const channel of NOTIFY_CHANNELS) {
      for (const audience of AUDIENCES) {
        if (channel === 'call') continue; // automatic call is off by default
        expect(suppressReason(target({ channel, audience }), DEFAULT_ALERT_SETTINGS, at(3))).toBeNull();
      }
    }
    expect(
      suppressReason(
        target({ channel: 'call', audience: 'followers', tier: 'high_risk', template: 'high_risk_sms' }),
        DEFAULT_ALERT_SETTINGS,
        at(3),
      ),
    ).toBe('settings:automatic_call_off');
  });
  test('each channel to the patient and followers needs its setting', () => {
    const hr = (channel: SettingsTarget['channel'], audience: SettingsTarget['audience'], template: NotifyTemplate) =>
      target({ channel, audience, tier: 'high_risk', template });
    expect(suppressReason(hr('in_app', 'patient', 'high_risk_confirm'), off, at(12))).toBe('settings:in_app_off');
    expect(suppressReason(hr('push', 'patient', 'high_risk_confirm'), off, at(12))).toBe('settings:push_off');
    expect(suppressReason(hr('sms', 'followers', 'high_risk_sms'), off, at(12))).toBe('settings:sms_off');
    expect(suppressReason(hr('call', 'followers', 'high_risk_sms'), off, at(12))).toBe('settings:automatic_call_off');
    expect(suppressReason(hr('email', 'followers', 'high_risk_sms'), off, at(12))).toBeNull();
    const on = { ...off, push: true, sms: true, automaticCall: true, inApp: true };
    for (const c of ['in_app', 'push', 'sms', 'call'] as const)
      expect(allowNotification(hr(c, 'followers', 'high_risk_sms'), on, at(3))).toBe(true);
  });
  test('at risk reaches the patient and followers only within the valid time; high risk at any time', () => {
    const s = { ...DEFAULT_ALERT_SETTINGS, validFrom: '08:00', validTo: '20:00' };
    expect(suppressReason(target({}), s, at(21))).toBe('outside_valid_time');
    expect(suppressReason(target({ audience: 'followers', channel: 'push' }), s, at(7))).toBe('outside_valid_time');
    expect(suppressReason(target({}), s, at(9))).toBeNull();
    expect(suppressReason(target({ tier: 'high_risk', template: 'high_risk_confirm' }), s, at(21))).toBeNull();
    // A switched-off channel is the reason given first.
    expect(suppressReason(target({}), { ...s, inApp: false }, at(21))).toBe('settings:in_app_off');
  });
  test('staff, customer care and SOS are never filtered', () => {
    expect(suppressReason(target({ audience: 'staff' }), off, at(23))).toBeNull();
    expect(suppressReason(target({ audience: 'customer_care' }), off, at(23))).toBeNull();
    for (const template of ['sos', 'sos_button', 'send_sos'] as const) {
      for (const channel of NOTIFY_CHANNELS)
        expect(
          suppressReason(target({ channel, audience: 'followers', tier: 'sos', template }), off, at(23)),
        ).toBeNull();
    }
  });
});

describe('properties', () => {
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const settings: fc.Arbitrary<TAlertSettings> = fc
    .record({
      push: fc.boolean(),
      sms: fc.boolean(),
      automaticCall: fc.boolean(),
      inApp: fc.boolean(),
      window: fc.option(fc.tuple(clock, clock), { nil: null }),
      confirmSeconds: fc.integer({ min: 5, max: 600 }),
    })
    .map(({ window, ...s }) => ({ ...s, validFrom: window ? window[0] : null, validTo: window ? window[1] : null }));
  const effect: fc.Arbitrary<SettingsTarget> = fc.record({
    channel: fc.constantFrom(...NOTIFY_CHANNELS),
    audience: fc.constantFrom(...AUDIENCES),
    tier: fc.constantFrom('at_risk' as const, 'high_risk' as const, 'sos' as const),
    template: fc.constantFrom(...NOTIFY_TEMPLATES),
  });
  const minute = fc.integer({ min: 0, max: 1439 });

  test('SOS is never filtered', () => {
    fc.assert(
      fc.property(effect, settings, minute, (e, s, m) => {
        expect(allowNotification({ ...e, tier: 'sos' }, s, m)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  test('staff and customer care are never filtered', () => {
    fc.assert(
      fc.property(
        effect,
        settings,
        minute,
        fc.constantFrom('staff' as const, 'customer_care' as const),
        (e, s, m, audience) => {
          expect(allowNotification({ ...e, audience }, s, m)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
  test('only at risk depends on the time of day', () => {
    fc.assert(
      fc.property(effect, settings, minute, minute, (e, s, m1, m2) => {
        if (e.tier !== 'at_risk') expect(allowNotification(e, s, m1)).toBe(allowNotification(e, s, m2));
      }),
      { numRuns: 1000 },
    );
  });
  test('a window crossing midnight holds exactly the minutes its daytime complement does not', () => {
    fc.assert(
      fc.property(clock, clock, minute, (a, b, m) => {
        fc.pre(a !== b);
        expect(withinValidTime({ validFrom: a, validTo: b }, m)).toBe(
          !withinValidTime({ validFrom: b, validTo: a }, m),
        );
      }),
      { numRuns: 2000 },
    );
  });
  test('turning a setting on never suppresses more', () => {
    fc.assert(
      fc.property(
        effect,
        settings,
        minute,
        fc.constantFrom('push' as const, 'sms' as const, 'automaticCall' as const, 'inApp' as const),
        (e, s, m, key) => {
          if (allowNotification(e, s, m)) expect(allowNotification(e, { ...s, [key]: true }, m)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('local time', () => {
  test('minutes since local midnight in the patient time zone', () => {
    const d = new Date('2026-11-22T16:30:00Z');
    expect(localMinutesAt(d, 'UTC')).toBe(at(16, 30));
    expect(localMinutesAt(d, 'Asia/Ho_Chi_Minh')).toBe(at(23, 30));
    expect(localMinutesAt(new Date('2026-11-22T17:05:00Z'), 'Asia/Ho_Chi_Minh')).toBe(at(0, 5));
    expect(localMinutesAt(d, 'America/New_York')).toBe(at(11, 30));
  });
  test('an unknown zone falls back to Asia/Ho_Chi_Minh', () => {
    expect(localMinutesAt(new Date('2026-11-22T00:00:00Z'), 'Not/AZone')).toBe(at(7));
  });
});
