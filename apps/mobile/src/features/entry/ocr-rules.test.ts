import { describe, expect, test } from 'vitest';
import type { UnitPrefs } from '@carewatch/clinical/units';
import { mapOcrNumbers, numbersInText, numbersInWords, type OcrNumber } from './ocr-rules.ts';
import { readSevenSegment } from './seven-segment.ts';
import { bpMonitor, oximeter, singleValue } from './seven-segment-render.ts';

const metric: UnitPrefs = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' };
const us: UnitPrefs = { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' };
const n = (text: string, height = 50): OcrNumber => ({
  text,
  value: Number(text),
  decimals: text.includes('.') ? text.split('.')[1]!.length : 0,
  height,
});

describe('OCR numbers → entry form', () => {
  test('BP monitor: systolic, diastolic, then the (smaller) pulse', () => {
    expect(mapOcrNumbers('bp_monitor', [n('128'), n('84'), n('71', 28)], metric)).toEqual({
      ok: true,
      values: { systolic: '128', diastolic: '84', heart_rate: '71' },
      metrics: ['blood_pressure', 'heart_rate'],
    });
  });

  test('BP monitor: a small clock is skipped, the pulse is optional', () => {
    expect(mapOcrNumbers('bp_monitor', [n('10', 12), n('35', 12), n('141'), n('92')], metric)).toEqual({
      ok: true,
      values: { systolic: '141', diastolic: '92' },
      metrics: ['blood_pressure'],
    });
  });

  test('BP monitor: implausible or incomplete values cannot be detected', () => {
    const cannot = { ok: false, reason: 'cannotDetect' };
    expect(mapOcrNumbers('bp_monitor', [], metric)).toEqual(cannot);
    expect(mapOcrNumbers('bp_monitor', [n('128')], metric)).toEqual(cannot);
    expect(mapOcrNumbers('bp_monitor', [n('80'), n('120')], metric)).toEqual(cannot);
    expect(mapOcrNumbers('bp_monitor', [n('888'), n('888')], metric)).toEqual(cannot);
    expect(mapOcrNumbers('bp_monitor', [n('12.5'), n('8.4')], metric)).toEqual(cannot);
  });

  test('glucometer: mmol/L or mg/dL by the decimal point, shown in the user unit', () => {
    expect(mapOcrNumbers('glucometer', [n('5.6')], metric)).toMatchObject({ values: { blood_glucose: '5.6' } });
    expect(mapOcrNumbers('glucometer', [n('5.6')], us)).toMatchObject({ values: { blood_glucose: '101' } });
    expect(mapOcrNumbers('glucometer', [n('110')], us)).toMatchObject({ values: { blood_glucose: '110' } });
    expect(mapOcrNumbers('glucometer', [n('110')], metric)).toMatchObject({ values: { blood_glucose: '6.1' } });
    expect(mapOcrNumbers('glucometer', [n('7')], metric)).toMatchObject({ ok: false });
    expect(mapOcrNumbers('glucometer', [n('45.0')], metric)).toMatchObject({ ok: false });
  });

  test('scale: in the user weight unit', () => {
    expect(mapOcrNumbers('scale', [n('72.4')], metric)).toEqual({
      ok: true,
      values: { weight: '72.4' },
      metrics: ['weight'],
    });
    expect(mapOcrNumbers('scale', [n('512.0')], metric)).toMatchObject({ ok: false });
    expect(mapOcrNumbers('scale', [n('512.0')], us)).toMatchObject({ ok: true, values: { weight: '512' } });
  });

  test('thermometer: °C or °F by range, shown in the user unit', () => {
    expect(mapOcrNumbers('thermometer', [n('36.8')], metric)).toMatchObject({ values: { temperature: '36.8' } });
    expect(mapOcrNumbers('thermometer', [n('36.8')], us)).toMatchObject({ values: { temperature: '98.2' } });
    expect(mapOcrNumbers('thermometer', [n('100.4')], metric)).toMatchObject({ values: { temperature: '38' } });
    expect(mapOcrNumbers('thermometer', [n('60.2')], metric)).toMatchObject({ ok: false });
  });

  test('oximeter: SpO2 then pulse', () => {
    expect(mapOcrNumbers('oximeter', [n('97'), n('104')], metric)).toEqual({
      ok: true,
      values: { spo2: '97', heart_rate: '104' },
      metrics: ['spo2', 'heart_rate'],
    });
    expect(mapOcrNumbers('oximeter', [n('140'), n('20')], metric)).toMatchObject({ ok: false });
  });

  test('numbers in recognized text', () => {
    expect(numbersInText('SYS 128\nDIA 84 / PUL 71').map((x) => x.text)).toEqual(['128', '84', '71']);
    expect(numbersInText('36,8 C')[0]).toMatchObject({ value: 36.8, decimals: 1 });
    expect(numbersInText('Lo')).toEqual([]);
    // The words' heights keep the small print out: "Body temp 2 37.4 °C".
    const words = numbersInWords([
      { text: 'Body', height: 20 },
      { text: '2', height: 20 },
      { text: '37.4', height: 90 },
      { text: '°C', height: 40 },
    ]);
    expect(words.map((x) => [x.text, x.height])).toEqual([
      ['2', 20],
      ['37.4', 90],
    ]);
    expect(mapOcrNumbers('thermometer', words, metric)).toMatchObject({ values: { temperature: '37.4' } });
  });

  test('from generated photos to form values', () => {
    expect(mapOcrNumbers('bp_monitor', readSevenSegment(bpMonitor(132, 86, 64, { clutter: true })), metric)).toEqual({
      ok: true,
      values: { systolic: '132', diastolic: '86', heart_rate: '64' },
      metrics: ['blood_pressure', 'heart_rate'],
    });
    expect(mapOcrNumbers('oximeter', readSevenSegment(oximeter(98, 72)), metric)).toMatchObject({
      values: { spo2: '98', heart_rate: '72' },
    });
    expect(mapOcrNumbers('thermometer', readSevenSegment(singleValue('37.9')), metric)).toMatchObject({
      values: { temperature: '37.9' },
    });
  });
});
