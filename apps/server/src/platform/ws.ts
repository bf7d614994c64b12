import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { AuthInfo, Deps } from './context.ts';
import { authenticate } from './authenticate.ts';
import { AppError } from './errors.ts';
import { REALTIME_CHANNEL, parseEnvelope, type RealtimeEnvelope } from './realtime.ts';
import { SESSION_CHANNEL, parseSessionChange, socketStillValid } from './session-events.ts';

/** Close codes: 4401 bad/expired token or ended session (the client refreshes its token and reconnects). */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_PATH = '/api/ws';

export type HubOptions = {
  /** Ping every socket this often; a socket that did not answer the previous ping is dropped. */
  heartbeatMs?: number;
  /** Sockets pinged per turn of the event loop (the rest after other work had its turn). */
  heartbeatSlice?: number;
  /** Re-check each socket's session (revoked, expired, disabled, permissions changed) this often. */
  sessionCheckMs?: number;
  /** How long a "may this user see this patient" answer is reused. */
  visibilityTtlMs?: number;
  /** A socket whose unsent data exceeds this is too slow and is dropped. */
  maxBufferedBytes?: number;
};

type Conn = { socket: WebSocket; auth: AuthInfo; alive: boolean };

/**
 * Realtime hub of one server process: keeps the authenticated sockets of each tenant, LISTENs on
 * 'carewatch_events' and forwards every frame to the sockets whose user may see the patient (or who are listed).
 * Every process LISTENs, so a frame published by any of them reaches every socket (PostgreSQL LISTEN/NOTIFY).
 */
export class RealtimeHub {
  private readonly byTenant = new Map<string, Set<Conn>>();
  /**
   * The same sockets grouped by viewer (user and level), kept as sockets come and go: a patient's frame asks visibility
   * once a group, and regrouping 5,000 sockets on every frame was a few ms on the alert's path.
   */
  private readonly byViewer = new Map<string, Map<string, Set<Conn>>>();
  private readonly visibility = new Map<string, { at: number; v: Promise<boolean> }>();
  /** Per tenant, the dispatch in progress: frames of one tenant go out in NOTIFY (commit) order. */
  private readonly chains = new Map<string, Promise<unknown>>();
  /** Per tenant, frames received in this turn of the event loop, not yet queued for dispatch. */
  private readonly pending = new Map<string, RealtimeEnvelope[]>();
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenSessions: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly opts: Required<HubOptions>;
  /** Frames dispatched (for tests and the bench). */
  delivered = 0;
  /** Socket writes of pre-framed bytes (the fast path of `sendAll`; the rest went through `ws.send`). */
  directWrites = 0;

  constructor(
    private readonly deps: Deps,
    opts: HubOptions = {},
  ) {
    this.opts = {
      heartbeatMs: 30_000,
      heartbeatSlice: 500,
      sessionCheckMs: 60_000,
      visibilityTtlMs: 5_000,
      maxBufferedBytes: 4 * 1024 * 1024,
      ...opts,
    };
  }

  get connections(): number {
    let n = 0;
    for (const s of this.byTenant.values()) n += s.size;
    return n;
  }

  async start(): Promise<void> {
    if (!this.deps.db.listen) return; // a database without LISTEN: no fan-out (never the case for PG or PGlite)
    this.unlisten = await this.deps.db.listen(REALTIME_CHANNEL, (payload) => {
      const env = parseEnvelope(payload);
      if (env) this.enqueue(env);
    });
    // Sign-out, revocation, disable, permission change (any process, any code path): the user's sockets close at once.
    this.unlistenSessions = await this.deps.db.listen(SESSION_CHANNEL, (payload) => {
      const change = parseSessionChange(payload);
      if (change)
        void this.checkSessions(
          (c) => c.auth.tenantId === change.tenantId && (change.userId === null || c.auth.userId === change.userId),
        );
    });
    this.timers.push(setInterval(() => this.heartbeat(), this.opts.heartbeatMs));
    this.timers.push(setInterval(() => void this.checkSessions(), this.opts.sessionCheckMs));
    for (const t of this.timers) t.unref();
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const un = this.unlisten;
    const unSessions = this.unlistenSessions;
    this.unlisten = null;
    this.unlistenSessions = null;
    await un?.();
    await unSessions?.();
    for (const set of this.byTenant.values()) for (const c of set) c.socket.terminate();
    this.byTenant.clear();
    this.byViewer.clear();
    this.visibility.clear();
  }

  add(socket: WebSocket, auth: AuthInfo): void {
    const conn: Conn = { socket, auth, alive: true };
    let set = this.byTenant.get(auth.tenantId);
    if (!set) this.byTenant.set(auth.tenantId, (set = new Set()));
    set.add(conn);
    let groups = this.byViewer.get(auth.tenantId);
    if (!groups) this.byViewer.set(auth.tenantId, (groups = new Map()));
    const key = viewerKey(auth);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = new Set()));
    group.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => this.remove(conn));
    socket.on('error', () => this.remove(conn));
    socket.on('message', (data) => {
      // The only message a client sends is an application-level ping (browsers cannot send protocol pings).
      if (data.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
  }

  private remove(conn: Conn): void {
    const set = this.byTenant.get(conn.auth.tenantId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byTenant.delete(conn.auth.tenantId);
    const groups = this.byViewer.get(conn.auth.tenantId);
    const key = viewerKey(conn.auth);
    const group = groups?.get(key);
    if (!groups || !group) return;
    group.delete(conn);
    if (group.size === 0) groups.delete(key);
    if (groups.size === 0) this.byViewer.delete(conn.auth.tenantId);
  }

  /**
   * Queues a frame behind the tenant's previous ones (visibility checks are async; order must hold). Frames that arrive
   * together (the NOTIFYs of one transaction come in one read: an SOS reading's alert, case and patient status) are
   * dispatched together, so each socket gets them in one write.
   */
  enqueue(env: RealtimeEnvelope): void {
    const waiting = this.pending.get(env.t);
    if (waiting) {
      waiting.push(env);
      return;
    }
    this.pending.set(env.t, [env]);
    setImmediate(() => {
      const batch = this.pending.get(env.t) ?? [];
      this.pending.delete(env.t);
      const prev = this.chains.get(env.t) ?? Promise.resolve();
      const next = prev.then(() => this.dispatchAll(batch)).catch(() => 0);
      this.chains.set(env.t, next);
      void next.then(() => {
        if (this.chains.get(env.t) === next) this.chains.delete(env.t);
      });
    });
  }

  /**
   * Sends frames of one tenant in order. Consecutive frames for the same audience (patient and listed users) share one
   * visibility check, and each socket gets them in one write (`sendAll`): on a loaded process the per-socket write, not
   * the frame, is what costs.
   */
  async dispatchAll(envs: RealtimeEnvelope[]): Promise<number> {
    let sent = 0;
    let i = 0;
    while (i < envs.length) {
      const key = audienceKey(envs[i]!);
      let j = i + 1;
      while (j < envs.length && audienceKey(envs[j]!) === key) j++;
      const run = envs.slice(i, j);
      const targets = await this.targets(run[0]!);
      const frames = run.map((e) => Buffer.from(JSON.stringify(e.e), 'utf8'));
      const wire = Buffer.concat(frames.map(textFrame));
      for (const c of targets) this.sendAll(c, frames, wire);
      sent += targets.length * frames.length;
      i = j;
    }
    this.delivered += sent;
    return sent;
  }

  /** The sockets of the envelope's tenant that may receive it (listed users, everyone, or those who may see the patient). */
  private async targets(env: RealtimeEnvelope): Promise<Conn[]> {
    const set = this.byTenant.get(env.t);
    if (!set || set.size === 0) return [];
    if (env.u) {
      const listed = new Set(env.u);
      return [...set].filter((c) => listed.has(c.auth.userId));
    }
    if (env.p === null) return [...set];
    const patientId = env.p;
    const groups = [...(this.byViewer.get(env.t)?.values() ?? [])].filter((g) => g.size > 0);
    const allowed = await Promise.all(
      groups.map((group) =>
        this.maySee(group.values().next().value!.auth, patientId).then(
          (ok) => (ok ? [...group] : []),
          () => [],
        ),
      ),
    );
    return allowed.flat();
  }

  /**
   * Several frames to one socket in one write. The WebSocket framing of a server frame (no mask) is the same bytes for
   * every socket, so it is built once (`wire`) and written straight to the socket's TCP stream: a third less work per
   * socket than `ws.send`, which frames and corks each message again. That is safe only while ws itself has nothing
   * queued (it queues only when compressing, which this server never does); otherwise, or if ws's internals are not
   * the expected ones, each frame goes through `ws.send`.
   */
  private sendAll(c: Conn, frames: Buffer[], wire: Buffer): void {
    const ws = c.socket as unknown as WsInternals;
    if (ws.readyState !== ws.OPEN) return;
    if (c.socket.bufferedAmount > this.opts.maxBufferedBytes) {
      c.socket.terminate();
      return;
    }
    const raw = ws._socket;
    if (raw && typeof raw.write === 'function' && ws._sender?._state === 0 && ws._sender._queue?.length === 0) {
      raw.write(wire);
      this.directWrites += 1;
      return;
    }
    // Text frames (the bytes are UTF-8 JSON), sent as they are: no per-socket copy or re-encoding.
    for (const f of frames) c.socket.send(f, { binary: false });
  }

  /**
   * Whether this user (at this level) may see the patient: the same rules as the routes — staff by patient visibility,
   * app users by the app's subject rule (their own record, a sub-user they manage, a patient who accepted them as
   * follower). The staff answer is shared by every user with the same visibility (all of one center's operators: one
   * query, not one a user); the app answer, asked only when the staff rules say no, by the sockets of one user. Both are
   * reused briefly.
   */
  async maySee(auth: AuthInfo, patientId: string): Promise<boolean> {
    const { ports, db } = this.deps;
    const staffKey = `${auth.tenantId}|staff|${ports.staffVisibilityKey(auth)}|${patientId}`;
    if (await this.cached(staffKey, () => ports.staffMaySeePatient(db, auth, patientId))) return true;
    return this.cached(`${auth.tenantId}|app|${auth.userId}|${patientId}`, () =>
      ports.appMaySeePatient(db, auth, patientId),
    );
  }

  private cached(key: string, ask: () => Promise<boolean>): Promise<boolean> {
    const now = Date.now();
    const hit = this.visibility.get(key);
    if (hit && now - hit.at < this.opts.visibilityTtlMs) return hit.v;
    const v = ask();
    v.catch(() => this.visibility.delete(key));
    this.visibility.set(key, { at: now, v });
    if (this.visibility.size > 50_000) this.prune(now);
    return v;
  }

  private prune(now: number): void {
    for (const [k, e] of this.visibility) if (now - e.at >= this.opts.visibilityTtlMs) this.visibility.delete(k);
  }

  /**
   * Pings every socket; one that did not answer the previous ping is dropped. In slices of `heartbeatSlice` sockets with
   * the event loop free between them: 5,000 pings at once held a process for ~80 ms, and an alert frame arriving then
   * waited behind them.
   */
  private heartbeat(): void {
    this.prune(Date.now());
    const conns = [...this.byTenant.values()].flatMap((set) => [...set]);
    const size = Math.max(1, this.opts.heartbeatSlice);
    const slice = (from: number) => {
      for (const c of conns.slice(from, from + size)) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        try {
          c.socket.ping();
        } catch {
          c.socket.terminate();
        }
      }
      if (from + size < conns.length) setImmediate(() => slice(from + size));
    };
    slice(0);
  }

  /**
   * Closes the sockets (all, or those matching `which`) whose session has ended or changed since they connected
   * (sign-out, revoke, expiry, disable, level, role or permission change). Run on every session change notification
   * and, for expiry, on a timer.
   */
  async checkSessions(which: (c: Conn) => boolean = () => true): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const rows = new Map<string, ReturnType<Deps['ports']['findSessionForAuth']>>();
    const conns = [...this.byTenant.values()].flatMap((s) => [...s]).filter(which);
    // One after the other (one query per session): a check of every socket must not take the whole pool.
    for (const c of conns) {
      const key = `${c.auth.tenantId}|${c.auth.sessionId}`;
      let row = rows.get(key);
      if (!row)
        rows.set(key, (row = this.deps.ports.findSessionForAuth(this.deps.db, c.auth.tenantId, c.auth.sessionId)));
      // A database hiccup does not drop everyone.
      const ok = await row.then(
        (r) => socketStillValid(r, c.auth, now),
        () => true,
      );
      if (!ok) c.socket.close(WS_CLOSE_UNAUTHORIZED, 'SESSION_ENDED');
    }
  }
}

/** Sockets that share visibility answers: one user at one level. */
const viewerKey = (auth: AuthInfo) => `${auth.userId}|${auth.levelId}`;

/** What `sendAll` reads of a ws WebSocket beyond its typings (ws 8: the TCP socket and the sender's queue). */
type WsInternals = {
  readyState: number;
  OPEN: number;
  _socket?: { write(b: Buffer): boolean };
  _sender?: { _state?: number; _queue?: unknown[] };
};

/** One unmasked, final WebSocket text frame (RFC 6455 §5.2): what a server sends for `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN, opcode 1 (text)
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, head);
  return out;
}

/** Frames with the same key go to the same sockets: same tenant (dispatch is per tenant), patient and listed users. */
function audienceKey(env: RealtimeEnvelope): string {
  return `${env.p ?? ''}|${env.u ? env.u.join(',') : '*'}`;
}

const hubs = new WeakMap<FastifyInstance, RealtimeHub>();
/** The hub of an app built by `buildApp` (tests, bench). */
export function hubOf(app: FastifyInstance): RealtimeHub | undefined {
  return hubs.get(app);
}

function queryToken(req: FastifyRequest): string | null {
  const q = req.query as Record<string, unknown> | undefined;
  const t = q?.access_token;
  return typeof t === 'string' && t.length > 0 ? t : null;
}

/**
 * Registers the WebSocket endpoint `GET /api/ws?access_token=…` and the hub (LISTEN starts when the app is ready,
 * stops when it closes). A bad token is accepted at the HTTP level and closed with 4401 and the error code as reason,
 * because browsers cannot read the status of a refused upgrade.
 */
export async function registerRealtime(app: FastifyInstance, deps: Deps, opts: HubOptions = {}): Promise<RealtimeHub> {
  const hub = new RealtimeHub(deps, opts);
  hubs.set(app, hub);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.addHook('onReady', async () => {
    await hub.start();
  });
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: {
        summary: 'Realtime events (WebSocket): one JSON frame per event with a `type` field',
        tags: ['realtime'],
        'x-permission': 'authenticated',
      } as Record<string, unknown>,
    },
    async (socket, req) => {
      // Messages sent before authentication completes are ignored (no handler yet).
      try {
        const auth = await authenticate(deps, queryToken(req));
        if (socket.readyState !== socket.OPEN) return;
        hub.add(socket, auth);
        socket.send(JSON.stringify({ type: 'hello', at: deps.clock.now().toISOString(), userId: auth.userId }));
      } catch (e) {
        const code = e instanceof AppError ? e.code : 'UNAUTHORIZED';
        socket.close(WS_CLOSE_UNAUTHORIZED, code);
      }
    },
  );
  return hub;
}
