import { describe, expect, test } from 'vitest';
import {
  ZAlertListQuery,
  ZHighRiskResponseRequest,
  ZRealtimeEvent,
  ZResetThresholdsRequest,
  ZSnoozeRequest,
  ZSosRequest,
  type TAlertSummary,
} from './alerts.ts';

const ID = '0195f0c4-6a2b-7c3d-8e4f-a0b1c2d3e4f5';
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

describe('alert contracts', () => {
  test('list query: filters from the query string, paging defaults', () => {
    expect(ZAlertListQuery.parse({ patientId: ID, level: 'sos', status: 'open', page: '2' })).toEqual({
      patientId: ID,
      level: 'sos',
      status: 'open',
      page: 2,
      size: 15,
    });
    expect(issues(ZAlertListQuery.safeParse({ level: 'red' }))).toEqual(['level: Invalid alert level']);
    expect(issues(ZAlertListQuery.safeParse({ status: 'gone' }))).toEqual(['status: Invalid alert status']);
  });

  test('SOS request: one of 4 messages or a recording, optional location', () => {
    expect(ZSosRequest.safeParse({ message: { kind: 'choice', choice: 'need_help' } }).success).toBe(true);
    expect(
      ZSosRequest.safeParse({ message: { kind: 'recording', recordingId: ID }, location: { lat: 21.0, lng: 105.8 } })
        .success,
    ).toBe(true);
    expect(issues(ZSosRequest.safeParse({ message: { kind: 'choice', choice: 'hello' } }))).toEqual([
      'message.choice: Invalid SOS message',
    ]);
    expect(
      issues(ZSosRequest.safeParse({ message: { kind: 'choice', choice: 'call_me' }, location: { lat: 91, lng: 0 } })),
    ).toEqual(['location.lat: Latitude must be between -90 and 90']);
    expect(ZSosRequest.safeParse({}).success).toBe(false);
  });

  test('high-risk answers, snooze and reset bodies', () => {
    expect(ZHighRiskResponseRequest.parse({ response: 'i_am_fine' }).response).toBe('i_am_fine');
    expect(issues(ZHighRiskResponseRequest.safeParse({ response: 'ok' }))).toEqual(['response: Invalid response']);
    expect(issues(ZSnoozeRequest.safeParse({ minutes: 1 }))).toEqual(['minutes: Min value is 5']);
    expect(issues(ZResetThresholdsRequest.safeParse({ indexes: ['pulse'] }))).toEqual([
      'indexes.0: Unknown threshold index',
    ]);
  });

  test('realtime frames carry a type', () => {
    const alert: TAlertSummary = {
      id: ID,
      patientId: ID,
      level: 'sos',
      status: 'open',
      source: 'reading',
      metric: 'heart_rate',
      index: 'heart_rate',
      value: 190,
      rule: { index: 'heart_rate', side: 'high', tier: 'sos', limit: 165 },
      openedAt: '2026-03-01T08:00:00Z',
      acknowledgedAt: null,
      acknowledgedBy: null,
      closedAt: null,
      sosCaseId: null,
      patientName: 'Demo Patient',
      patientCode: 'DEMO-P0001',
    };
    const at = '2026-03-01T08:00:01Z';
    expect(ZRealtimeEvent.parse({ type: 'alert.opened', at, alert }).type).toBe('alert.opened');
    expect(ZRealtimeEvent.safeParse({ type: 'alert.raised', at, alert, from: 'high_risk' }).success).toBe(true);
    expect(ZRealtimeEvent.safeParse({ type: 'patient.status', at, patientId: ID, status: 'sos' }).success).toBe(true);
    expect(
      ZRealtimeEvent.safeParse({
        type: 'sos.opened',
        at,
        sosCaseId: ID,
        alertId: ID,
        patientId: ID,
        patientName: 'P',
        message: null,
        location: null,
      }).success,
    ).toBe(true);
    expect(ZRealtimeEvent.safeParse({ type: 'alert.exploded', at }).success).toBe(false);
  });
});
