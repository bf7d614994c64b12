import { describe, expect, test } from 'vitest';
import { ApiError } from '@carewatch/api-client/client';
import type { TSosRequest, TSosResult } from '@carewatch/contracts/alerts';
import { SOS_QUEUE_KEY, SosQueue, type QueueTimers } from './sos-queue.ts';

class MemoryStorage {
  readonly m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

/** Timers run by hand: the retry pace is checked without sleeping. */
class ManualTimers implements QueueTimers {
  private next = 1;
  readonly due = new Map<number, { at: number; cb: () => void }>();
  now = 0;
  setTimeout(cb: () => void, ms: number) {
    const id = this.next++;
    this.due.set(id, { at: this.now + ms, cb });
    return id;
  }
  clearTimeout(h: unknown) {
    this.due.delete(h as number);
  }
  async advance(ms: number) {
    this.now += ms;
    for (const [id, t] of [...this.due])
      if (t.at <= this.now) {
        this.due.delete(id);
        t.cb();
      }
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
  }
}

const RESULT: TSosResult = {
  alertId: '0190a3a4-0000-7000-8000-000000000001',
  sosCaseId: '0190a3a4-0000-7000-8000-000000000002',
};
const offline = () => new ApiError(0, 'NETWORK', 'Failed to fetch');

function setup(answers: Array<TSosResult | Error>) {
  const storage = new MemoryStorage();
  const timers = new ManualTimers();
  const sent: TSosRequest[] = [];
  const send = async (b: TSosRequest) => {
    sent.push(b);
    const a = answers.shift();
    if (!a) throw offline();
    if (a instanceof Error) throw a;
    return a;
  };
  return { storage, timers, sent, make: () => new SosQueue(send, storage, timers, 3_000) };
}

const press = {
  owner: 'u1',
  pressedAt: '2026-11-24T10:00:00.000Z',
  message: { kind: 'choice' as const, choice: 'need_help' as const },
};

describe('SOS queued while the server cannot be reached', () => {
  test('kept on the phone, retried every 3 s with the same client id, sent once the server answers', async () => {
    const { storage, timers, sent, make } = setup([offline(), offline(), RESULT]);
    const q = make();
    q.setOwner('u1');
    const p = q.enqueue(press);
    expect(JSON.parse(storage.getItem(SOS_QUEUE_KEY)!)).toMatchObject({
      clientId: p.clientId,
      pressedAt: press.pressedAt,
    });
    await timers.advance(0);
    expect(q.current).toMatchObject({ step: 'waiting', attempts: 1, lastError: 'NETWORK' });
    await timers.advance(2_999);
    expect(sent).toHaveLength(1);
    await timers.advance(1);
    expect(sent).toHaveLength(2);
    await timers.advance(3_000);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => b.clientId))).toEqual(new Set([p.clientId]));
    expect(sent.every((b) => b.pressedAt === press.pressedAt)).toBe(true);
    expect(q.current).toEqual({ step: 'sent', result: RESULT, pressedAt: press.pressedAt });
    expect(storage.getItem(SOS_QUEUE_KEY)).toBeNull();
    await timers.advance(60_000);
    expect(sent).toHaveLength(3);
  });

  test('survives the app being closed: a new start finds it and sends it for the same user only', async () => {
    const first = setup([offline()]);
    const q1 = first.make();
    q1.setOwner('u1');
    q1.enqueue(press);
    await first.timers.advance(0);

    const sent: TSosRequest[] = [];
    const q2 = new SosQueue(
      async (b) => {
        sent.push(b);
        return RESULT;
      },
      first.storage,
      new ManualTimers(),
    );
    expect(q2.current.step).toBe('waiting');
    q2.setOwner('someone-else');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(0);
    q2.setOwner('u1');
    await q2.flush();
    expect(sent).toHaveLength(1);
    expect(q2.current.step).toBe('sent');
  });

  test('a second press while one waits keeps the first id and press time (one SOS), with the newer message', async () => {
    const { timers, sent, make } = setup([offline()]);
    const q = make();
    q.setOwner('u1');
    const a = q.enqueue(press);
    await timers.advance(0);
    const b = q.enqueue({
      ...press,
      pressedAt: '2026-11-24T10:05:00.000Z',
      message: { kind: 'choice', choice: 'had_a_fall' },
    });
    expect(b.clientId).toBe(a.clientId);
    expect(b.pressedAt).toBe(press.pressedAt);
    await timers.advance(0);
    expect(sent.at(-1)?.message).toEqual({ kind: 'choice', choice: 'had_a_fall' });
  });

  test('a refusal is shown (not retried, not silently dropped); an ended session keeps it for the next sign-in', async () => {
    const refused = setup([new ApiError(403, 'SOS_SUB_PROFILE', 'no')]);
    const q = refused.make();
    q.setOwner('u1');
    q.enqueue(press);
    await refused.timers.advance(0);
    expect(q.current).toMatchObject({ step: 'refused', code: 'SOS_SUB_PROFILE' });
    q.acknowledge();
    expect(q.current.step).toBe('empty');

    const ended = setup([new ApiError(401, 'SESSION_EXPIRED', 'no'), RESULT]);
    const q2 = ended.make();
    q2.setOwner('u1');
    q2.enqueue(press);
    await ended.timers.advance(0);
    expect(q2.current).toMatchObject({ step: 'waiting', lastError: 'SESSION_EXPIRED' });
    await ended.timers.advance(30_000);
    expect(ended.sent).toHaveLength(1);
    q2.setOwner(null);
    q2.setOwner('u1');
    await q2.flush();
    expect(q2.current.step).toBe('sent');
  });

  test('held while the voice message uploads: nothing is sent until the flush, and a restart meanwhile sends the written message', async () => {
    const { storage, timers, sent, make } = setup([RESULT]);
    const q = make();
    q.setOwner('u1');
    q.enqueue(press, { hold: true });
    await timers.advance(10_000);
    expect(sent).toHaveLength(0);
    // The app is closed during the upload; the next start finds the SOS with "I need help" and sends it.
    const q2 = new SosQueue(
      async (b) => {
        sent.push(b);
        return RESULT;
      },
      storage,
      new ManualTimers(),
    );
    q2.setOwner('u1');
    await q2.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toEqual({ kind: 'choice', choice: 'need_help' });
  });
});
