import { describe, expect, it } from 'vitest';
import type { PlanRow } from './prescriptions.repo.ts';
import { plannedIntakes, scheduleOf } from './medication.jobs.ts';

const reminder = (over: Record<string, unknown> = {}) => ({
  name: 'R',
  rule: { kind: 'daily' },
  times: [
    { time: '08:00', label: 'Morning' },
    { time: '20:00', label: 'Evening' },
  ],
  startDate: null,
  endDate: null,
  preAlarmMinutes: 10,
  snoozeMinutes: 10,
  sound: 'DEFAULT',
  ...over,
});
const row = (r: Record<string, unknown>, o: Partial<PlanRow> = {}): PlanRow => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  prescription_id: 'p',
  patient_id: 'q',
  position: 0,
  name: 'M',
  med_key: 'm',
  dose: 1,
  dose_unit: 'TABLET',
  strength: null,
  route: 'ORAL',
  form: 'TABLET',
  quantity: null,
  when_taken: 'ANYTIME',
  time_of_day: [],
  frequency: null,
  instruction: null,
  side_effect: null,
  note: null,
  color: null,
  image_id: null,
  total_days: null,
  refills: 0,
  schedule_type: 'ON_SCHEDULE',
  reminder: r,
  tenant_id: 't',
  planned_until: null,
  rx_start: '2026-11-20',
  rx_end: '2026-11-30',
  timezone: 'Asia/Ho_Chi_Minh',
  ...o,
});

describe('medication planning', () => {
  it('keeps a reminder inside its prescription’s dates', () => {
    expect(
      scheduleOf(
        { reminder: reminder({ startDate: '2026-11-01', endDate: '2026-12-31' }), total_days: 5 },
        '2026-11-20',
        '2026-11-30',
        'UTC',
      ),
    ).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-30', totalDays: 5, times: ['08:00', '20:00'] });
    expect(
      scheduleOf(
        { reminder: reminder({ startDate: '2026-11-22', endDate: '2026-11-25' }), total_days: null },
        '2026-11-20',
        null,
        'UTC',
      ),
    ).toMatchObject({ startDate: '2026-11-22', endDate: '2026-11-25' });
    expect(scheduleOf({ reminder: null, total_days: null }, '2026-11-20', null, 'UTC')).toBeNull();
  });

  it('plans local times with their labels and pre-alarms; nothing after the prescription ends', () => {
    const rows = plannedIntakes(row(reminder()), new Date('2026-11-29T00:00:00Z'), new Date('2026-12-02T00:00:00Z'));
    expect(rows.map((r) => [r.dueAt.toISOString(), r.timeLabel, r.prealarmAt?.toISOString()])).toEqual([
      ['2026-11-29T01:00:00.000Z', 'Morning', '2026-11-29T00:50:00.000Z'],
      ['2026-11-29T13:00:00.000Z', 'Evening', '2026-11-29T12:50:00.000Z'],
      ['2026-11-30T01:00:00.000Z', 'Morning', '2026-11-30T00:50:00.000Z'],
      ['2026-11-30T13:00:00.000Z', 'Evening', '2026-11-30T12:50:00.000Z'],
    ]);
  });

  it('an every-N-hours rule has no time labels; no pre-alarm when it is 0', () => {
    const rows = plannedIntakes(
      row(reminder({ rule: { kind: 'hourly', everyHours: 6, from: '06:00' }, times: [], preAlarmMinutes: 0 })),
      new Date('2026-11-25T00:00:00Z'),
      new Date('2026-11-25T12:00:00Z'),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.timeLabel === null && r.prealarmAt === null)).toBe(true);
  });
});
