import { describe, expect, test } from 'vitest';
import { hasKey } from '../../test-support/portal-t.ts';
import { DEACTIVATION_STATUSES, canDecide, deactivationColor, statusFilter } from './lifecycle-rules.ts';

describe('deactivation requests', () => {
  test('the filter reads a status, anything else as all', () => {
    expect(statusFilter('pending')).toBe('pending');
    expect(statusFilter('rejected')).toBe('rejected');
    expect(statusFilter('')).toBe('');
    expect(statusFilter('PENDING')).toBe('');
  });

  test('colours: pending yellow, approved red, rejected grey; each status named in both languages', () => {
    expect(DEACTIVATION_STATUSES.map(deactivationColor)).toEqual(['yellow', 'red', 'gray']);
    for (const s of DEACTIVATION_STATUSES) {
      expect(
        hasKey(`lifecycle.deactivations.statuses.${s}`, 'en') && hasKey(`lifecycle.deactivations.statuses.${s}`, 'vi'),
        s,
      ).toBe(true);
    }
  });

  test('only a pending request can be approved or rejected', () => {
    expect(DEACTIVATION_STATUSES.filter(canDecide)).toEqual(['pending']);
  });
});
