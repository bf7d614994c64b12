import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { myAlertsApi, ALERT_KEYS } from './alerts-api.ts';
import { SosQueue, type SosQueueState } from './sos-queue.ts';
import { queryClient } from '../../app/query-client.ts';
import { onBackgroundSync, requestBackgroundSync } from '../../app/background-sync.ts';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's one queue of an SOS waiting for the server (see sos-queue.ts). */
export const sosQueue = new SosQueue((body) => myAlertsApi.sos(body), storage());
export const SOS_SYNC_TAG = 'cw-sos';

sosQueue.subscribe(() => {
  const s = sosQueue.current;
  if (s.step === 'sent') void queryClient.invalidateQueries({ queryKey: ALERT_KEYS.list });
  // Where the browser has Background Sync, it wakes the app's service worker when the connection returns.
  if (s.step === 'waiting' && s.attempts === 1) requestBackgroundSync(SOS_SYNC_TAG);
});

const subscribe = (l: () => void) => sosQueue.subscribe(l);
export function useSosQueue(): SosQueueState {
  return useSyncExternalStore(
    subscribe,
    () => sosQueue.current,
    () => sosQueue.current,
  );
}

/** Who the app offers to call itself when an SOS cannot reach the server; kept on the phone (offline-cache.ts). */
export const sosContactsQuery = queryOptions({
  queryKey: ['me', 'sos-contacts'] as const,
  queryFn: () => myAlertsApi.sosContacts(),
  staleTime: 10 * 60_000,
  retry: false,
});

/**
 * Run by the signed-in layout: sends a waiting SOS at start, when the browser reports the connection back, when the page
 * becomes visible again and when Background Sync fires; and keeps the offline SOS contacts fresh on the phone.
 */
export function usePendingSosRunner(owner: string | null, isPatient: boolean): void {
  useEffect(() => {
    sosQueue.setOwner(owner);
    if (!owner) return undefined;
    const flush = () => {
      void sosQueue.flush();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') flush();
    };
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', visible);
    const offSync = onBackgroundSync(SOS_SYNC_TAG, async () => (await sosQueue.flush()).step !== 'waiting');
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', visible);
      offSync();
      sosQueue.setOwner(null);
    };
  }, [owner]);
  // Fetched while online so it is on the phone before it is needed.
  useQuery({ ...sosContactsQuery, enabled: owner !== null && isPatient });
}

/** Whether the SOS dialog is showing the offline help itself (the banner on every screen then stays out of its way). */
let dialogShowsHelp = false;
const dialogListeners = new Set<() => void>();
export function setSosDialogShowsHelp(v: boolean): void {
  if (dialogShowsHelp === v) return;
  dialogShowsHelp = v;
  for (const l of [...dialogListeners]) l();
}
export function useSosDialogShowsHelp(): boolean {
  return useSyncExternalStore(
    (l) => {
      dialogListeners.add(l);
      return () => {
        dialogListeners.delete(l);
      };
    },
    () => dialogShowsHelp,
    () => false,
  );
}
