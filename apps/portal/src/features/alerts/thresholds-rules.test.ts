import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  THRESHOLD_TIERS,
  ZPutAlertSettingsRequest,
  ZPutThresholdsRequest,
  type TPatientAlertSettings,
} from '@carewatch/contracts/alerts';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  ALERT_SETTINGS_FIELDS,
  SIDES,
  canResetAll,
  confirmSecondsFromInput,
  levelField,
  levelFromInput,
  levelMessage,
  rowErrors,
  settingsBody,
  settingsMessageKey,
  thresholdColumn,
  thresholdsBody,
  toRows,
  toSettingsForm,
  type ThresholdRow,
} from './thresholds-rules.ts';

const row = (over: Partial<ThresholdRow> = {}): ThresholdRow => ({
  index: 'heart_rate',
  low: { atRisk: 50, highRisk: 40, sos: 30 },
  high: { atRisk: 100, highRisk: 130, sos: 160 },
  locked: false,
  patientMayEdit: false,
  personalized: false,
  source: 'default',
  ...over,
});
const rows = [
  row(),
  row({ index: 'spo2', low: { atRisk: 94, highRisk: 92, sos: 88 }, high: { atRisk: null, highRisk: null, sos: null } }),
];

describe('levels', () => {
  test('a level input is its number; blank or not a number leaves the tier unused', () => {
    expect(levelFromInput(92)).toBe(92);
    expect(levelFromInput('37.5')).toBe(37.5);
    expect(levelFromInput('  ')).toBeNull();
    expect(levelFromInput('abc')).toBeNull();
    expect(levelFromInput(0)).toBe(0);
  });

  test('each side and tier has its column, named in both languages', () => {
    expect(thresholdColumn('low', 'atRisk')).toBe('lowAtRisk');
    expect(thresholdColumn('high', 'highRisk')).toBe('highHighRisk');
    expect(thresholdColumn('high', 'sos')).toBe('highSos');
    for (const side of SIDES)
      for (const tier of THRESHOLD_TIERS) {
        for (const lng of ['en', 'vi'] as const)
          expect(hasKey(`alertConfig.defaults.${thresholdColumn(side, tier)}`, lng), `${lng} ${side} ${tier}`).toBe(
            true,
          );
      }
  });

  test('the server’s and the contract’s paths both land on the dialog’s inputs', () => {
    expect(levelField('items.0.low.atRisk')).toBe('low.atRisk');
    expect(levelField('items.12.high.sos')).toBe('high.sos');
    expect(levelField('low.sos')).toBe('low.sos');
  });

  test('the contract’s messages have texts of their own, with the range kept, in English and Vietnamese', () => {
    expect(levelMessage('Must be between 30 and 300')).toEqual({
      key: 'alertConfig.defaults.between',
      params: { min: '30', max: '300' },
    });
    expect(levelMessage('Low high-risk level must be at or below the at-risk level')).toEqual({
      key: 'alertConfig.defaults.orderLow',
    });
    expect(levelMessage('High SOS level must be at or above the high-risk level')).toEqual({
      key: 'alertConfig.defaults.orderHigh',
    });
    expect(levelMessage('Low levels must be below the high levels')).toEqual({
      key: 'alertConfig.defaults.lowBelowHigh',
    });
    expect(levelMessage('Invalid number')).toBeNull();
    const own = levelMessage('Must be between 0.1 and 16.6')!;
    expect(portalT('en')(own.key, own.params)).toContain('16.6');
    expect(portalT('vi')(own.key, own.params)).toContain('0.1');
  });

  test('the contract’s own messages are recognised (the texts the rules match are the ones it writes)', () => {
    const bad = ZPutThresholdsRequest.safeParse({ items: [{ ...row(), low: { atRisk: 20, highRisk: 40, sos: 30 } }] });
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => levelMessage(m) !== null)).toBe(true);
  });

  test('reset all is offered while some index is not built-in', () => {
    expect(canResetAll([{ source: 'builtin' }, { source: 'builtin' }])).toBe(false);
    expect(canResetAll([{ source: 'builtin' }, { source: 'tenant' }])).toBe(true);
    expect(canResetAll([])).toBe(false);
  });
});

describe('saving a patient’s thresholds', () => {
  test('rows are copies of the answer', () => {
    const answer = { items: [{ ...row(), patientId: 'p' }] } as unknown as Parameters<typeof toRows>[0];
    const r = toRows(answer);
    r[0]!.low.atRisk = 1;
    expect(answer.items[0]!.low.atRisk).toBe(50);
    expect(r[0]).not.toHaveProperty('patientId');
  });

  test('only changed rows (and custom ones) are sent, with their positions', () => {
    const edited = [rows[0]!, { ...rows[1]!, low: { ...rows[1]!.low, atRisk: 95 } }];
    const body = thresholdsBody(edited, rows);
    expect(body.sent).toEqual([1]);
    expect(body.items.map((i) => i.index)).toEqual(['spo2']);
    expect(body.items[0]).not.toHaveProperty('source');
    expect(thresholdsBody([row({ source: 'custom' }), rows[1]!], rows).sent).toEqual([0]);
  });

  test('with nothing changed every row is sent (saving makes them the patient’s own)', () => {
    expect(thresholdsBody(rows, rows).sent).toEqual([0, 1]);
    expect(ZPutThresholdsRequest.safeParse({ items: thresholdsBody(rows, rows).items }).success).toBe(true);
  });

  test('a locked row is never patient-editable, whatever its box says', () => {
    const body = thresholdsBody([row({ locked: true, patientMayEdit: true })], [row()]);
    expect(body.items[0]).toMatchObject({ locked: true, patientMayEdit: false });
  });

  test('an error of the k-th sent item shows on its row; others keep their key', () => {
    expect(rowErrors({ 'items.0.low.atRisk': 'A', 'items.1.high.sos': 'B', confirmSeconds: 'C' }, [3, 7])).toEqual({
      'rows.3.low.atRisk': 'A',
      'rows.7.high.sos': 'B',
      confirmSeconds: 'C',
    });
    expect(rowErrors({ 'items.5.index': 'X' }, [2])).toEqual({ 'rows.0.index': 'X' });
  });

  test('property: every sent position is a row, in order, and changed rows are always among them', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 10 }), (changedFlags) => {
        const original = changedFlags.map(() => row());
        const edited = changedFlags.map((c) => (c ? row({ high: { atRisk: 101, highRisk: 130, sos: 160 } }) : row()));
        const { sent, items } = thresholdsBody(edited, original);
        expect(sent).toEqual([...sent].sort((a, b) => a - b));
        expect(items).toHaveLength(sent.length);
        changedFlags.forEach((c, i) => {
          if (c) expect(sent).toContain(i);
        });
        if (!changedFlags.some(Boolean)) expect(sent).toHaveLength(changedFlags.length);
      }),
    );
  });
});

describe('alert settings', () => {
  const stored: TPatientAlertSettings = {
    patientId: '0190a6f4-0000-7000-8000-000000000001',
    updatedAt: null,
    push: true,
    sms: false,
    automaticCall: false,
    inApp: true,
    validFrom: '22:00',
    validTo: '06:00',
    confirmSeconds: 15,
  };

  test('a stored window is shown as times; none is "all day"', () => {
    expect(toSettingsForm(stored)).toMatchObject({
      allDay: false,
      validFrom: '22:00',
      validTo: '06:00',
      confirmSeconds: 15,
    });
    expect(toSettingsForm({ ...stored, validFrom: null, validTo: null })).toMatchObject({
      allDay: true,
      validFrom: '',
      validTo: '',
    });
  });

  test('all day sends no window; a blank time is a missing one ("give both")', () => {
    const form = toSettingsForm(stored);
    expect(settingsBody({ ...form, allDay: true })).toMatchObject({ validFrom: null, validTo: null });
    expect(settingsBody(form)).toEqual({
      push: true,
      sms: false,
      automaticCall: false,
      inApp: true,
      confirmSeconds: 15,
      validFrom: '22:00',
      validTo: '06:00',
    });
    const oneTime = ZPutAlertSettingsRequest.safeParse(settingsBody({ ...form, validTo: '' }));
    expect(oneTime.error?.issues.map((i) => [i.path.join('.'), settingsMessageKey(i.message)])).toEqual([
      ['validTo', 'alertConfig.settings.bothTimes'],
    ]);
  });

  test('the valid-time messages have texts of their own in both languages', () => {
    expect(settingsMessageKey('Start time and end time must differ')).toBe('alertConfig.settings.timesDiffer');
    expect(settingsMessageKey('Invalid time (HH:mm)')).toBe('alertConfig.settings.invalidTime');
    expect(settingsMessageKey('Invalid time')).toBe('alertConfig.settings.invalidTime');
    expect(settingsMessageKey('Min value is 5')).toBeNull();
    for (const k of [
      'alertConfig.settings.bothTimes',
      'alertConfig.settings.timesDiffer',
      'alertConfig.settings.invalidTime',
    ]) {
      expect(hasKey(k, 'en') && hasKey(k, 'vi'), k).toBe(true);
    }
  });

  test('the seconds field: a number as typed, else 0; the fields shown inline are the form’s own', () => {
    expect(confirmSecondsFromInput(30)).toBe(30);
    expect(confirmSecondsFromInput('45')).toBe(45);
    expect(confirmSecondsFromInput('')).toBe(0);
    expect(ALERT_SETTINGS_FIELDS).toEqual([
      'push',
      'sms',
      'automaticCall',
      'inApp',
      'validFrom',
      'validTo',
      'confirmSeconds',
    ]);
  });
});
