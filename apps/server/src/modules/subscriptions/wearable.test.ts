import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WEARABLE_SYNC_WINDOW_HOURS, connectedSince, hasConnectedWearable, isSyncRecent } from './wearable.ts';

const H = 3_600_000;
const now = new Date('2026-11-26T12:00:00Z');

describe('connected wearable: a bound device synced within 48 h', () => {
  it('boundaries', () => {
    expect(WEARABLE_SYNC_WINDOW_HOURS).toBe(48);
    expect(isSyncRecent(new Date(now.getTime() - 48 * H), now)).toBe(true);
    expect(isSyncRecent(new Date(now.getTime() - 48 * H - 1), now)).toBe(false);
    expect(isSyncRecent(null, now)).toBe(false);
    expect(isSyncRecent(new Date(now.getTime() + H), now)).toBe(true);
    expect(hasConnectedWearable([], now)).toBe(false);
    expect(hasConnectedWearable([{ latestSync: null }, { latestSync: new Date(now.getTime() - H) }], now)).toBe(true);
    expect(connectedSince(now).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('property: connected iff some device synced at or after now − 48 h', () => {
    const sync = fc.option(
      fc.integer({ min: -200 * H, max: 5 * H }).map((d) => new Date(now.getTime() + d)),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(fc.record({ latestSync: sync }), { maxLength: 6 }), (devices) => {
        const expected = devices.some(
          (d) => d.latestSync !== null && d.latestSync.getTime() >= connectedSince(now).getTime(),
        );
        expect(hasConnectedWearable(devices, now)).toBe(expected);
      }),
    );
  });

  it('property: syncing later never disconnects; time passing never connects', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100 * H, max: 0 }),
        fc.integer({ min: 0, max: 100 * H }),
        fc.integer({ min: 0, max: 100 * H }),
        (d, later, pass) => {
          const at = new Date(now.getTime() + d);
          if (isSyncRecent(at, now)) expect(isSyncRecent(new Date(at.getTime() + later), now)).toBe(true);
          if (!isSyncRecent(at, now)) expect(isSyncRecent(at, new Date(now.getTime() + pass))).toBe(false);
        },
      ),
    );
  });
});
