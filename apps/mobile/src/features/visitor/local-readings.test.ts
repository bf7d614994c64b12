import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addLocalReadings, clearLocalReadings, latestLocalReadings } from './local-readings.ts';

describe('visitor readings on the phone', () => {
  it('keeps the latest reading of each metric and forgets everything on leave', async () => {
    const db = 'visitor-test';
    await addLocalReadings(
      [
        { metric: 'heart_rate', measuredAt: '2026-11-22T08:00:00.000Z', value: 70 },
        { metric: 'heart_rate', measuredAt: '2026-11-22T08:05:00.000Z', value: 75 },
        { metric: 'spo2', measuredAt: '2026-11-22T08:01:00.000Z', value: 97 },
      ],
      db,
    );
    expect(await latestLocalReadings(db)).toEqual([
      { metric: 'heart_rate', measuredAt: '2026-11-22T08:05:00.000Z', value: 75 },
      { metric: 'spo2', measuredAt: '2026-11-22T08:01:00.000Z', value: 97 },
    ]);
    await clearLocalReadings(db);
    expect(await latestLocalReadings(db)).toEqual([]);
  });
});
