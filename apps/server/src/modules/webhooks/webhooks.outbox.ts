import type { TWebhookEventType } from '@carewatch/contracts/webhooks';
import { levelRank } from '@carewatch/clinical/thresholds';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './webhooks.repo.ts';

/**
 * The webhook outbox, called by other modules inside the transaction of the change an event reports: the event and
 * one delivery per subscribed endpoint commit (or roll back) with it. Nothing is written when no endpoint listens.
 */
export type WebhookEvent = {
  type: TWebhookEventType | 'webhook.test';
  /** Events with the same key reach an endpoint in the order they were emitted (`alert:<id>`, `patient:<id>`). */
  aggregateKey: string;
  data: Record<string, unknown>;
  occurredAt: Date;
};

export async function emitWebhookEvent(
  db: Db,
  tenantId: string,
  ev: WebhookEvent,
  listening?: ReadonlyArray<{ id: string; events: string[] }>,
): Promise<string | null> {
  const endpoints = (listening ?? (await repo.enabledEndpoints(db, tenantId)))
    .filter((e) => e.events.includes(ev.type))
    .map((e) => e.id);
  if (endpoints.length === 0) return null;
  const id = newId(ev.occurredAt.getTime());
  const seq = await repo.insertEvent(db, tenantId, { id, ...ev });
  await repo.insertDeliveries(db, tenantId, id, ev.aggregateKey, seq, endpoints, ev.occurredAt);
  return id;
}

/** An alert as the alert engine's transaction left it, and what it was before. */
export type AlertChange = {
  row: {
    id: string;
    patient_id: string;
    level: string;
    status: string;
    source: string;
    metric: string | null;
    idx: string | null;
    value: number | null;
    opened_at: Date;
    acknowledged_at: Date | null;
    closed_at: Date | null;
    sos_case_id: string | null;
  };
  isNew: boolean;
  prevLevel: string;
  prevStatus: string | null;
};
export type SosChange = {
  sosCaseId: string;
  alertId: string;
  patientId: string;
  reason?: string | null;
  outcome?: string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const alertData = (r: AlertChange['row']) => ({
  alertId: r.id,
  patientId: r.patient_id,
  level: r.level,
  status: r.status,
  source: r.source,
  metric: r.metric,
  index: r.idx,
  value: r.value,
  sosCaseId: r.sos_case_id,
  openedAt: iso(r.opened_at),
  acknowledgedAt: iso(r.acknowledged_at),
  closedAt: iso(r.closed_at),
});

/**
 * The webhook events of one alert-engine transaction, in the order a receiver expects them per alert: opened /
 * escalated (its level went up) / acknowledged, SOS case opened, SOS case closed, alert closed.
 */
export async function emitAlertWebhooks(
  db: Db,
  tenantId: string,
  now: Date,
  alerts: readonly AlertChange[],
  sosOpened: readonly SosChange[],
  sosClosed: readonly SosChange[],
): Promise<void> {
  if (alerts.length === 0 && sosOpened.length === 0 && sosClosed.length === 0) return;
  const listening = await repo.enabledEndpoints(db, tenantId);
  if (listening.length === 0) return;
  const emit = (type: TWebhookEventType, alertId: string, data: Record<string, unknown>) =>
    emitWebhookEvent(db, tenantId, { type, aggregateKey: `alert:${alertId}`, data, occurredAt: now }, listening);
  for (const a of alerts) {
    const r = a.row;
    if (a.isNew) await emit('alert.opened', r.id, alertData(r));
    else if (levelRank(r.level as TAlertLevel) > levelRank(a.prevLevel as TAlertLevel)) {
      await emit('alert.escalated', r.id, { ...alertData(r), from: a.prevLevel });
    }
    if (r.status === 'acknowledged' && a.prevStatus !== 'acknowledged')
      await emit('alert.acknowledged', r.id, alertData(r));
  }
  for (const s of sosOpened)
    await emit('sos.opened', s.alertId, {
      sosCaseId: s.sosCaseId,
      alertId: s.alertId,
      patientId: s.patientId,
      reason: s.reason ?? null,
    });
  for (const s of sosClosed)
    await emit('sos.closed', s.alertId, {
      sosCaseId: s.sosCaseId,
      alertId: s.alertId,
      patientId: s.patientId,
      outcome: s.outcome ?? null,
    });
  for (const a of alerts) {
    if (a.row.status === 'closed' && a.prevStatus !== 'closed') await emit('alert.closed', a.row.id, alertData(a.row));
  }
}

/** `reading.rejected`: a device's readings the ingest refused (one event per batch, each with its index, code and field). */
export async function emitReadingsRejected(
  db: Db,
  tenantId: string,
  r: {
    deviceId: string;
    patientId: string;
    rejected: ReadonlyArray<{ index: number; code: string; field?: string | undefined }>;
    at: Date;
  },
): Promise<void> {
  await emitWebhookEvent(db, tenantId, {
    type: 'reading.rejected',
    aggregateKey: `device:${r.deviceId}`,
    occurredAt: r.at,
    data: {
      deviceId: r.deviceId,
      patientId: r.patientId,
      rejected: r.rejected.map((x) => ({ index: x.index, code: x.code, field: x.field ?? null })),
    },
  });
}
