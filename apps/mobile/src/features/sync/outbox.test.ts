import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { TIngestResponse, TReading } from '@carewatch/contracts/vitals';
import { Outbox, type OutboxClock } from './outbox.ts';

/** A server that stores a reading once per (metric, measuredAt, device or client id), as the real ingest does. */
function fakeServer() {
  const stored = new Map<string, TReading>();
  let duplicates = 0;
  const ingest = (readings: TReading[]): TIngestResponse => {
    const rejected: TIngestResponse['rejected'] = [];
    let accepted = 0;
    readings.forEach((r, index) => {
      if (r.metric === 'heart_rate' && (r.value ?? 0) >= 300) {
        rejected.push({ index, code: 'OUT_OF_RANGE', message: 'Max value is 300', field: 'value' });
        return;
      }
      const key = `${r.metric}|${r.measuredAt}|${r.deviceId ?? `app:${r.clientId ?? ''}`}`;
      if (stored.has(key)) duplicates += 1;
      else {
        stored.set(key, r);
        accepted += 1;
      }
    });
    return { accepted, duplicates: 0, rejected };
  };
  return { stored, ingest, duplicates: () => duplicates };
}

/** Timers that only run when the test says so. */
function manualClock() {
  let now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const timers = new Map<number, { at: number; cb: () => void }>();
  let next = 1;
  const clock: OutboxClock = {
    now: () => now,
    setTimeout: (cb, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, cb });
      return id;
    },
    clearTimeout: (h) => {
      timers.delete(h as number);
    },
  };
  return {
    clock,
    pending: () => [...timers.values()].map((t) => t.at - now),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers])
        if (t.at <= now) {
          timers.delete(id);
          t.cb();
        }
    },
  };
}

let dbSeq = 0;
const hr = (minute: number, value = 70): TReading => ({
  metric: 'heart_rate',
  measuredAt: new Date(Date.UTC(2026, 10, 22, 7, minute)).toISOString(),
  value,
});
const offline = () => Promise.reject(Object.assign(new Error('Failed to fetch'), { status: 0, code: 'NETWORK' }));
const flushed = () => new Promise((r) => setTimeout(r, 20));

function setup(send: (r: TReading[]) => Promise<TIngestResponse>, batchSize?: number) {
  const c = manualClock();
  const outbox = new Outbox({
    send,
    clock: c.clock,
    dbName: `outbox-test-${++dbSeq}`,
    ...(batchSize ? { batchSize } : {}),
  });
  return { outbox, ...c };
}

describe('offline outbox', () => {
  it('keeps readings taken offline and sends each exactly once when the connection returns', async () => {
    const server = fakeServer();
    let online = false;
    const sent: number[] = [];
    const { outbox } = setup(async (r) => {
      if (!online) return offline();
      sent.push(r.length);
      return server.ingest(r);
    });
    await outbox.setOwner('user-1');
    await outbox.add([hr(1), hr(2)]);
    await outbox.add([hr(3)]);
    const first = await outbox.flush();
    expect(first.error).not.toBeNull();
    expect(first.remaining).toBe(3);
    expect(outbox.waiting).toBe(3);
    expect(server.stored.size).toBe(0);

    online = true;
    const second = await outbox.flushNow();
    expect(second).toMatchObject({ sent: 3, remaining: 0, error: null });
    expect(outbox.waiting).toBe(0);
    expect([...server.stored.values()].map((r) => r.measuredAt).sort()).toEqual(
      [hr(1), hr(2), hr(3)].map((r) => r.measuredAt),
    );
    expect(sent).toEqual([3]);
  });

  it('re-sends after a lost answer and the server stores the reading once', async () => {
    const server = fakeServer();
    let calls = 0;
    // The first request reaches the server and is stored, but its answer never comes back.
    const { outbox } = setup(async (r) => {
      calls += 1;
      const res = server.ingest(r);
      if (calls === 1) throw new Error('connection reset');
      return res;
    });
    await outbox.setOwner('user-1');
    await outbox.add([hr(1), hr(2)]);
    expect((await outbox.flush()).remaining).toBe(2);
    const again = await outbox.flushNow();
    expect(again.remaining).toBe(0);
    expect(server.stored.size).toBe(2);
    expect(server.duplicates()).toBe(2);
  });

  it('sends in batches no larger than the batch size, in the order the readings were taken', async () => {
    const server = fakeServer();
    const batches: string[][] = [];
    const { outbox } = setup(async (r) => {
      batches.push(r.map((x) => x.measuredAt));
      return server.ingest(r);
    }, 2);
    await outbox.setOwner('user-1');
    await outbox.add([hr(1), hr(2), hr(3), hr(4), hr(5)]);
    await outbox.flush();
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5].map((m) => hr(m).measuredAt));
  });

  it('retries with growing delays while the server is unreachable', async () => {
    const server = fakeServer();
    let online = false;
    let attempts = 0;
    const { outbox, pending, advance } = setup(async (r) => {
      attempts += 1;
      return online ? server.ingest(r) : offline();
    });
    await outbox.setOwner('user-1');
    await outbox.add([hr(1)]);
    await outbox.flush();
    expect(pending()).toEqual([2_000]);
    advance(2_000);
    await flushed();
    expect(attempts).toBe(2);
    expect(pending()).toEqual([4_000]);
    online = true;
    advance(4_000);
    await flushed();
    expect(attempts).toBe(3);
    expect(pending()).toEqual([]);
    expect(server.stored.size).toBe(1);
    expect(outbox.waiting).toBe(0);
  });

  it('removes a refused reading (it would be refused again) and reports it by client id', async () => {
    const server = fakeServer();
    const { outbox } = setup(async (r) => server.ingest(r));
    await outbox.setOwner('user-1');
    const [good, bad] = await outbox.add([hr(1), hr(2, 320)]);
    const res = await outbox.flush();
    expect(res.results.get(good!)).toEqual({ status: 'accepted' });
    expect(res.results.get(bad!)).toMatchObject({ status: 'rejected', code: 'OUT_OF_RANGE' });
    expect(res.remaining).toBe(0);
  });

  it('never sends one account’s readings as another’s', async () => {
    const server = fakeServer();
    const senders: string[] = [];
    let owner = '';
    const { outbox } = setup(async (r) => {
      senders.push(`${owner}:${r.length}`);
      return server.ingest(r);
    });
    await outbox.setOwner('user-1');
    owner = 'user-1';
    await outbox.add([hr(1)]);
    await outbox.setOwner('user-2');
    owner = 'user-2';
    expect(outbox.waiting).toBe(0);
    await outbox.add([hr(2), hr(3)]);
    await outbox.flush();
    expect(senders).toEqual(['user-2:2']);
    await outbox.setOwner('user-1');
    owner = 'user-1';
    expect(outbox.waiting).toBe(1);
    await outbox.flush();
    expect(senders).toEqual(['user-2:2', 'user-1:1']);
  });

  it('joins a flush in progress and sends readings queued meanwhile in its next batch', async () => {
    const server = fakeServer();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const { outbox } = setup(async (r) => {
      calls += 1;
      if (calls === 1) await gate;
      return server.ingest(r);
    });
    await outbox.setOwner('user-1');
    await outbox.add([hr(1)]);
    const a = outbox.flush();
    await outbox.add([hr(2)]);
    const b = outbox.flush();
    expect(b).toBe(a);
    release();
    const res = await a;
    expect(res.sent).toBe(2);
    expect(calls).toBe(2);
    expect(server.stored.size).toBe(2);
  });

  it('gives each reading its own client id: two readings of one index in the same second are two, a resend stays one', async () => {
    const server = fakeServer();
    let lose = true;
    const { outbox } = setup(async (r) => {
      const answer = server.ingest(r);
      // The first answer is lost on the way back: the same readings are sent again.
      if (lose) {
        lose = false;
        return offline();
      }
      return answer;
    });
    await outbox.setOwner('user-1');
    const same = {
      metric: 'blood_pressure' as const,
      measuredAt: '2026-11-22T07:59:30.000Z',
      values: { systolic: 128, diastolic: 82 },
    };
    const [a] = await outbox.add([same]);
    const [b] = await outbox.add([{ ...same, values: { systolic: 124, diastolic: 80 } }]);
    expect(a).not.toBe(b);
    await outbox.flush();
    const res = await outbox.flushNow();
    expect(res.remaining).toBe(0);
    expect(server.stored.size).toBe(2);
    expect(server.duplicates()).toBe(2);
    expect([...server.stored.values()].map((r) => r.clientId).sort()).toEqual([a, b].sort());
  });
});
