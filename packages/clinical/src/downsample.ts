/** Server-side downsampling: a [from, to) range drawn with at most `points` buckets. */

/** Bucket width in whole seconds so that [from, to) fits in at most `points` buckets (at least 1 s). */
export function bucketSeconds(fromMs: number, toMs: number, points: number): number {
  const rangeSec = Math.max(0, (toMs - fromMs) / 1000);
  return Math.max(1, Math.ceil(rangeSec / Math.max(1, Math.floor(points))));
}

/** Start (ms) of the bucket holding `tMs`, buckets being aligned on `fromMs`. */
export function bucketStart(tMs: number, fromMs: number, bucketSec: number): number {
  const w = bucketSec * 1000;
  return fromMs + Math.floor((tMs - fromMs) / w) * w;
}

export type RawPoint = { t: number; value: number | null; value2?: number | null };
export type Bucket = {
  t: number;
  n: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  avg2: number | null;
  min2: number | null;
  max2: number | null;
};

/**
 * Reference implementation (the SQL does the same): points in [from, to) grouped by bucket, with the count of rows
 * and avg/min/max of value and value2 (nulls ignored). Buckets without rows are left out; ordered by time.
 */
export function downsample(points: readonly RawPoint[], fromMs: number, toMs: number, bucketSec: number): Bucket[] {
  type Acc = {
    n: number;
    s: number;
    c: number;
    mn: number;
    mx: number;
    s2: number;
    c2: number;
    mn2: number;
    mx2: number;
  };
  const acc = new Map<number, Acc>();
  for (const p of points) {
    if (p.t < fromMs || p.t >= toMs) continue;
    const k = bucketStart(p.t, fromMs, bucketSec);
    let a = acc.get(k);
    if (!a) {
      a = { n: 0, s: 0, c: 0, mn: Infinity, mx: -Infinity, s2: 0, c2: 0, mn2: Infinity, mx2: -Infinity };
      acc.set(k, a);
    }
    a.n += 1;
    if (p.value !== null && p.value !== undefined) {
      a.s += p.value;
      a.c += 1;
      a.mn = Math.min(a.mn, p.value);
      a.mx = Math.max(a.mx, p.value);
    }
    if (p.value2 !== null && p.value2 !== undefined) {
      a.s2 += p.value2;
      a.c2 += 1;
      a.mn2 = Math.min(a.mn2, p.value2);
      a.mx2 = Math.max(a.mx2, p.value2);
    }
  }
  return [...acc.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([t, a]) => ({
      t,
      n: a.n,
      avg: a.c ? a.s / a.c : null,
      min: a.c ? a.mn : null,
      max: a.c ? a.mx : null,
      avg2: a.c2 ? a.s2 / a.c2 : null,
      min2: a.c2 ? a.mn2 : null,
      max2: a.c2 ? a.mx2 : null,
    }));
}
