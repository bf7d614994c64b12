import { describe, expect, test } from 'vitest';
import type { TFunction } from 'i18next';
import { dayKeyText, display, pageMetric, startOfToday, todayKey, valueText } from './format.ts';
import { dateText, timeText } from '../../app/format.ts';

const metric = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' } as const;
const imperial = { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' } as const;
const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as unknown as TFunction;

describe('metric page formatting', () => {
  test('only metrics Home shows have a page', () => {
    expect(pageMetric('heart_rate')).toBe('heart_rate');
    expect(pageMetric('blood_pressure')).toBe('blood_pressure');
    expect(pageMetric('nope')).toBeNull();
    expect(pageMetric(undefined)).toBeNull();
  });

  test('values in the user units', () => {
    expect(display('temperature', 37, metric).text).toBe('37.0');
    expect(display('temperature', 37, imperial)).toMatchObject({ text: '98.6', unit: 'F' });
    expect(display('weight', 80, imperial)).toMatchObject({ text: '176.4', unit: 'lb' });
    expect(display('blood_glucose', 5.5, imperial)).toMatchObject({ text: '99', unit: 'mg/dL' });
    expect(valueText(t, 'blood_pressure', 121.4, 79.6, metric)).toBe('121/80 mmHg');
    expect(valueText(t, 'heart_rate', null, null, metric)).toBe('—');
    expect(valueText(t, 'spo2', 97, null, metric)).toBe('97 %');
  });

  test('spec §9 dates: dd/MM/yyyy and HH:mm', () => {
    const d = new Date(2026, 0, 5, 7, 3);
    expect(dateText(d)).toBe('05/01/2026');
    expect(timeText(d)).toBe('07:03');
    expect(todayKey(null, d)).toBe('2026-01-05');
    expect(todayKey('Asia/Ho_Chi_Minh', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(startOfToday('Asia/Ho_Chi_Minh', new Date('2026-11-22T20:00:00Z')).toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(dayKeyText('2026-09-07')).toBe('07/09/2026');
    expect(dayKeyText('2026-09')).toBe('09/2026');
  });
});
