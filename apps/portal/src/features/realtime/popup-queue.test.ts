import { describe, expect, test } from 'vitest';
import type { TAlertSummary, TRealtimeEvent } from '@carewatch/contracts/alerts';
import { applyFrame, type PopupItem } from './popup-queue.ts';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const summary = (n: number, level: TAlertSummary['level'], sosCaseId: string | null = null): TAlertSummary => ({
  id: id(n),
  patientId: id(100),
  level,
  status: 'open',
  source: 'reading',
  metric: 'heart_rate',
  index: 'heart_rate',
  value: 170,
  rule: { index: 'heart_rate', side: 'high', tier: 'sos', limit: 165 },
  openedAt: '2026-11-22T08:00:00Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  closedAt: null,
  sosCaseId,
  patientName: 'Phuong Hoang',
  patientCode: 'DEMO-P0001',
});
const at = '2026-11-22T08:00:00Z';
const opened = (n: number, level: TAlertSummary['level']): TRealtimeEvent => ({
  type: 'alert.opened',
  at,
  alert: summary(n, level),
});
const sos = (n: number): TRealtimeEvent => ({
  type: 'sos.opened',
  at,
  sosCaseId: id(200 + n),
  alertId: id(n),
  patientId: id(100),
  patientName: 'Phuong Hoang',
  message: { kind: 'choice', choice: 'had_a_fall' },
  location: { lat: 21, lng: 105 },
});

describe('SOS popup queue', () => {
  test('at-risk and normal frames never pop up; high-risk and SOS do, newest first', () => {
    let q: PopupItem[] = [];
    q = applyFrame(q, opened(1, 'at_risk'));
    expect(q).toEqual([]);
    q = applyFrame(q, opened(2, 'high_risk'));
    q = applyFrame(q, sos(3));
    expect(q.map((x) => [x.alertId, x.level])).toEqual([
      [id(3), 'sos'],
      [id(2), 'high_risk'],
    ]);
    expect(q[0]).toMatchObject({ sosCaseId: id(203), message: { kind: 'choice', choice: 'had_a_fall' } });
  });
  test('one entry per alert: a raise and the SOS case merge into it and move it to the top', () => {
    let q = applyFrame([], opened(1, 'high_risk'));
    q = applyFrame(q, opened(2, 'high_risk'));
    q = applyFrame(q, { type: 'alert.raised', at, alert: summary(1, 'sos'), from: 'high_risk' });
    expect(q.map((x) => x.alertId)).toEqual([id(1), id(2)]);
    q = applyFrame(q, sos(1));
    expect(q).toHaveLength(2);
    expect(q[0]).toMatchObject({ level: 'sos', sosCaseId: id(201), alert: { value: 170 } });
  });
  test('closing ends a high-risk popup but never an SOS one', () => {
    let q = applyFrame(applyFrame([], opened(1, 'high_risk')), sos(2));
    q = applyFrame(q, { type: 'alert.closed', at, alert: summary(1, 'high_risk') });
    q = applyFrame(q, { type: 'alert.closed', at, alert: summary(2, 'sos') });
    expect(q.map((x) => x.alertId)).toEqual([id(2)]);
  });
  test('other frames leave the queue as it is', () => {
    const q = applyFrame([], sos(1));
    expect(applyFrame(q, { type: 'patient.status', at, patientId: id(100), status: 'sos' })).toBe(q);
  });
});
