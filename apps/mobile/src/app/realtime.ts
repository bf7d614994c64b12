import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TRealtimeEvent } from '@carewatch/contracts/alerts';
import { RealtimeConnection } from '@carewatch/api-client/realtime';
import { useRealtimeEvent, useRealtimeOpen } from '@carewatch/api-client/realtime-hooks';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';

/** The patient app's realtime connection (`/api/ws` with the app's token): the same socket and class as the portal's. */
export const appRealtime = new RealtimeConnection({ token: () => api.tokens.access(), refresh: () => api.refresh() });

/** What a frame makes stale: alerts (the app's own and its subjects'), latest values and metric pages, notifications. */
export function invalidateFor(client: QueryClient, e: TRealtimeEvent): void {
  switch (e.type) {
    case 'alert.opened':
    case 'alert.raised':
    case 'alert.updated':
    case 'alert.closed':
    case 'sos.opened':
    case 'patient.status':
      void client.invalidateQueries({ queryKey: ['me', 'alerts'] });
      void client.invalidateQueries({ queryKey: ['app', 'subjects'] });
      return;
    case 'vitals.recorded':
      void client.invalidateQueries({ queryKey: ['me', 'vitals'] });
      void client.invalidateQueries({ queryKey: ['metrics'] });
      void client.invalidateQueries({ queryKey: ['app', 'subjects'] });
      return;
    case 'notification.created':
      void client.invalidateQueries({ queryKey: ['me', 'notifications'] });
      return;
  }
}

/** After the socket was down, everything live may be stale: catch up once. */
function catchUp(client: QueryClient): void {
  for (const key of [['me', 'alerts'], ['me', 'vitals'], ['metrics'], ['app', 'subjects'], ['me', 'notifications']]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/**
 * Mounted by the signed-in layout: keeps the socket open and refreshes what a frame concerns — the app's screens are
 * pushed, not polled. Reconnects at once when the browser reports the network back.
 */
export function useAppRealtime(): void {
  useRealtimeEvent(appRealtime, (e) => invalidateFor(queryClient, e));
  useRealtimeOpen(appRealtime, () => catchUp(queryClient));
  useEffect(() => {
    const back = () => appRealtime.reconnectNow();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
}
