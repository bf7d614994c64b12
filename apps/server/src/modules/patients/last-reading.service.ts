import type { Db } from '../../platform/db.ts';
import * as repo from './patients.repo.ts';

/**
 * Moves each patient's last reading time (patients.last_reading_at, issue 20) forward to their newest of these
 * stored readings, never back: a historic import (Apple Health, a late sync) leaves a newer time alone. Called by
 * the one ingest path (app, device HTTP, MQTT, imports) after each stored batch.
 */
export async function advanceLastReadings(
  db: Db,
  tenantId: string,
  readings: ReadonlyArray<{ patientId: string; measuredAt: Date }>,
): Promise<void> {
  const newest = new Map<string, number>();
  for (const r of readings) {
    const t = r.measuredAt.getTime();
    if ((newest.get(r.patientId) ?? -Infinity) < t) newest.set(r.patientId, t);
  }
  await repo.advanceLastReading(
    db,
    tenantId,
    [...newest].map(([patientId, t]) => ({ patientId, at: new Date(t) })),
  );
}

/** Sets every patient's last reading time from the stored readings (demo seeding writes readings directly). */
export async function refreshLastReadings(db: Db, tenantId: string): Promise<void> {
  await repo.refreshLastReadings(db, tenantId);
}
