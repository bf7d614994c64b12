import { describe, expect, test } from 'vitest';
import { HELP_VALUES, specRows } from './watch-specs.ts';

describe('device manual numbers (spec §9)', () => {
  test('pairing range, battery, working temperature (with °F), water resistance', () => {
    expect(Object.fromEntries(specRows().map((r) => [r.key, r.values]))).toEqual({
      pairingRange: { cm: 50 },
      battery: { mah: 130, min: 5, max: 7 },
      temperature: { min: '\u22125', max: '45', minF: '23', maxF: '113' },
      water: { rating: 'IP68' },
    });
  });

  test('the guides quote the watch constants: every 15 min, up to 2 min a measurement, a 3 s press, 50 cm', () => {
    expect(HELP_VALUES).toEqual({ range: 50, lowBattery: 5, every: 15, measure: 2, press: 3 });
  });
});
