import { describe, expect, test } from 'vitest';
import { dashboardRole, distanceValue, durationParts, hasLoad, teamLine } from './dashboard-rules.ts';

describe('dashboard rules', () => {
  test('only a coach or a doctor has a dashboard', () => {
    expect(dashboardRole('coach')).toBe('coach');
    expect(dashboardRole('doctor')).toBe('doctor');
    for (const r of ['patient', 'doctor_assistant', 'admin', '', null, undefined]) expect(dashboardRole(r)).toBeNull();
  });

  test('practice time in hours and minutes, rounded to the minute', () => {
    expect(durationParts(0)).toEqual({ h: 0, m: 0 });
    expect(durationParts(89)).toEqual({ h: 0, m: 1 });
    expect(durationParts(7620)).toEqual({ h: 2, m: 7 });
    expect(durationParts(3599)).toEqual({ h: 1, m: 0 });
    expect(durationParts(-5)).toEqual({ h: 0, m: 0 });
  });

  test('distance in km or miles, one decimal, in the language’s format', () => {
    expect(distanceValue(15100, 'metric', 'en')).toEqual({ value: '15.1', unit: 'km' });
    expect(distanceValue(15100, 'metric', 'vi')).toEqual({ value: '15,1', unit: 'km' });
    expect(distanceValue(16093.44, 'imperial', 'en')).toEqual({ value: '10.0', unit: 'mi' });
    expect(distanceValue(0, 'metric', 'en-CA')).toEqual({ value: '0.0', unit: 'km' });
  });

  test('team and club', () => {
    expect(teamLine({ teamName: null, clubName: null })).toBeNull();
    expect(teamLine({ teamName: 'Red', clubName: null })).toBe('Red');
    expect(teamLine({ teamName: '', clubName: 'Club' })).toBe('Club');
    expect(teamLine({ teamName: 'Red', clubName: 'Club' })).toBe('Red · Club');
  });

  test('a load is shown when there was a session', () => {
    const l = { sessions: 0, durationSec: 0, distanceM: 0, steps: 0, calories: 0, lastSessionAt: null };
    expect(hasLoad(l)).toBe(false);
    expect(hasLoad({ ...l, sessions: 1 })).toBe(true);
  });
});
