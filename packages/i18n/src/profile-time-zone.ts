import { displayTimeZone, isTimeZoneName, setDisplayTimeZone } from './datetime.ts';

/**
 * The part of a TanStack QueryClient this needs (structural, so the package depends on no query library). The signed-in
 * user's profile is cached under the key `['profile']` in both apps.
 */
export type ProfileCache = {
  getQueryData(key: readonly unknown[]): unknown;
  getQueryCache(): { subscribe(listener: (event: { query: { queryKey: readonly unknown[] } }) => void): () => void };
};

const PROFILE_KEY = ['profile'] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const zoneOf = (profile: unknown): string | null => {
  const tz = (profile as { timezone?: unknown } | null | undefined)?.timezone;
  return typeof tz === 'string' && isTimeZoneName(tz) ? tz : null;
};

/**
 * Puts the display zone (datetime.ts) on the cached profile's, however the profile got into the cache: fetched,
 * written back after a save (the account page's time zone), or restored from the phone's storage offline. Until a
 * profile is there, the zone the last profile had on this device (kept under `storageKey`) is used, so a reload does not
 * flash times in the device's own zone; with neither, the device's zone. Returns the display zone. Cheap and
 * idempotent: called on every render of the apps' root and on every change of the cached profile.
 */
export function applyProfileTimeZone(cache: ProfileCache, storageKey: string): string | undefined {
  const fromProfile = zoneOf(cache.getQueryData(PROFILE_KEY));
  if (fromProfile) {
    try {
      if (storage()?.getItem(storageKey) !== fromProfile) storage()?.setItem(storageKey, fromProfile);
    } catch {
      /* full or private storage: the profile answers again next time */
    }
  }
  setDisplayTimeZone(fromProfile ?? storage()?.getItem(storageKey));
  return displayTimeZone();
}

/** Calls `listener` whenever the cached profile changes (or is removed at sign-out); returns the unsubscribe. */
export function onProfileChange(cache: ProfileCache, listener: () => void): () => void {
  return cache.getQueryCache().subscribe((e) => {
    if (e.query.queryKey[0] === PROFILE_KEY[0]) listener();
  });
}
