import { useEffect, useState } from 'react';
import type { TReading } from '@carewatch/contracts/vitals';
import { clearStore, getAll, LOCAL_READINGS_STORE, openDb, putAll } from '../sync/idb.ts';

/** Visitor mode (spec §1, §6): readings kept in this phone's IndexedDB only — never queued for the server. */
export type LocalReading = { id: string; reading: TReading };

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of [...listeners]) l();
};

export async function addLocalReadings(readings: readonly TReading[], dbName?: string): Promise<void> {
  if (readings.length === 0) return;
  await putAll<LocalReading>(
    await openDb(dbName),
    LOCAL_READINGS_STORE,
    readings.map((reading) => ({ id: crypto.randomUUID(), reading })),
  );
  changed();
}

/** The latest reading of each metric, newest first. */
export async function latestLocalReadings(dbName?: string): Promise<TReading[]> {
  const rows = await getAll<LocalReading>(await openDb(dbName), LOCAL_READINGS_STORE);
  const latest = new Map<string, TReading>();
  for (const { reading } of rows) {
    const seen = latest.get(reading.metric);
    if (!seen || seen.measuredAt < reading.measuredAt) latest.set(reading.metric, reading);
  }
  return [...latest.values()].sort((a, b) => b.measuredAt.localeCompare(a.measuredAt));
}

export async function clearLocalReadings(dbName?: string): Promise<void> {
  await clearStore(await openDb(dbName), LOCAL_READINGS_STORE);
  changed();
}

/** The latest local values, refreshed whenever a reading is saved or the store is cleared. */
export function useLatestLocalReadings(): TReading[] | null {
  const [rows, setRows] = useState<TReading[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => {
      void latestLocalReadings().then(
        (r) => {
          if (live) setRows(r);
        },
        () => {
          if (live) setRows([]);
        },
      );
    };
    load();
    listeners.add(load);
    return () => {
      live = false;
      listeners.delete(load);
    };
  }, []);
  return rows;
}
