import crypto from 'node:crypto';

/** Last counter used per millisecond (a few recent ones: the real clock and a test's fake clock may alternate). */
const counters = new Map<number, number>();

/**
 * Time-ordered UUIDv7 generated in code (PostgreSQL 15 has no uuidv7()). Ids of the same millisecond are strictly
 * increasing within a process (RFC 9562 method 1: a 12-bit counter in rand_a, seeded at random; on overflow the id
 * moves to the next millisecond), so "order by created_at, id" keeps insertion order.
 */
export function newId(now = Date.now()): string {
  const b = crypto.randomBytes(16);
  let ms = now;
  let c = counters.get(ms);
  c = c === undefined ? b.readUInt16BE(6) & 0x7ff : c + 1;
  while (c > 0xfff) {
    counters.set(ms, c);
    ms++;
    const next = counters.get(ms);
    c = next === undefined ? 0 : next + 1;
  }
  counters.set(ms, c);
  if (counters.size > 64) counters.delete(counters.keys().next().value!);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | ((c >> 8) & 0x0f);
  b[7] = c & 0xff;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
/** A uniformly random 6-digit code. */
export const randomOtp = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
