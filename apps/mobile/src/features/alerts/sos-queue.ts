import { isApiError } from '@carewatch/api-client/client';
import type { TLocation, TSosMessage, TSosRequest, TSosResult } from '@carewatch/contracts/alerts';

/**
 * An SOS that could not reach the server (no connection, server down) waits here, on the phone, and is sent the moment
 * the server answers: at app start, when the browser says the connection is back, on a short retry timer, and when
 * the service worker's Background Sync fires. Its client id makes every resend the same SOS (the server calls nobody
 * twice), so it is safe to retry until an answer arrives. One pending SOS at most: a second press while one waits
 * replaces its message and location but keeps its id and press time.
 */
export type PendingSos = {
  clientId: string;
  /** The signed-in user who pressed it: never sent with another account's session. */
  owner: string;
  pressedAt: string;
  message: TSosMessage;
  location?: TLocation | undefined;
};

export type SosQueueState =
  | { step: 'empty' }
  | { step: 'waiting'; pending: PendingSos; attempts: number; lastError: string | null }
  | { step: 'sent'; result: TSosResult; pressedAt: string }
  | { step: 'refused'; code: string; pending: PendingSos };

export type SosSender = (body: TSosRequest) => Promise<TSosResult>;
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type QueueTimers = { setTimeout(cb: () => void, ms: number): unknown; clearTimeout(h: unknown): void };

export const SOS_QUEUE_KEY = 'cw.app.sos.pending';
/** Retry pace while an SOS waits: a few seconds (one small request), so it goes within moments of the connection's return. */
export const SOS_RETRY_MS = 3_000;

const defaultTimers: QueueTimers = {
  setTimeout: (cb, ms) => globalThis.setTimeout(cb, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

/** Whether the failure means "not reached / try again" (network, server error, rate limit) rather than a refusal. */
export function isRetryable(e: unknown): boolean {
  if (!isApiError(e)) return true;
  return e.code === 'NETWORK' || e.status === 0 || e.status >= 500 || e.status === 429 || e.status === 408;
}

export class SosQueue {
  private state: SosQueueState = { step: 'empty' };
  private owner: string | null = null;
  private timer: unknown = null;
  private inFlight: Promise<SosQueueState> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly send: SosSender,
    private readonly store: QueueStorage | null,
    private readonly timers: QueueTimers = defaultTimers,
    private readonly retryMs = SOS_RETRY_MS,
  ) {
    const stored = this.read();
    if (stored) this.state = { step: 'waiting', pending: stored, attempts: 0, lastError: null };
  }

  get current(): SosQueueState {
    return this.state;
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /** The signed-in user (null when signed out: a waiting SOS stays on the phone but is not sent). */
  setOwner(owner: string | null): void {
    this.owner = owner;
    if (owner && this.state.step === 'waiting' && this.state.pending.owner === owner) void this.flush();
    else this.cancelTimer();
  }

  /**
   * Keeps the SOS on the phone and starts trying to send it — or, with `hold`, only keeps it (while the voice message
   * uploads: if the app is closed meanwhile, the next start sends it with the written message).
   */
  enqueue(p: Omit<PendingSos, 'clientId'> & { clientId?: string }, opts: { hold?: boolean } = {}): PendingSos {
    const prev = this.state.step === 'waiting' && this.state.pending.owner === p.owner ? this.state.pending : null;
    const pending: PendingSos = {
      clientId: prev?.clientId ?? p.clientId ?? crypto.randomUUID(),
      owner: p.owner,
      pressedAt: prev?.pressedAt ?? p.pressedAt,
      message: p.message,
      ...(p.location ? { location: p.location } : prev?.location ? { location: prev.location } : {}),
    };
    this.write(pending);
    this.set({ step: 'waiting', pending, attempts: 0, lastError: null });
    if (this.owner === pending.owner && !opts.hold) this.schedule(0);
    return pending;
  }

  /** Tries now (connection back, app start, Background Sync); resolves with the state after the attempt. */
  flush(): Promise<SosQueueState> {
    this.inFlight ??= this.attempt().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** The "SOS sent" or "refused" notice was seen: back to empty. */
  acknowledge(): void {
    if (this.state.step === 'sent' || this.state.step === 'refused') this.set({ step: 'empty' });
  }

  private async attempt(): Promise<SosQueueState> {
    this.cancelTimer();
    const s = this.state;
    if (s.step !== 'waiting' || s.pending.owner !== this.owner) return this.state;
    const { pending } = s;
    try {
      const body: TSosRequest = {
        message: pending.message,
        clientId: pending.clientId,
        pressedAt: pending.pressedAt,
        ...(pending.location ? { location: pending.location } : {}),
      };
      const result = await this.send(body);
      this.clear(pending.clientId);
      this.set({ step: 'sent', result, pressedAt: pending.pressedAt });
    } catch (e) {
      if (this.state.step !== 'waiting' || this.state.pending.clientId !== pending.clientId) return this.state;
      if (isRetryable(e)) {
        this.set({
          step: 'waiting',
          pending: this.state.pending,
          attempts: this.state.attempts + 1,
          lastError: isApiError(e) ? e.code : 'NETWORK',
        });
        this.schedule(this.retryMs);
      } else if (isApiError(e) && e.status === 401) {
        // The session ended: it stays on the phone and goes when this user signs in again (setOwner).
        this.set({
          step: 'waiting',
          pending: this.state.pending,
          attempts: this.state.attempts + 1,
          lastError: e.code,
        });
      } else {
        // Refused for good (e.g. the session ended): kept visible so the person calls instead, never silently dropped.
        this.clear(pending.clientId);
        this.set({ step: 'refused', code: isApiError(e) ? e.code : 'ERROR', pending });
      }
    }
    return this.state;
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(s: SosQueueState): void {
    this.state = s;
    for (const l of [...this.listeners]) l();
  }

  private read(): PendingSos | null {
    try {
      const raw = this.store?.getItem(SOS_QUEUE_KEY);
      if (!raw) return null;
      const p = JSON.parse(raw) as PendingSos;
      return p && typeof p.clientId === 'string' && typeof p.owner === 'string' && p.message ? p : null;
    } catch {
      return null;
    }
  }

  private write(p: PendingSos): void {
    try {
      this.store?.setItem(SOS_QUEUE_KEY, JSON.stringify(p));
    } catch {
      /* kept in memory at least */
    }
  }

  private clear(clientId: string): void {
    if (this.read()?.clientId === clientId) {
      try {
        this.store?.removeItem(SOS_QUEUE_KEY);
      } catch {
        /* ignore */
      }
    }
  }
}
