import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import {
  alertStatusOf,
  deliveryKey,
  initialAlertState,
  run,
  step,
  type AlertState,
  type EscalationEffect,
  type EscalationEvent,
  type NotifyEffect,
} from './escalation.ts';

const T0 = Date.parse('2026-03-01T08:00:00Z');
const S = 1000;
/** An injected clock: events are stamped with `clock.now`, advanced by the test. */
const makeClock = () => {
  let now = T0;
  return {
    get now() {
      return now;
    },
    advance(ms: number) {
      now += ms;
    },
  };
};

const notifies = (effects: EscalationEffect[]) => effects.filter((e): e is NotifyEffect => e.type === 'notify');
const sends = (effects: EscalationEffect[]) =>
  notifies(effects)
    .map((e) => `${e.audience}:${e.channel}`)
    .sort();
const has = (effects: EscalationEffect[], audience: string, channel: string) =>
  notifies(effects).some((e) => e.audience === audience && e.channel === channel);
const reading = (at: number, level: TAlertLevel): EscalationEvent => ({ type: 'reading', at, level });

describe('at risk', () => {
  test('notifies the patient and the following staff, nothing to followers', () => {
    const t = step(initialAlertState(), reading(T0, 'at_risk'));
    expect(t.state.phase).toBe('at_risk');
    expect(sends(t.effects)).toEqual(['patient:in_app', 'patient:push', 'staff:in_app', 'staff:push']);
    expect(t.effects).toContainEqual({ type: 'setPatientStatus', level: 'at_risk' });
    expect(alertStatusOf(t.state)).toBe('open');
  });

  test('more at-risk readings do not re-fire; values back to normal close the alert', () => {
    const r = run(initialAlertState(), [reading(T0, 'at_risk'), reading(T0 + 60 * S, 'at_risk')]);
    expect(r.steps[1]!.effects).toEqual([]);
    const c = step(r.state, reading(T0 + 120 * S, 'normal'));
    expect(c.state.phase).toBe('closed');
    expect(c.effects).toEqual([{ type: 'setPatientStatus', level: 'normal' }]);
  });

  test('a follower snooze leaves them out of at-risk notifications but never out of SOS', () => {
    const clock = makeClock();
    let s = step(initialAlertState(), reading(clock.now, 'at_risk')).state;
    s = step(s, { type: 'snooze', at: clock.now, by: 'doc-1', until: clock.now + 3600 * S }).state;
    // Ack, then ack timeout: the at-risk tier fires again without the snoozed follower.
    s = step(s, { type: 'ack', at: clock.now, by: 'doc-2' }).state;
    clock.advance(30 * 60 * S);
    const again = step(s, { type: 'timer', at: clock.now, kind: 'ack_timeout' });
    const staff = notifies(again.effects).filter((e) => e.audience === 'staff');
    expect(staff.map((e) => e.exclude)).toEqual([['doc-1'], ['doc-1']]);
    expect(staff.every((e) => e.round === 2)).toBe(true);
    const sos = step(again.state, reading(clock.now, 'sos'));
    expect(notifies(sos.effects).every((e) => e.exclude.length === 0)).toBe(true);
    expect(has(sos.effects, 'followers', 'call') && has(sos.effects, 'followers', 'sms')).toBe(true);
    // Once the alert reached SOS (or high risk) it cannot be snoozed.
    expect(step(sos.state, { type: 'snooze', at: clock.now, by: 'doc-1', until: clock.now + S }).rejected).toBe(
      'ONLY_AT_RISK',
    );
  });
});

describe('high risk', () => {
  test('asks the patient, then SMS to followers after exactly 15 s', () => {
    const clock = makeClock();
    const open = step(initialAlertState(), reading(clock.now, 'high_risk'));
    expect(open.state.phase).toBe('high_risk_waiting');
    expect(
      notifies(open.effects)
        .filter((e) => e.audience === 'patient')
        .map((e) => e.template),
    ).toEqual(['high_risk_confirm', 'high_risk_confirm']);
    expect(has(open.effects, 'followers', 'sms')).toBe(false);
    expect(open.effects).toContainEqual({ type: 'scheduleTimer', kind: 'high_risk_confirm', at: T0 + 15 * S });

    clock.advance(15 * S - 1);
    const early = step(open.state, { type: 'timer', at: clock.now, kind: 'high_risk_confirm' });
    expect(early).toMatchObject({ rejected: 'STALE_TIMER', effects: [] });
    clock.advance(1);
    const due = step(open.state, { type: 'timer', at: clock.now, kind: 'high_risk_confirm' });
    expect(due.state.phase).toBe('high_risk_escalated');
    // SMS and (filtered by the patient's "automatic call" setting) a call to followers, with the same template.
    expect(sends(due.effects)).toEqual(['followers:call', 'followers:sms', 'staff:in_app']);
    expect(
      notifies(due.effects)
        .filter((e) => e.audience === 'followers')
        .map((e) => e.template),
    ).toEqual(['high_risk_sms', 'high_risk_sms']);
    // The timer delivered twice (at least once) does nothing more.
    expect(step(due.state, { type: 'timer', at: clock.now + S, kind: 'high_risk_confirm' }).effects).toEqual([]);
  });

  test('the confirmation time is adjustable per patient', () => {
    const open = step(initialAlertState({ confirmSeconds: 40 }), reading(T0, 'high_risk'));
    expect(open.effects).toContainEqual({ type: 'scheduleTimer', kind: 'high_risk_confirm', at: T0 + 40 * S });
    expect(step(open.state, { type: 'timer', at: T0 + 15 * S, kind: 'high_risk_confirm' }).rejected).toBe(
      'STALE_TIMER',
    );
  });

  test('a raise from at risk starts the 15 s wait at the raise', () => {
    const r = run(initialAlertState(), [reading(T0, 'at_risk'), reading(T0 + 600 * S, 'high_risk')]);
    expect(r.steps[1]!.effects).toContainEqual({ type: 'scheduleTimer', kind: 'high_risk_confirm', at: T0 + 615 * S });
    expect(r.steps[1]!.effects).toContainEqual({ type: 'setPatientStatus', level: 'high_risk' });
  });

  test('"I am fine" suppresses the SMS and pauses high-risk alerts until values are normal', () => {
    const clock = makeClock();
    let s = step(initialAlertState(), reading(clock.now, 'high_risk')).state;
    clock.advance(5 * S);
    const fine = step(s, { type: 'i_am_fine', at: clock.now });
    expect(fine.state.phase).toBe('paused');
    expect(alertStatusOf(fine.state)).toBe('suppressed');
    expect(fine.effects).toContainEqual({ type: 'cancelTimer', kind: 'high_risk_confirm' });
    expect(has(fine.effects, 'followers', 'sms')).toBe(false);
    s = fine.state;
    clock.advance(10 * S);
    // The timer fires anyway (cancel lost, or already queued): no SMS.
    expect(step(s, { type: 'timer', at: clock.now, kind: 'high_risk_confirm' })).toMatchObject({
      effects: [],
      rejected: 'STALE_TIMER',
    });
    for (const level of ['high_risk', 'at_risk', 'high_risk'] as const) {
      clock.advance(60 * S);
      const t = step(s, reading(clock.now, level));
      expect(t.effects).toEqual([]);
      s = t.state;
    }
    // Back to normal closes it; the next high-risk reading is a new alert that asks again.
    s = step(s, reading(clock.now, 'normal')).state;
    expect(s.phase).toBe('closed');
    const fresh = step(initialAlertState(), reading(clock.now, 'high_risk'));
    expect(fresh.state.phase).toBe('high_risk_waiting');
  });

  test('"I am fine" never holds back SOS', () => {
    const r = run(initialAlertState(), [
      reading(T0, 'high_risk'),
      { type: 'i_am_fine', at: T0 + S },
      reading(T0 + 60 * S, 'sos'),
    ]);
    expect(r.state.phase).toBe('sos');
    expect(sends(r.steps[2]!.effects)).toContain('followers:call');
    expect(sends(r.steps[2]!.effects)).toContain('followers:sms');
  });

  test('"Send SOS to followers" calls them at once', () => {
    const r = run(initialAlertState(), [reading(T0, 'high_risk'), { type: 'send_sos', at: T0 + 3 * S }]);
    const t = r.steps[1]!;
    expect(t.state.phase).toBe('sos');
    expect(t.effects).toContainEqual({ type: 'cancelTimer', kind: 'high_risk_confirm' });
    expect(has(t.effects, 'followers', 'call')).toBe(true);
    expect(t.effects).toContainEqual({ type: 'openSosCase', reason: 'send_sos', message: null, location: null });
    // A manual SOS is closed by staff, not by the next normal reading.
    expect(step(t.state, reading(T0 + 60 * S, 'normal')).state.phase).toBe('sos');
    expect(step(t.state, { type: 'close', at: T0 + 90 * S, by: 'cc-1' }).state.phase).toBe('closed');
  });

  test('"I am fine" without a pending prompt is refused', () => {
    expect(step(step(initialAlertState(), reading(T0, 'at_risk')).state, { type: 'i_am_fine', at: T0 }).rejected).toBe(
      'NO_PENDING_PROMPT',
    );
    expect(step(step(initialAlertState(), reading(T0, 'sos')).state, { type: 'i_am_fine', at: T0 }).rejected).toBe(
      'NO_PENDING_PROMPT',
    );
    expect(step(initialAlertState(), { type: 'i_am_fine', at: T0 }).rejected).toBe('NO_ALERT');
  });
});

describe('SOS', () => {
  test('SOS level: automatic call and SMS to followers and an SOS case for customer care', () => {
    const t = step(initialAlertState(), reading(T0, 'sos'));
    expect(t.state.phase).toBe('sos');
    expect(sends(t.effects)).toEqual([
      'customer_care:in_app',
      'followers:call',
      'followers:sms',
      'patient:in_app',
      'staff:in_app',
      'staff:push',
    ]);
    expect(t.effects).toContainEqual({ type: 'openSosCase', reason: 'sos_level', message: null, location: null });
    expect(t.effects).toContainEqual({ type: 'setPatientStatus', level: 'sos' });
  });

  test('SOS button: main user only, opens a case with the message and location', () => {
    const ev = {
      type: 'sos_button' as const,
      at: T0,
      message: { kind: 'choice' as const, choice: 'had_a_fall' as const },
      location: { lat: 21.03, lng: 105.85 },
    };
    const sub = step(initialAlertState(), { ...ev, isMainUser: false });
    expect(sub).toMatchObject({ rejected: 'SUB_PROFILE', effects: [] });
    expect(sub.state.phase).toBe('idle');
    const main = step(initialAlertState(), { ...ev, isMainUser: true });
    expect(main.state).toMatchObject({ phase: 'sos', source: 'sos_button', level: 'sos', round: 1 });
    expect(main.effects).toContainEqual({
      type: 'openSosCase',
      reason: 'sos_button',
      message: ev.message,
      location: ev.location,
    });
    expect(has(main.effects, 'followers', 'call')).toBe(true);
    // Pressed again: followers are called again (new round), no second case.
    const again = step(main.state, { ...ev, at: T0 + 60 * S, isMainUser: true });
    expect(notifies(again.effects).every((e) => e.round === 2)).toBe(true);
    expect(again.effects.some((e) => e.type === 'openSosCase')).toBe(false);
  });

  test('SOS readings while in SOS do not re-fire; one case per alert', () => {
    const r = run(initialAlertState(), [
      reading(T0, 'sos'),
      reading(T0 + 60 * S, 'sos'),
      reading(T0 + 120 * S, 'high_risk'),
    ]);
    expect(r.steps[1]!.effects).toEqual([]);
    expect(r.steps[2]!.effects).toEqual([]);
    expect(r.effects.filter((e) => e.type === 'openSosCase')).toHaveLength(1);
  });
});

describe('acknowledgement', () => {
  test('an acknowledged alert does not re-fire at its level, but fires on a raise', () => {
    const r = run(initialAlertState(), [
      reading(T0, 'high_risk'),
      { type: 'ack', at: T0 + 5 * S, by: 'doc' },
      { type: 'timer', at: T0 + 15 * S, kind: 'high_risk_confirm' },
      reading(T0 + 60 * S, 'high_risk'),
      reading(T0 + 90 * S, 'at_risk'),
      reading(T0 + 120 * S, 'sos'),
    ]);
    const [, ack, timer, same, milder, sos] = r.steps;
    expect(ack!.state.phase).toBe('acknowledged');
    expect(alertStatusOf(ack!.state)).toBe('acknowledged');
    // Staff acted within the 15 s: the confirmation timer is cancelled and an ack timeout scheduled.
    expect(ack!.effects).toEqual([
      { type: 'cancelTimer', kind: 'high_risk_confirm' },
      { type: 'scheduleTimer', kind: 'ack_timeout', at: T0 + 5 * S + 1800 * S },
    ]);
    expect(timer!.effects).toEqual([]);
    expect(same!.effects).toEqual([]);
    expect(milder!.effects).toEqual([]);
    expect(sos!.state.phase).toBe('sos');
    expect(sos!.effects).toContainEqual({ type: 'cancelTimer', kind: 'ack_timeout' });
    expect(sends(sos!.effects)).toContain('followers:call');
  });

  test('an acknowledgement that times out re-triggers the current tier in a new round', () => {
    const clock = makeClock();
    let s = step(initialAlertState({ ackTimeoutSeconds: 600 }), reading(clock.now, 'sos')).state;
    s = step(s, { type: 'ack', at: clock.now, by: 'cc' }).state;
    clock.advance(599 * S);
    expect(step(s, { type: 'timer', at: clock.now, kind: 'ack_timeout' }).rejected).toBe('STALE_TIMER');
    clock.advance(S);
    const re = step(s, { type: 'timer', at: clock.now, kind: 'ack_timeout' });
    expect(re.state).toMatchObject({ phase: 'sos', round: 2 });
    expect(has(re.effects, 'followers', 'call') && has(re.effects, 'followers', 'sms')).toBe(true);
    expect(re.effects.some((e) => e.type === 'openSosCase')).toBe(false);
  });

  test('ack timeout on a high-risk alert asks the patient again with a new 15 s wait', () => {
    const r = run(initialAlertState({ ackTimeoutSeconds: 60 }), [
      reading(T0, 'high_risk'),
      { type: 'ack', at: T0 + S, by: 'doc' },
      { type: 'timer', at: T0 + 61 * S, kind: 'ack_timeout' },
      { type: 'timer', at: T0 + 76 * S, kind: 'high_risk_confirm' },
    ]);
    expect(r.steps[2]!.effects).toContainEqual({ type: 'scheduleTimer', kind: 'high_risk_confirm', at: T0 + 76 * S });
    expect(notifies(r.steps[3]!.effects).find((e) => e.audience === 'followers')).toMatchObject({
      channel: 'sms',
      round: 2,
    });
  });
});

describe('durability', () => {
  test('a restart in the middle of a high-risk wait still sends the SMS', () => {
    const open = step(initialAlertState(), reading(T0, 'high_risk'));
    // Persist, "restart", reload: the server fires the stored timer late.
    const reloaded = JSON.parse(JSON.stringify(open.state)) as AlertState;
    const due = step(reloaded, { type: 'timer', at: T0 + 42 * S, kind: 'high_risk_confirm' });
    expect(has(due.effects, 'followers', 'sms')).toBe(true);
  });

  test('closed is terminal', () => {
    const closed = run(initialAlertState(), [reading(T0, 'at_risk'), reading(T0 + S, 'normal')]).state;
    for (const e of [
      reading(T0, 'sos'),
      { type: 'ack' as const, at: T0, by: 'x' },
      { type: 'send_sos' as const, at: T0 },
    ]) {
      expect(step(closed, e)).toMatchObject({ effects: [], rejected: 'CLOSED' });
    }
  });

  test('delivery keys deduplicate per alert, tier, round, template, recipient and channel', () => {
    const t = step(initialAlertState(), reading(T0, 'sos'));
    const call = notifies(t.effects).find((e) => e.channel === 'call')!;
    expect(deliveryKey('a1', call, 'r1')).toBe('a1:sos:1:sos:r1:call');
  });
});

describe('properties (any event sequence)', () => {
  const level = fc.constantFrom<TAlertLevel>('normal', 'at_risk', 'high_risk', 'sos');
  const eventAt = fc.oneof(
    { weight: 6, arbitrary: level.map((l) => (at: number): EscalationEvent => ({ type: 'reading', at, level: l })) },
    {
      weight: 3,
      arbitrary: fc
        .constantFrom('high_risk_confirm' as const, 'ack_timeout' as const)
        .map((kind) => (at: number): EscalationEvent => ({ type: 'timer', at, kind })),
    },
    { weight: 1, arbitrary: fc.constant((at: number): EscalationEvent => ({ type: 'i_am_fine', at })) },
    { weight: 1, arbitrary: fc.constant((at: number): EscalationEvent => ({ type: 'send_sos', at })) },
    {
      weight: 1,
      arbitrary: fc.boolean().map((isMainUser) => (at: number): EscalationEvent => ({
        type: 'sos_button',
        at,
        isMainUser,
        message: null,
        location: null,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('u1', 'u2').map((by) => (at: number): EscalationEvent => ({ type: 'ack', at, by })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('u1', 'u2')
        .map((by) => (at: number): EscalationEvent => ({ type: 'snooze', at, by, until: at + 3600 * S })),
    },
    { weight: 1, arbitrary: fc.constant((at: number): EscalationEvent => ({ type: 'close', at, by: null })) },
  );
  const sequence = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 2000 * S }), eventAt), { minLength: 1, maxLength: 40 })
    .map((xs) => {
      let at = T0;
      return xs.map(([dt, mk]) => {
        at += dt;
        return mk(at);
      });
    });
  const config = fc.record({
    confirmSeconds: fc.integer({ min: 5, max: 120 }),
    ackTimeoutSeconds: fc.integer({ min: 60, max: 3600 }),
  });

  test('entering SOS (or a new SOS round) always calls and texts followers; sub-profiles never trigger anything', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        let s = initialAlertState(cfg);
        for (const e of events) {
          const t = step(s, e);
          if (t.state.phase === 'sos' && (s.phase !== 'sos' || t.state.round !== s.round)) {
            expect(has(t.effects, 'followers', 'call') && has(t.effects, 'followers', 'sms')).toBe(true);
            expect(t.state.sosCaseOpened).toBe(true);
          }
          if (e.type === 'sos_button' && !e.isMainUser)
            expect(t).toEqual({ state: s, effects: [], rejected: s.phase === 'closed' ? 'CLOSED' : 'SUB_PROFILE' });
          s = t.state;
        }
      }),
      { numRuns: 500 },
    );
  });

  test('nothing is ever produced after closed; nothing but SOS is sent while paused', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        let s = initialAlertState(cfg);
        for (const e of events) {
          const t = step(s, e);
          if (s.phase === 'closed') expect(t.effects).toEqual([]);
          if (s.phase === 'paused' && t.state.phase !== 'sos')
            expect(notifies(t.effects).filter((n) => n.channel !== 'in_app' || n.audience !== 'staff')).toEqual([]);
          s = t.state;
        }
      }),
      { numRuns: 500 },
    );
  });

  test('snoozes only ever exclude recipients of at-risk notifications', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        const { effects } = run(initialAlertState(cfg), events);
        for (const n of notifies(effects)) if (n.tier !== 'at_risk') expect(n.exclude).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('no delivery is emitted twice (outbox deduplication never hides a new notification)', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        const keys = notifies(run(initialAlertState(cfg), events).effects).map((n) => deliveryKey('a', n, n.audience));
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 500 },
    );
  });

  test('followers are called outside SOS only next to the unanswered high-risk SMS, never at once', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        let s = initialAlertState(cfg);
        for (const e of events) {
          const t = step(s, e);
          const calls = notifies(t.effects).filter((n) => n.channel === 'call' && n.tier !== 'sos');
          for (const c of calls) {
            expect(c).toMatchObject({ audience: 'followers', template: 'high_risk_sms' });
            expect(e.type === 'timer' && e.kind === 'high_risk_confirm').toBe(true);
            expect(has(t.effects, 'followers', 'sms')).toBe(true);
          }
          s = t.state;
        }
      }),
      { numRuns: 300 },
    );
  });

  test('timers are scheduled in the future and the state survives a JSON round trip at any point', () => {
    fc.assert(
      fc.property(config, sequence, (cfg, events) => {
        let s = initialAlertState(cfg);
        for (const e of events) {
          const t = step(s, e);
          const reloaded = step(JSON.parse(JSON.stringify(s)) as AlertState, e);
          expect(reloaded).toEqual(t);
          for (const x of t.effects) if (x.type === 'scheduleTimer') expect(x.at).toBeGreaterThan(e.at);
          // The level never drops while the alert is open.
          if (t.state.phase !== 'closed' && s.phase !== 'idle')
            expect(['normal', 'at_risk', 'high_risk', 'sos'].indexOf(t.state.level)).toBeGreaterThanOrEqual(
              ['normal', 'at_risk', 'high_risk', 'sos'].indexOf(s.level),
            );
          s = t.state;
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a reading older than the newest one the alert saw never lowers or closes it, but may raise it', () => {
    const timed = fc.array(fc.tuple(fc.integer({ min: -3600 * S, max: 3600 * S }), level), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(config, timed, (cfg, readings) => {
        let s = initialAlertState(cfg);
        let at = T0;
        for (const [offset, lvl] of readings) {
          at += S;
          const measuredAt = T0 + offset;
          const t = step(s, { type: 'reading', at, level: lvl, measuredAt });
          const newest = s.lastMeasuredAt ?? null;
          if (s.phase !== 'idle' && s.phase !== 'closed' && newest !== null && measuredAt < newest) {
            expect(t.state.phase).not.toBe('closed');
            expect(t.state.current).toBe(s.current);
            expect(t.state.lastMeasuredAt).toBe(newest);
            if (
              ['normal', 'at_risk', 'high_risk', 'sos'].indexOf(lvl) >
              ['normal', 'at_risk', 'high_risk', 'sos'].indexOf(s.level)
            ) {
              expect(t.state.level).toBe(lvl);
            }
          }
          if (
            t.state.phase !== 'closed' &&
            t.state.phase !== 'idle' &&
            t.state.lastMeasuredAt !== null &&
            t.state.lastMeasuredAt !== undefined
          ) {
            expect(t.state.lastMeasuredAt).toBeGreaterThanOrEqual(newest ?? -Infinity);
          }
          s = t.state.phase === 'closed' ? initialAlertState(cfg) : t.state;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('late readings', () => {
  test('an offline sync of older normal readings does not close an SOS alert; a newer normal one does', () => {
    let s = step(initialAlertState(), { type: 'reading', at: T0, level: 'sos', measuredAt: T0 }).state;
    const late = step(s, { type: 'reading', at: T0 + 10 * S, level: 'normal', measuredAt: T0 - 600 * S });
    expect(late.state.phase).toBe('sos');
    expect(late.effects).toEqual([]);
    s = late.state;
    const fresh = step(s, { type: 'reading', at: T0 + 20 * S, level: 'normal', measuredAt: T0 + 15 * S });
    expect(fresh.state.phase).toBe('closed');
  });
  test('a late SOS reading still raises an at-risk alert', () => {
    const s = step(initialAlertState(), { type: 'reading', at: T0, level: 'at_risk', measuredAt: T0 }).state;
    const t = step(s, { type: 'reading', at: T0 + S, level: 'sos', measuredAt: T0 - 60 * S });
    expect(t.state.phase).toBe('sos');
    expect(has(t.effects, 'followers', 'call')).toBe(true);
  });
  test('a retried duplicate of the reading that opened the alert changes nothing', () => {
    const first = step(initialAlertState(), { type: 'reading', at: T0, level: 'sos', measuredAt: T0 });
    const again = step(first.state, { type: 'reading', at: T0 + 5 * S, level: 'sos', measuredAt: T0 });
    expect(again.effects).toEqual([]);
    expect(again.state).toEqual(first.state);
  });
});
