import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOS_LOCATION_EVERY_MS, type TMyAlertPage } from '@carewatch/contracts/alerts';
import { ALERT_KEYS, myAlertsApi } from './alerts-api.ts';
import { currentLocation } from './countdown.ts';

type Locate = typeof currentLocation;

/** Whether the signed-in patient has an open SOS case (from their alert list, which the socket keeps current). */
export function hasOpenSosCase(page: TMyAlertPage | undefined): boolean {
  return Boolean(page?.items.some((a) => a.sosCaseId !== null && a.status !== 'closed'));
}

/**
 * While the patient's own SOS case is open and the app is open, their position goes to the server at once and then
 * every 30 s, so staff and followers see where they are now (issue 13). Nothing is sent otherwise; a refused or
 * unavailable position is skipped, never asked again and again in a loop of prompts (the browser remembers the answer).
 */
export function useLiveLocation(enabled: boolean, locate: Locate = currentLocation): void {
  const list = useQuery({
    queryKey: ALERT_KEYS.list,
    queryFn: () => myAlertsApi.list({ size: 50 }),
    retry: false,
    enabled,
  });
  const open = enabled && hasOpenSosCase(list.data);
  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    const send = async () => {
      const loc = await locate(10_000);
      if (loc && !stopped) await myAlertsApi.sosLocation(loc).catch(() => undefined);
    };
    void send();
    const timer = setInterval(() => void send(), SOS_LOCATION_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [open, locate]);
}
