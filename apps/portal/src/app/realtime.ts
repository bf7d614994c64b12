import { RealtimeConnection, type RealtimeListener, type RealtimeState } from '@carewatch/api-client/realtime';
import { useRealtimeEvent as useEvent, useRealtimeState as useState } from '@carewatch/api-client/realtime-hooks';
import { api } from './api.ts';

/** The portal's single realtime connection (the class is shared with the patient app). */
export const realtime = new RealtimeConnection({ token: () => api.tokens.access(), refresh: () => api.refresh() });

export function useRealtimeEvent(handler: RealtimeListener): void {
  useEvent(realtime, handler);
}

export function useRealtimeState(): RealtimeState {
  return useState(realtime);
}
