import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeConnection, RealtimeListener, RealtimeState } from './realtime.ts';

/** Calls `handler` for every realtime frame while the component is mounted (opening the shared socket). */
export function useRealtimeEvent(connection: RealtimeConnection, handler: RealtimeListener): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => connection.listen((e) => ref.current(e)), [connection]);
}

/** Calls `handler` each time the socket is (re)connected, e.g. to refetch what may have been missed meanwhile. */
export function useRealtimeOpen(connection: RealtimeConnection, handler: () => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => connection.onOpen(() => ref.current()), [connection]);
}

/** The connection's state (for an indicator and for tests: `open` once subscribed). */
export function useRealtimeState(connection: RealtimeConnection): RealtimeState {
  return useSyncExternalStore(
    (l) => connection.subscribeState(l),
    () => connection.state,
    () => connection.state,
  );
}
