/**
 * Per-process memory of the alert engine's patient context (thresholds, settings, open alerts), so a batch of normal
 * readings for a patient without an open alert costs no query on the ingest path. Only that "nothing to do" decision
 * reads it: an abnormal reading or an open alert sends the engine to its transaction, which reads everything again,
 * fresh, under the patient's lock. Entries live `ttlMs` (ALERT_ENGINE_CACHE_MS), so a change made by another server
 * process is seen within that time; changes made by this process drop the entries at once (`invalidate`).
 */
type Entry<T> = { value: T; at: number };

export class EngineContextCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by every invalidation: a load that began before one is not stored (it may hold the old values). */
  private epoch = 0;

  constructor(
    private readonly maxEntries = 50_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The epoch to pass to `set` for a load starting now. */
  begin(): number {
    return this.epoch;
  }

  get(tenantId: string, patientId: string, ttlMs: number): T | undefined {
    if (ttlMs <= 0) return undefined;
    const key = `${tenantId}:${patientId}`;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.now() - e.at > ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(tenantId: string, patientId: string, value: T, ttlMs: number, startedAt: number): void {
    if (ttlMs <= 0 || startedAt !== this.epoch) return;
    const key = `${tenantId}:${patientId}`;
    this.entries.delete(key);
    // Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: this.now() });
  }

  /** Drops one patient's entry, or every entry of a tenant (tenant-wide defaults changed). */
  invalidate(tenantId: string, patientId?: string): void {
    this.epoch += 1;
    if (patientId !== undefined) {
      this.entries.delete(`${tenantId}:${patientId}`);
      return;
    }
    const prefix = `${tenantId}:`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache of `engineContext` rows (alerts.repo.ts), shared by every request and job of this process. */
export const engineContextCache = new EngineContextCache<import('./alerts.repo.ts').EnginePatientRow>();
