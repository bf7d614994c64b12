import { describe, expect, test } from 'vitest';
import { EVENT_ICONS } from '@carewatch/contracts/app-events';
import { checkReminder, ICON_SYMBOLS, maskReminderTime, reminderValuesOf } from './event-rules.ts';

const TZ = 'Asia/Ho_Chi_Minh';

describe('event reminder form rules', () => {
  test('every icon of the contract has a symbol', () => {
    for (const icon of EVENT_ICONS) expect(ICON_SYMBOLS[icon]).toBeTruthy();
  });

  test('the arrival time is read in the profile zone and sent as an instant', () => {
    const r = checkReminder({ day: '2030-03-05', time: '08:30', label: '  Blood test ', icon: 'doctor' }, TZ);
    expect(r.errors).toEqual({});
    expect(r.body).toEqual({ arrivalTime: '2030-03-05T01:30:00.000Z', label: 'Blood test', icon: 'doctor' });
  });

  test('arrival date, time and label are required (§5); a label has at most 100 characters', () => {
    expect(checkReminder({ day: '', time: '', label: ' ', icon: 'calendar' }, TZ).errors).toEqual({
      day: { key: 'dateRequired' },
      time: { key: 'timeRequired' },
      label: { key: 'labelRequired' },
    });
    const bad = checkReminder({ day: '31/02/2030', time: '25:00', label: 'x'.repeat(101), icon: 'calendar' }, TZ);
    expect(bad.body).toBeNull();
    expect(bad.errors).toEqual({
      day: { key: 'dateInvalid' },
      time: { key: 'timeInvalid' },
      label: { key: 'labelMax', params: { n: 100 } },
    });
  });

  test('an edited reminder shows its wall-clock day and time; the time mask keeps HH:mm', () => {
    expect(
      reminderValuesOf(
        { id: 'x', arrivalTime: '2030-03-04T17:05:00.000Z', label: 'Walk', icon: 'run', createdAt: '' },
        new Date(),
        TZ,
      ),
    ).toEqual({ day: '2030-03-05', time: '00:05', label: 'Walk', icon: 'run' });
    expect(reminderValuesOf(null, new Date('2030-03-04T18:00:00Z'), TZ)).toEqual({
      day: '2030-03-05',
      time: '',
      label: '',
      icon: 'calendar',
    });
    expect(maskReminderTime('0930')).toBe('09:30');
    expect(maskReminderTime('093015')).toBe('09:30');
  });
});
