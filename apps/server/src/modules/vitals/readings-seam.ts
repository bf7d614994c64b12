import type { Deps, ReadingsBatch } from '../../platform/context.ts';

// The batch and handler types live in platform/context.ts (Deps lists the handlers). Issue 5 (alerts) adds its
// evaluator to `Deps.readingHandlers` in server.ts; the ingest code does not change.

/**
 * Runs every handler on a committed batch. A handler's failure never loses the stored readings nor fails the
 * ingest: it is caught and recorded in `reading_handler_failures` (no health values, only the handler's error text).
 */
export async function dispatchReadings(deps: Deps, batch: ReadingsBatch): Promise<number> {
  if (batch.readings.length === 0 || deps.readingHandlers.length === 0) return 0;
  let failures = 0;
  for (const handler of deps.readingHandlers) {
    try {
      await handler(deps, batch);
    } catch (e) {
      failures += 1;
      const message = e instanceof Error ? e.message : String(e);
      await deps.db
        .query(
          'insert into reading_handler_failures (tenant_id, patient_id, handler, error, readings, failed_at) values ($1, $2, $3, $4, $5, $6)',
          [
            batch.tenantId,
            batch.patientId,
            handler.name || 'anonymous',
            message.slice(0, 500),
            batch.readings.length,
            deps.clock.now(),
          ],
        )
        .catch(() => undefined);
    }
  }
  return failures;
}
