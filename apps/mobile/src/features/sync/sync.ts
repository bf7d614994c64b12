import { useSyncExternalStore } from 'react';
import { appDevicesApi } from '@carewatch/api-client/app-devices';
import type { TReading } from '@carewatch/contracts/vitals';
import { api } from '../../app/api.ts';
import { queryClient } from '../../app/query-client.ts';
import { Outbox, type FlushResult } from './outbox.ts';
import { onBackgroundSync, requestBackgroundSync } from '../../app/background-sync.ts';

const devicesApi = appDevicesApi(api.request);

/**
 * The app's one outbox: readings of the signed-in user, sent to ingest. A failed send retries by itself with backoff
 * capped at 30 s (so readings go soon after a connection returns even when the browser does not say so), at once on
 * the `online` event (sync-status.tsx) and when Background Sync fires.
 */
export const outbox = new Outbox({ send: (readings) => devicesApi.ingest(readings), maxDelayMs: 30_000 });
export const OUTBOX_SYNC_TAG = 'cw-outbox';

onBackgroundSync(
  OUTBOX_SYNC_TAG,
  async () => outbox.currentOwner === null || (await outbox.flushNow()).remaining === 0,
);

// Home, metric pages and charts show what the server stored: refresh them once queued readings arrived.
outbox.onFlushed(() => {
  void queryClient.invalidateQueries({ queryKey: ['me', 'vitals', 'latest'] });
  void queryClient.invalidateQueries({ queryKey: ['me', 'vitals'] });
});

export type SaveOutcome = { sent: true; result: FlushResult; ids: string[] } | { sent: false; ids: string[] };

/**
 * Queues readings for `owner` (durably, on the phone), then tries to send them. `sent: false` means they are safe in
 * the outbox and will go when the connection returns — not an error.
 */
export async function saveReadings(owner: string, readings: readonly TReading[]): Promise<SaveOutcome> {
  await outbox.setOwner(owner);
  const ids = await outbox.add(readings);
  const result = await outbox.flush();
  const answered = ids.every((id) => result.results.has(id));
  if (!answered) requestBackgroundSync(OUTBOX_SYNC_TAG);
  return answered ? { sent: true, result, ids } : { sent: false, ids };
}

let flushTimer: ReturnType<typeof setTimeout> | null = null;
/**
 * Queues a watch's readings and sends them shortly after: readings notified together (heart rate, SpO2, temperature
 * of one auto-measure) go in one request.
 */
export async function queueReadings(owner: string, readings: readonly TReading[]): Promise<void> {
  if (readings.length === 0) return;
  await outbox.setOwner(owner);
  await outbox.add(readings);
  if (flushTimer === null) {
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void outbox.flush().then((r) => {
        if (r.remaining > 0) requestBackgroundSync(OUTBOX_SYNC_TAG);
      });
    }, 500);
  }
}

const subscribeWaiting = (l: () => void) => outbox.subscribe(l);

export function useWaitingCount(): number {
  return useSyncExternalStore(
    subscribeWaiting,
    () => outbox.waiting,
    () => 0,
  );
}
