import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { METRICS, ZReading } from '@carewatch/contracts/vitals';
import { isSimpleReading } from './ingest.service.ts';

const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.double(),
  fc.integer(),
  fc.string(),
  fc.constant(null),
  fc.boolean(),
);
const dates = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2024-02-30T00:00:00Z',
    '2024-02-29T10:00:00+07:00',
    '2023-02-29T10:00:00Z',
    '2024-01-01T00:00:00',
    '2024-01-01 00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T00:00:00.123456789-05:30',
    '',
  ),
  fc.string(),
);
const reading = fc.record(
  {
    metric: fc.oneof(fc.constantFrom(...METRICS), fc.string(), fc.constant(undefined), fc.integer()),
    measuredAt: dates,
    value: anyValue,
    seq: fc.oneof(
      fc.constant(undefined),
      fc.integer({ min: -5, max: 5 }),
      fc.double(),
      fc.constant(2 ** 60),
      fc.string(),
    ),
    values: fc.oneof(
      { weight: 5, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant({ systolic: 120, diastolic: 80 }) },
    ),
    unit: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant('F') }),
    deviceId: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.uuid() }),
    extra: anyValue,
  },
  { requiredKeys: [] },
);

describe('isSimpleReading (the hand-written check before ZReading)', () => {
  test('accepts only readings ZReading accepts, with the same metric, time and value', () => {
    fc.assert(
      fc.property(fc.oneof(reading, fc.anything()), (item) => {
        if (!isSimpleReading(item)) return;
        const parsed = ZReading.safeParse(item);
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.metric).toBe(item.metric);
        expect(parsed.data.measuredAt).toBe(item.measuredAt);
        expect(parsed.data.value).toBe(item.value);
        expect(parsed.data.unit).toBeUndefined();
        expect(parsed.data.deviceId).toBeUndefined();
        expect(parsed.data.values).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
  });
  test('takes the usual app and device reading', () => {
    expect(isSimpleReading({ metric: 'heart_rate', measuredAt: '2024-03-01T10:00:00.000Z', value: 72 })).toBe(true);
    expect(isSimpleReading({ metric: 'spo2', measuredAt: '2024-03-01T10:00:00+07:00', value: 97, seq: 12 })).toBe(true);
    expect(isSimpleReading({ metric: 'weight', measuredAt: '2024-03-01T10:00:00Z', value: 150, unit: 'lb' })).toBe(
      false,
    );
    expect(isSimpleReading({ metric: 'pulse', measuredAt: '2024-03-01T10:00:00Z', value: 1 })).toBe(false);
    expect(isSimpleReading({ metric: 'heart_rate', measuredAt: '2024-03-01T10:00:00Z', value: Number.NaN })).toBe(
      false,
    );
  });
});
