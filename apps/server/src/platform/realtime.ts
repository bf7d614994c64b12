import type { TRealtimeEvent } from '@carewatch/contracts/alerts';
import type { Db } from './db.ts';

/** The PostgreSQL NOTIFY channel every server process listens on (see `platform/ws.ts`). */
export const REALTIME_CHANNEL = 'carewatch_events';
/** NOTIFY payloads must stay under 8000 bytes; keep a margin. */
export const MAX_PAYLOAD_BYTES = 7900;

export type RealtimeTarget = { tenantId: string; patientId: string | null; userIds?: string[] };

/** What travels on the channel: the target (tenant, patient, listed users) and the frame itself. */
export type RealtimeEnvelope = { t: string; p: string | null; u?: string[]; e: TRealtimeEvent };

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** Shortens every long string of a frame (a notification body, a name) so the frame fits in one NOTIFY. */
function shrink<T>(v: T, max: number): T {
  if (typeof v === 'string') return (v.length > max ? `${v.slice(0, max - 1)}…` : v) as T;
  if (Array.isArray(v)) return v.map((x: unknown) => shrink(x, max)) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = shrink(x, max);
    return out as T;
  }
  return v;
}

/**
 * Splits one event into NOTIFY payloads under the limit: a long list of users goes out in several chunks, an
 * oversized frame has its long strings shortened (frames carry ids and small fields only).
 */
export function envelopes(target: RealtimeTarget, event: TRealtimeEvent): string[] {
  let e = event;
  const base = (u?: string[]) =>
    JSON.stringify({ t: target.tenantId, p: target.patientId, ...(u ? { u } : {}), e } satisfies RealtimeEnvelope);
  for (const max of [500, 200, 80]) {
    if (bytes(base([])) <= MAX_PAYLOAD_BYTES - 200) break;
    e = shrink(event, max);
  }
  if (bytes(base([])) > MAX_PAYLOAD_BYTES - 200) throw new Error(`realtime frame ${event.type} too large for NOTIFY`);
  const users = target.userIds;
  if (!users) return [base()];
  if (users.length === 0) return []; // listed, but nobody to tell
  const out: string[] = [];
  let chunk: string[] = [];
  for (const u of users) {
    if (chunk.length > 0 && bytes(base([...chunk, u])) > MAX_PAYLOAD_BYTES) {
      out.push(base(chunk));
      chunk = [];
    }
    chunk.push(u);
  }
  out.push(base(chunk));
  return out;
}

/**
 * pg_notify on channel 'carewatch_events' (transactional: delivered at commit, dropped on rollback); the hub of every
 * server process forwards the frame to each connected user of the tenant who may see that patient (or to the listed
 * users only, when `userIds` is given). Call it with the transaction's `db` so a frame never precedes its rows.
 */
export async function publishEvent(db: Db, target: RealtimeTarget, event: TRealtimeEvent): Promise<void> {
  for (const payload of envelopes(target, event)) {
    await db.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
  }
}

/** Parses a payload received on the channel; null when it is not one of ours. */
export function parseEnvelope(payload: string): RealtimeEnvelope | null {
  try {
    const v = JSON.parse(payload) as Partial<RealtimeEnvelope>;
    if (typeof v.t !== 'string' || !v.e || typeof v.e !== 'object' || typeof v.e.type !== 'string') return null;
    return {
      t: v.t,
      p: typeof v.p === 'string' ? v.p : null,
      ...(Array.isArray(v.u) ? { u: v.u.filter((x) => typeof x === 'string') } : {}),
      e: v.e,
    };
  } catch {
    return null;
  }
}
