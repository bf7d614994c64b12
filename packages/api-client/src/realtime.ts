import { ZRealtimeEvent, type TRealtimeEvent } from '@carewatch/contracts/alerts';

/** Close code the server uses for a bad or expired token / ended session (apps/server/src/platform/ws.ts). */
const CLOSE_UNAUTHORIZED = 4401;
const PING_MS = 25_000;
/** No frame (not even a pong) for this long: the connection is dead even if the browser has not noticed. */
const SILENCE_MS = 65_000;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'closed';
export type RealtimeListener = (event: TRealtimeEvent) => void;

export type RealtimeOptions = {
  /** The current access token (null when signed out). */
  token: () => string | null;
  /** Refreshes the access token; true when a new one is stored. */
  refresh: () => Promise<boolean>;
  /** The socket's address for a token (default: same origin, `/api/ws`). */
  url?: (token: string) => string;
};

function sameOriginUrl(token: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/ws?access_token=${encodeURIComponent(token)}`;
}

/**
 * One realtime connection of a web app (the portal and the patient app each have one), shared by every component that
 * listens: opened while at least one listener is mounted (inside the signed-in layout), reconnected with backoff, and
 * re-authenticated with a refreshed token when the server closes it with 4401. `onOpen` listeners run on every
 * (re)connection, so screens can catch up on what they missed while the socket was down.
 */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<RealtimeListener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly openListeners = new Set<() => void>();
  private users = 0;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private refreshedOnce = false;
  state: RealtimeState = 'idle';

  constructor(private readonly opts: RealtimeOptions) {}

  private setState(s: RealtimeState) {
    this.state = s;
    this.stateListeners.forEach((l) => l());
  }

  subscribeState(l: () => void): () => void {
    this.stateListeners.add(l);
    return () => {
      this.stateListeners.delete(l);
    };
  }

  /** Called each time the socket is (re)authenticated and subscribed. */
  onOpen(l: () => void): () => void {
    this.openListeners.add(l);
    return () => {
      this.openListeners.delete(l);
    };
  }

  /** Adds a listener and makes sure the socket is open; the returned function removes both. */
  listen(l: RealtimeListener): () => void {
    this.listeners.add(l);
    this.users += 1;
    if (this.users === 1) this.open();
    return () => {
      this.listeners.delete(l);
      this.users -= 1;
      if (this.users === 0) this.shutdown();
    };
  }

  /** The connection is worth trying again now (the browser reports the network back). */
  reconnectNow(): void {
    if (this.socket || this.users === 0) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.open();
  }

  private open() {
    if (this.socket || this.users === 0) return;
    const token = this.opts.token();
    if (!token) {
      this.setState('closed');
      return;
    }
    this.setState('connecting');
    const ws = new WebSocket((this.opts.url ?? sameOriginUrl)(token));
    this.socket = ws;
    ws.onopen = () => {
      this.lastFrameAt = Date.now();
    };
    ws.onmessage = (m) => {
      this.lastFrameAt = Date.now();
      let data: unknown;
      try {
        data = JSON.parse(String(m.data));
      } catch {
        return;
      }
      const type = (data as { type?: unknown } | null)?.type;
      if (type === 'hello') {
        // Authenticated and subscribed: the backoff starts over.
        this.attempt = 0;
        this.refreshedOnce = false;
        this.setState('open');
        this.startPing();
        for (const l of [...this.openListeners]) {
          try {
            l();
          } catch {
            /* one listener's bug must not starve the others */
          }
        }
        return;
      }
      if (type === 'pong') return;
      const parsed = ZRealtimeEvent.safeParse(data);
      if (!parsed.success) return; // a frame type this build does not know yet
      for (const l of [...this.listeners]) {
        try {
          l(parsed.data);
        } catch {
          /* one listener's bug must not starve the others */
        }
      }
    };
    ws.onclose = (e) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.stopPing();
      if (this.users === 0) {
        this.setState('idle');
        return;
      }
      this.setState('closed');
      if (e.code === CLOSE_UNAUTHORIZED) {
        // The access token expired or the session ended: refresh once, then reconnect (or give up: the REST
        // calls handle the end of the session and the layout unmounts).
        if (this.refreshedOnce) return this.retry();
        this.refreshedOnce = true;
        void this.opts.refresh().then((ok) => {
          if (ok) this.open();
          else this.retry();
        });
        return;
      }
      this.retry();
    };
  }

  private retry() {
    if (this.retryTimer || this.users === 0) return;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    // Jitter so a server restart is not met by every browser at the same instant.
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.open();
      },
      delay * (0.75 + Math.random() * 0.5),
    );
  }

  private startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      const ws = this.socket;
      if (!ws) return;
      if (Date.now() - this.lastFrameAt > SILENCE_MS) {
        ws.close();
        return;
      }
      if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
    }, PING_MS);
  }

  private stopPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private shutdown() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPing();
    const ws = this.socket;
    this.socket = null;
    ws?.close(1000);
    this.attempt = 0;
    this.refreshedOnce = false;
    this.setState('idle');
  }
}
