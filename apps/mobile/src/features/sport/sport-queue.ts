import { isApiError } from '@carewatch/api-client/client';
import type { TSportSession, TSportSessionInput } from '@carewatch/contracts/sport';

/**
 * Sport sessions waiting for the server (issue 21: "stored … idempotent like readings"). A finished session is
 * written on the phone first, then sent; a session the server did not answer for (offline, 5xx) stays and is sent
 * again later — the server stores a session once per (start time, mode), so a resend after a lost answer is not a
 * duplicate. A session the server refused (4xx) leaves the queue: it would be refused again. Sessions are few and
 * small, so they live in localStorage (the readings' IndexedDB outbox is for thousands of values).
 */
export type QueuedSession = { key: string; owner: string; body: TSportSessionInput; queuedAt: number };
export type SessionSender = (body: TSportSessionInput) => Promise<TSportSession>;
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type SaveResult =
  { status: 'saved'; session: TSportSession } | { status: 'queued' } | { status: 'refused'; error: unknown };

export type FlushSummary = {
  sent: TSportSession[];
  refused: Array<{ body: TSportSessionInput; error: unknown }>;
  remaining: number;
};

export const SPORT_QUEUE_KEY = 'cw.app.sport.queue';

/** The server's idempotency key of a session. */
export const sessionKey = (b: Pick<TSportSessionInput, 'startedAt' | 'mode'>): string =>
  `${new Date(b.startedAt).toISOString()}|${b.mode}`;

/** Whether the server never answered (offline, unreachable, busy): the session is kept for a resend. */
export function isRetryable(e: unknown): boolean {
  if (!isApiError(e)) return true;
  return e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500;
}

export class SportQueue {
  private readonly storage: QueueStorage;
  private readonly send: SessionSender;
  private readonly now: () => number;
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<FlushSummary> | null = null;
  private memory: QueuedSession[] | null = null;

  constructor(opts: { storage: QueueStorage; send: SessionSender; now?: () => number }) {
    this.storage = opts.storage;
    this.send = opts.send;
    this.now = opts.now ?? Date.now;
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /** Sessions of `owner` waiting to be sent, oldest first. */
  pending(owner: string): QueuedSession[] {
    return this.all().filter((q) => q.owner === owner);
  }

  /** Keeps the session on the phone, then sends everything of `owner` that waits; says what became of this one. */
  async save(owner: string, body: TSportSessionInput): Promise<SaveResult> {
    const key = sessionKey(body);
    this.write([
      ...this.all().filter((q) => !(q.owner === owner && q.key === key)),
      { key, owner, body, queuedAt: this.now() },
    ]);
    // A flush already under way may have read the queue before this session was added: the next one sends it.
    if (this.flushing) await this.flushing;
    const summary = await this.flush(owner);
    const sent = summary.sent.find((s) => sessionKey(s) === key);
    if (sent) return { status: 'saved', session: sent };
    const refused = summary.refused.find((r) => sessionKey(r.body) === key);
    if (refused) return { status: 'refused', error: refused.error };
    return { status: 'queued' };
  }

  /** Sends `owner`'s waiting sessions one by one; stops at the first one the server did not answer for. */
  flush(owner: string): Promise<FlushSummary> {
    this.flushing ??= this.run(owner).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async run(owner: string): Promise<FlushSummary> {
    const sent: TSportSession[] = [];
    const refused: FlushSummary['refused'] = [];
    for (const item of this.pending(owner)) {
      try {
        sent.push(await this.send(item.body));
      } catch (e) {
        if (isRetryable(e)) break;
        refused.push({ body: item.body, error: e });
      }
      this.write(this.all().filter((q) => !(q.owner === owner && q.key === item.key)));
    }
    return { sent, refused, remaining: this.pending(owner).length };
  }

  /** What waits: the stored list, or (storage full or private) the one kept in memory for this visit. */
  private all(): QueuedSession[] {
    if (this.memory) return this.memory;
    try {
      const raw = this.storage.getItem(SPORT_QUEUE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as QueuedSession[]) : [];
    } catch {
      return [];
    }
  }

  private write(items: QueuedSession[]): void {
    try {
      this.storage.setItem(SPORT_QUEUE_KEY, JSON.stringify(items));
      this.memory = null;
    } catch {
      this.memory = items;
    }
    for (const l of [...this.listeners]) l();
  }
}
