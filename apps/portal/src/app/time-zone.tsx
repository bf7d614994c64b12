import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyProfileTimeZone, onProfileChange } from '@carewatch/i18n/profile-time-zone';

/** This device's last known profile zone (own key: the patient app on the same origin keeps its own). */
const ZONE_KEY = 'cw.tz';

/**
 * Every date and time of the portal is shown in the signed-in user's profile time zone, whichever way the profile
 * reached the cache (fetched, or written back after the account page saves a new zone). The zone is applied when the cached profile
 * changes and on this component's render, which comes before its children's in the same pass, so a screen re-rendered
 * for the new profile already draws the new zone. No remount on a change: that would drop an open SOS popup.
 */
export function ProfileTimeZone({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => onProfileChange(queryClient, onChange), [queryClient]);
  useSyncExternalStore(subscribe, () => applyProfileTimeZone(queryClient, ZONE_KEY));
  return children;
}
