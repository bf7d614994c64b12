import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The last answers of the screens a patient needs when the app starts without a connection (issue 13): their profile,
 * latest values, thresholds, alerts, alert settings, the people they follow, the SOS contacts and their events. Kept in this phone's
 * localStorage for the signed-in user only, restored before the first screen renders, and erased at sign-out and at
 * the next sign-in. Only these keys: nothing else of the cache is written to the phone.
 */
export const OFFLINE_CACHE_KEY = 'cw.app.cache.v1';
const PERSISTED: readonly QueryKey[] = [
  ['profile'],
  ['me', 'vitals', 'latest'],
  ['me', 'thresholds'],
  ['me', 'alerts'],
  ['me', 'alert-settings'],
  ['me', 'sos-contacts'],
  ['app', 'subjects'],
  // My Events (issue 15): the next appointments and reminders, also from a cold start without a connection.
  ['me', 'events', 'list'],
  // Medication (issue 16): today's doses, prescriptions and reminders.
  ['me', 'medication'],
  // Subscription (issue 17): the last known plan and its dates.
  ['me', 'subscription'],
];
/** Older answers than this are not restored (a phone left in a drawer for months shows nothing stale as current). */
const MAX_AGE_MS = 30 * 24 * 60 * 60_000;
const WRITE_DELAY_MS = 500;

type Entry = { key: QueryKey; data: unknown; updatedAt: number };
type Stored = { v: 1; entries: Entry[] };

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((x, i) => x === b[i]);
export const isPersisted = (key: QueryKey): boolean => PERSISTED.some((k) => sameKey(k, key));

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Puts the stored answers back into the cache (as of when they were fetched, so they refetch once online). */
export function restoreOfflineCache(client: QueryClient, now = Date.now()): number {
  const raw = storage()?.getItem(OFFLINE_CACHE_KEY);
  if (!raw) return 0;
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    storage()?.removeItem(OFFLINE_CACHE_KEY);
    return 0;
  }
  if (stored?.v !== 1 || !Array.isArray(stored.entries)) return 0;
  let n = 0;
  for (const e of stored.entries) {
    if (
      !Array.isArray(e.key) ||
      !isPersisted(e.key) ||
      typeof e.updatedAt !== 'number' ||
      now - e.updatedAt > MAX_AGE_MS
    )
      continue;
    if (client.getQueryData(e.key) !== undefined) continue;
    client.setQueryData(e.key, e.data, { updatedAt: e.updatedAt });
    n++;
  }
  return n;
}

/** Writes the persisted keys' current answers (debounced) whenever one of them changes; returns the unsubscribe. */
export function persistOfflineCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    const entries: Entry[] = [];
    for (const key of PERSISTED) {
      const q = client.getQueryCache().find({ queryKey: key, exact: true });
      if (q && q.state.data !== undefined && q.state.dataUpdatedAt > 0)
        entries.push({ key, data: q.state.data, updatedAt: q.state.dataUpdatedAt });
    }
    try {
      if (entries.length === 0) storage()?.removeItem(OFFLINE_CACHE_KEY);
      else storage()?.setItem(OFFLINE_CACHE_KEY, JSON.stringify({ v: 1, entries } satisfies Stored));
    } catch {
      /* storage full or refused: the app still works online */
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!isPersisted(event.query.queryKey)) return;
    if (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added') return;
    if (event.type === 'updated' && event.action.type !== 'success') return;
    if (timer === null) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}

/** Forgets every stored answer (sign-out, another account signing in). */
export function clearOfflineCache(): void {
  try {
    storage()?.removeItem(OFFLINE_CACHE_KEY);
  } catch {
    /* nothing stored */
  }
}
