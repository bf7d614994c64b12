import { describe, expect, test } from 'vitest';
import { ApiError } from '@carewatch/api-client/client';
import type { TSportSession, TSportSessionInput } from '@carewatch/contracts/sport';
import { SPORT_QUEUE_KEY, SportQueue, isRetryable, sessionKey } from './sport-queue.ts';

const body = (startedAt: string, mode: TSportSessionInput['mode'] = 'running'): TSportSessionInput => ({
  mode,
  startedAt,
  endedAt: new Date(Date.parse(startedAt) + 120_000).toISOString(),
  durationSec: 120,
  source: 'watch',
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    raw: m,
  };
}

/** A server storing once per (start, mode), as the real one; `down` makes every request fail like a lost network. */
function fakeServer() {
  const stored = new Map<string, TSportSession>();
  let calls = 0;
  const server = {
    down: false,
    refuse: null as ApiError | null,
    get calls() {
      return calls;
    },
    stored,
    send: async (b: TSportSessionInput): Promise<TSportSession> => {
      calls++;
      if (server.down) throw new ApiError(0, 'NETWORK', 'Network error');
      if (server.refuse) throw server.refuse;
      const key = sessionKey(b);
      const existing = stored.get(key);
      if (existing) return existing;
      const s = { id: `s${stored.size + 1}`, ...b } as unknown as TSportSession;
      stored.set(key, s);
      return s;
    },
  };
  return server;
}

describe('sport sessions waiting for the server', () => {
  test('online: saved at once, nothing left waiting', async () => {
    const server = fakeServer();
    const q = new SportQueue({ storage: memoryStorage(), send: server.send });
    const r = await q.save('u1', body('2026-11-27T06:00:00.000Z'));
    expect(r.status).toBe('saved');
    expect(q.pending('u1')).toHaveLength(0);
  });

  test('offline: kept on the phone, sent when the network is back, stored once even if sent twice', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const q = new SportQueue({ storage, send: server.send });
    server.down = true;
    expect((await q.save('u1', body('2026-11-27T06:00:00.000Z'))).status).toBe('queued');
    expect((await q.save('u1', body('2026-11-27T07:00:00.000Z', 'cycling'))).status).toBe('queued');
    // Saving the same session again (same start and mode) does not queue it twice.
    await q.save('u1', body('2026-11-27T06:00:00.000Z'));
    expect(q.pending('u1')).toHaveLength(2);
    // A new queue object on the same storage (the app restarted) still has them.
    const again = new SportQueue({ storage, send: server.send });
    expect(again.pending('u1').map((p) => p.body.mode)).toEqual(['cycling', 'running']);
    expect(again.pending('u2')).toHaveLength(0);
    server.down = false;
    // The answer to an earlier send was lost: the server has it already; the resend is not a second session.
    await server.send(body('2026-11-27T06:00:00.000Z'));
    const summary = await again.flush('u1');
    expect(summary.sent).toHaveLength(2);
    expect(summary.remaining).toBe(0);
    expect(server.stored.size).toBe(2);
  });

  test('a session the server refuses leaves the queue and is reported', async () => {
    const server = fakeServer();
    const q = new SportQueue({ storage: memoryStorage(), send: server.send });
    server.refuse = new ApiError(400, 'SPORT_SESSION_TOO_SHORT', 'too short');
    const r = await q.save('u1', body('2026-11-27T06:00:00.000Z'));
    expect(r.status).toBe('refused');
    expect(q.pending('u1')).toHaveLength(0);
  });

  test('storage unavailable: the session is still sent (kept in memory meanwhile)', async () => {
    const server = fakeServer();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const q = new SportQueue({ storage, send: server.send });
    expect((await q.save('u1', body('2026-11-27T06:00:00.000Z'))).status).toBe('saved');
  });

  test('what is worth a retry', () => {
    expect(isRetryable(new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(isRetryable(new ApiError(503, 'BUSY', ''))).toBe(true);
    expect(isRetryable(new ApiError(429, 'RATE_LIMITED', ''))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiError(400, 'VALIDATION_ERROR', ''))).toBe(false);
    expect(isRetryable(new ApiError(403, 'PERMISSION_DENIED', ''))).toBe(false);
  });

  test('a corrupt stored queue is read as empty', () => {
    const storage = memoryStorage();
    storage.setItem(SPORT_QUEUE_KEY, '{oops');
    expect(new SportQueue({ storage, send: fakeServer().send }).pending('u1')).toEqual([]);
  });
});
