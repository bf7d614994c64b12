import { describe, expect, test } from 'vitest';
import type { TAlertSummary, TRealtimeEvent } from '@carewatch/contracts/alerts';
import {
  assignableDoctors,
  canAssignToMe,
  changesWorklist,
  doctorsAfterAssigning,
  waitingDuration,
} from './worklist-rules.ts';

const id = '00000000-0000-7000-8000-000000000001';
const at = '2026-11-22T08:00:00.000Z';
const now = new Date(at).getTime();
const alert = {
  id,
  patientId: id,
  level: 'high_risk',
  status: 'open',
  source: 'reading',
  metric: 'heart_rate',
  index: 'heart_rate',
  value: 150,
  rule: null,
  openedAt: at,
  acknowledgedAt: null,
  acknowledgedBy: null,
  closedAt: null,
  sosCaseId: null,
  patientName: 'Phuong Hoang',
  patientCode: 'DEMO-P0001',
} satisfies TAlertSummary;

describe('waiting time', () => {
  test('minutes under an hour, hours and minutes under a day, then days and hours', () => {
    expect(waitingDuration(at, now + 59_000)).toEqual({ kind: 'minutes', m: 0 });
    expect(waitingDuration(at, now + 59 * 60_000)).toEqual({ kind: 'minutes', m: 59 });
    expect(waitingDuration(at, now + 125 * 60_000)).toEqual({ kind: 'hours', h: 2, m: 5 });
    expect(waitingDuration(at, now + (3 * 24 + 4) * 3_600_000 + 59_000)).toEqual({ kind: 'days', d: 3, h: 4 });
  });
  test('a start in the future (clock skew) waits zero minutes', () => {
    expect(waitingDuration(at, now - 5 * 60_000)).toEqual({ kind: 'minutes', m: 0 });
  });
});

describe('which realtime frames refresh the worklist', () => {
  test('alert and SOS frames and status changes do; notifications, vitals and locations do not', () => {
    const yes: TRealtimeEvent[] = [
      { type: 'alert.opened', at, alert },
      { type: 'alert.raised', at, alert, from: 'at_risk' },
      { type: 'alert.updated', at, alert },
      { type: 'alert.closed', at, alert },
      { type: 'patient.status', at, patientId: id, status: 'sos' },
      {
        type: 'sos.opened',
        at,
        sosCaseId: id,
        alertId: id,
        patientId: id,
        patientName: 'Phuong Hoang',
        message: null,
        location: null,
      },
    ];
    const no: TRealtimeEvent[] = [
      { type: 'vitals.recorded', at, patientId: id, metrics: ['heart_rate'], latestAt: at },
      { type: 'sos.location', at, sosCaseId: id, patientId: id, location: { lat: 21, lng: 105 } },
      {
        type: 'notification.created',
        at,
        notification: { id, type: 'alert', title: 't', body: 'b', createdAt: at, read: false },
      },
    ];
    expect(yes.every(changesWorklist)).toBe(true);
    expect(no.some(changesWorklist)).toBe(false);
  });
});

describe('assign to me', () => {
  const me = { id: 'd1', roleCode: 'doctor', mayUpdatePatients: true };
  test('a doctor who may update patients and does not follow the patient yet', () => {
    expect(canAssignToMe(me, [{ id: 'd2' }])).toBe(true);
    expect(canAssignToMe(me, [])).toBe(true);
  });
  test('not when already assigned, not for other roles, not without the permission or a profile', () => {
    expect(canAssignToMe(me, [{ id: 'd1' }])).toBe(false);
    expect(canAssignToMe({ ...me, roleCode: 'customer_care' }, [])).toBe(false);
    expect(canAssignToMe({ ...me, mayUpdatePatients: false }, [])).toBe(false);
    expect(canAssignToMe({ ...me, id: undefined }, [])).toBe(false);
  });
});

describe('assign to another doctor', () => {
  const doctors = [
    { id: 'd1', name: 'A' },
    { id: 'd2', name: 'B' },
    { id: 'd3', name: 'C' },
  ];
  test('only doctors not already following are offered', () => {
    expect(assignableDoctors(doctors, [{ id: 'd2' }]).map((d) => d.id)).toEqual(['d1', 'd3']);
    expect(assignableDoctors(doctors, [])).toHaveLength(3);
    expect(assignableDoctors(doctors, doctors)).toEqual([]);
  });
  test('the doctors following stay, the new one is added once', () => {
    expect(doctorsAfterAssigning([{ id: 'd1' }], 'd3')).toEqual(['d1', 'd3']);
    expect(doctorsAfterAssigning([{ id: 'd1' }, { id: 'd3' }], 'd3')).toEqual(['d1', 'd3']);
    expect(doctorsAfterAssigning([], 'd2')).toEqual(['d2']);
  });
});
