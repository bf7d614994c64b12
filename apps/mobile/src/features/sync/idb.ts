/**
 * The patient app's one IndexedDB database: the outbox of readings waiting for the server, and the readings visitor
 * mode keeps on the phone. A tiny promise wrapper: the app needs put / get-all / delete and nothing more.
 */
export const DB_NAME = 'carewatch-app';
const DB_VERSION = 1;
export const OUTBOX_STORE = 'outbox';
export const LOCAL_READINGS_STORE = 'local-readings';

export type StoreName = typeof OUTBOX_STORE | typeof LOCAL_READINGS_STORE;

const opened = new Map<string, Promise<IDBDatabase>>();

/** Opens (once per name) the database; `name` is injectable so tests get a fresh database each. */
export function openDb(name: string = DB_NAME): Promise<IDBDatabase> {
  const existing = opened.get(name);
  if (existing) return existing;
  const p = new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE))
        db.createObjectStore(OUTBOX_STORE, { keyPath: 'id' }).createIndex('owner', 'owner');
      if (!db.objectStoreNames.contains(LOCAL_READINGS_STORE))
        db.createObjectStore(LOCAL_READINGS_STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    req.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
  // A failed open is retried next time rather than cached.
  p.catch(() => opened.delete(name));
  opened.set(name, p);
  return p;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Writes all rows in one transaction: resolved only once they are durable (complete), so a reading is never half-saved. */
export async function putAll<T>(db: IDBDatabase, store: StoreName, rows: readonly T[]): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  const os = tx.objectStore(store);
  for (const row of rows) os.put(row);
  await done(tx);
}

export async function deleteAll(db: IDBDatabase, store: StoreName, ids: readonly string[]): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  const os = tx.objectStore(store);
  for (const id of ids) os.delete(id);
  await done(tx);
}

export async function clearStore(db: IDBDatabase, store: StoreName): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  tx.objectStore(store).clear();
  await done(tx);
}

/** All rows of a store, or only those of one owner (outbox). */
export async function getAll<T>(db: IDBDatabase, store: StoreName, owner?: string): Promise<T[]> {
  const tx = db.transaction(store, 'readonly');
  const os = tx.objectStore(store);
  const req = owner === undefined ? os.getAll() : os.index('owner').getAll(owner);
  const rows = await new Promise<T[]>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result as T[]);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB read failed'));
  });
  await done(tx);
  return rows;
}
