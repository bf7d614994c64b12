import { INGEST_MAX_BATCH, type TIngestResponse, type TReading } from '@carewatch/contracts/vitals';
import { deleteAll, getAll, openDb, OUTBOX_STORE, putAll } from './idb.ts';

/**
 * The offline outbox: every reading (watch or manual entry) is written to IndexedDB first, then sent to
 * `POST /api/ingest/measurements` in batches, and removed only once the server has answered for it. A retry after a
 * lost answer re-sends the very same reading (same metric, measuredAt and device): the server's idempotency key
 * (patient, metric, measuredAt, source) stores it once and counts the repeat as a duplicate, so nothing is lost and
 * nothing is stored twice.
 */
export type OutboxItem = {
  /** Client id of the queued reading (the IndexedDB key). */
  id: string;
  /** The signed-in user it belongs to: a phone shared by two accounts never sends one's readings as the other's. */
  owner: string;
  reading: TReading;
  createdAt: number;
  /** Tie-break of readings queued in the same millisecond, so batches keep the order they were taken in. */
  n: number;
};

export type IngestSender = (readings: TReading[]) => Promise<TIngestResponse>;
export type OutboxClock = {
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};
export type ItemResult =
  { status: 'accepted' } | { status: 'rejected'; code: string; message: string; field?: string | undefined };
export type FlushResult = {
  /** Readings the server answered for (stored, duplicate or refused) during this flush. */
  sent: number;
  /** Per queued reading id, what the server answered. */
  results: ReadonlyMap<string, ItemResult>;
  /** The failure that stopped the flush (offline, server error); the readings not answered stay queued. */
  error: unknown;
  remaining: number;
};

export type OutboxOptions = {
  send: IngestSender;
  dbName?: string;
  clock?: OutboxClock;
  /** Readings per request: small enough for a phone's upload, never above the contract's maximum. */
  batchSize?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  newId?: () => string;
};

const systemClock: OutboxClock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export class Outbox {
  private readonly send: IngestSender;
  private readonly dbName: string | undefined;
  private readonly clock: OutboxClock;
  private readonly batchSize: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly newId: () => string;
  private owner: string | null = null;
  private inFlight: Promise<FlushResult> | null = null;
  private failures = 0;
  private retryTimer: unknown = null;
  private counter = 0;
  private waitingCount = 0;
  private readonly listeners = new Set<(count: number) => void>();
  private readonly flushedListeners = new Set<(r: FlushResult) => void>();

  constructor(opts: OutboxOptions) {
    this.send = opts.send;
    this.dbName = opts.dbName;
    this.clock = opts.clock ?? systemClock;
    this.batchSize = Math.max(1, Math.min(opts.batchSize ?? 500, INGEST_MAX_BATCH));
    this.baseDelayMs = opts.baseDelayMs ?? 2_000;
    this.maxDelayMs = opts.maxDelayMs ?? 5 * 60_000;
    this.newId = opts.newId ?? (() => crypto.randomUUID());
  }

  /** Last known number of readings waiting (for the status line). */
  get waiting(): number {
    return this.waitingCount;
  }
  get currentOwner(): string | null {
    return this.owner;
  }

  /** Called with the waiting count whenever it may have changed; returns the unsubscribe function. */
  subscribe(listener: (count: number) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Called after each flush that sent something (e.g. to refresh Home). */
  onFlushed(listener: (r: FlushResult) => void): () => void {
    this.flushedListeners.add(listener);
    return () => {
      this.flushedListeners.delete(listener);
    };
  }

  /** Whose readings are queued and sent from now on (null at sign-out: nothing is sent, the queue stays on the phone). */
  async setOwner(owner: string | null): Promise<void> {
    if (owner === this.owner) return;
    this.owner = owner;
    this.failures = 0;
    this.cancelRetry();
    await this.refreshCount();
  }

  /** Queues readings durably (one IndexedDB transaction); resolves with their client ids once they are on disk. */
  async add(readings: readonly TReading[]): Promise<string[]> {
    const owner = this.owner;
    if (owner === null) throw new Error('Outbox has no signed-in owner');
    if (readings.length === 0) return [];
    const now = this.clock.now();
    // The item's id travels with the reading as its client id: a resend is the same reading to the server (stored
    // once), while two readings taken in the same second stay two.
    const items: OutboxItem[] = readings.map((reading) => {
      const id = this.newId();
      return {
        id,
        owner,
        reading: { ...reading, clientId: reading.clientId ?? id },
        createdAt: now,
        n: this.counter++,
      };
    });
    await putAll(await openDb(this.dbName), OUTBOX_STORE, items);
    await this.refreshCount();
    return items.map((i) => i.id);
  }

  async items(): Promise<OutboxItem[]> {
    if (this.owner === null) return [];
    const rows = await getAll<OutboxItem>(await openDb(this.dbName), OUTBOX_STORE, this.owner);
    return rows.sort((a, b) => a.createdAt - b.createdAt || a.n - b.n);
  }

  async count(): Promise<number> {
    return (await this.items()).length;
  }

  /**
   * Sends everything queued, batch by batch, until the queue is empty or a request fails; one flush at a time (a
   * call during a flush joins it, and readings queued meanwhile go in its next batch). A failure keeps the readings
   * and retries with exponential backoff; `flushNow` (the `online` event) retries at once.
   */
  flush(): Promise<FlushResult> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Connection is back (or the app started): forget the backoff and send now. */
  flushNow(): Promise<FlushResult> {
    this.failures = 0;
    this.cancelRetry();
    return this.flush();
  }

  /** Stops the retry timer (sign-out, tests). */
  stop(): void {
    this.cancelRetry();
  }

  private async run(): Promise<FlushResult> {
    const results = new Map<string, ItemResult>();
    let sent = 0;
    let error: unknown = null;
    const owner = this.owner;
    if (owner !== null) {
      this.cancelRetry();
      for (;;) {
        // A sign-out (or another account signing in) during the flush ends it: the rest is not this user's to send.
        if (this.owner !== owner) break;
        const batch = (await this.items()).slice(0, this.batchSize);
        if (batch.length === 0) break;
        let res: TIngestResponse;
        try {
          res = await this.send(batch.map((i) => i.reading));
        } catch (e) {
          error = e;
          break;
        }
        // Answered: stored, duplicate (already stored by an earlier attempt whose answer was lost) or refused for good
        // (a refused reading would be refused again; keeping it would block the queue forever).
        const refused = new Map(res.rejected.map((r) => [r.index, r]));
        batch.forEach((item, index) => {
          const r = refused.get(index);
          results.set(
            item.id,
            r ? { status: 'rejected', code: r.code, message: r.message, field: r.field } : { status: 'accepted' },
          );
        });
        await deleteAll(
          await openDb(this.dbName),
          OUTBOX_STORE,
          batch.map((i) => i.id),
        );
        sent += batch.length;
        this.failures = 0;
        await this.refreshCount();
      }
    }
    const remaining = await this.refreshCount();
    if (error !== null && this.owner === owner && owner !== null) this.scheduleRetry();
    const result: FlushResult = { sent, results, error, remaining };
    if (sent > 0) for (const l of [...this.flushedListeners]) l(result);
    return result;
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    const delay = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = this.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async refreshCount(): Promise<number> {
    const n = await this.count();
    if (n !== this.waitingCount) {
      this.waitingCount = n;
      for (const l of [...this.listeners]) l(n);
    }
    return n;
  }
}
