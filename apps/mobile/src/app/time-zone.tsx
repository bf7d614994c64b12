import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyProfileTimeZone, onProfileChange } from '@carewatch/i18n/profile-time-zone';

/** This device's last known profile zone (own key: the portal on the same origin keeps its own). */
const ZONE_KEY = 'cw.app.tz';

/**
 * Every date and time of the patient app is shown in the signed-in user's profile time zone, whichever way the profile
 * reached the cache (fetched, written back after a save, restored offline). The zone is applied when the cached profile
 * changes and on this component's render, which comes before its children's in the same pass, so a screen re-rendered
 * for the new profile already draws the new zone. No remount on a change: that would stop a running SOS
 * countdown.
 */
export function ProfileTimeZone({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => onProfileChange(queryClient, onChange), [queryClient]);
  useSyncExternalStore(subscribe, () => applyProfileTimeZone(queryClient, ZONE_KEY));
  return children;
}
