import { describe, expect, test } from 'vitest';
import { monthStart, partitionName } from './measurement-storage.ts';

describe('monthly partition names', () => {
  test('UTC months, across year ends, named as cw_month_partition names them', () => {
    const t = new Date('2026-12-31T23:59:59.999Z');
    expect(monthStart(t).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(monthStart(t, 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(t, -12).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(partitionName('measurements', monthStart(t, 1))).toBe('measurements_y2027m01');
    expect(partitionName('measurements_cold', new Date('2030-03-04T05:00:00Z'))).toBe('measurements_cold_y2030m03');
  });
});
