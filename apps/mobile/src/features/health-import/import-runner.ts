import type { TIngestResponse, TReading } from '@carewatch/contracts/vitals';
import { readAppleHealthExport, type AppleHealthStats } from './apple-health.ts';

/** What the import screen shows while it runs and at the end. */
export type ImportProgress = {
  /** Compressed bytes of the file read so far. */
  bytes: number;
  /** `<Record>` elements read so far (known exactly at the end). */
  records: number;
  /** Readings sent to the server (and answered). */
  sent: number;
  /** New readings stored. */
  added: number;
  /** Readings already stored (an earlier import of the same data): skipped by the server. */
  duplicates: number;
  /** Readings the server refused (out of range, in the future…). */
  rejected: number;
};

export type ImportOutcome = { status: 'done' | 'cancelled'; progress: ImportProgress; stats: AppleHealthStats | null };

export type RunOptions = {
  chunks: AsyncIterable<Uint8Array>;
  send: (readings: TReading[]) => Promise<TIngestResponse>;
  onProgress?: (p: ImportProgress) => void;
  /** Checked before each request: true stops the import (what was sent stays stored). */
  cancelled?: () => boolean;
  batchSize?: number;
  /** A request body stays under this many bytes of JSON (the server takes 1 MB). */
  maxBodyBytes?: number;
};

/** Splits a batch so that no request's JSON is larger than `maxBytes` (sleep nights with many stages are large). */
export function splitBySize(readings: readonly TReading[], maxBytes: number): TReading[][] {
  const out: TReading[][] = [];
  let cur: TReading[] = [];
  let size = 20;
  for (const r of readings) {
    const n = JSON.stringify(r).length + 1;
    if (cur.length > 0 && size + n > maxBytes) {
      out.push(cur);
      cur = [];
      size = 20;
    }
    cur.push(r);
    size += n;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/**
 * Reads the export and sends its readings in batches through ingest, one request at a time. Importing the same file
 * again (or again after an interruption) stores only what is missing: every reading's identity is its metric, time
 * and `apple_health` source, and the server counts the rest as duplicates.
 */
export async function runAppleHealthImport(opts: RunOptions): Promise<ImportOutcome> {
  const progress: ImportProgress = { bytes: 0, records: 0, sent: 0, added: 0, duplicates: 0, rejected: 0 };
  const report = () => opts.onProgress?.({ ...progress });
  const it = readAppleHealthExport(opts.chunks, {
    batchSize: opts.batchSize ?? 500,
    onBytes: (b, r) => {
      progress.bytes = b;
      progress.records = r;
    },
  });
  try {
    for (;;) {
      if (opts.cancelled?.()) return { status: 'cancelled', progress, stats: null };
      const next = await it.next();
      if (next.done) {
        progress.records = next.value.records;
        report();
        return { status: 'done', progress, stats: next.value };
      }
      for (const part of splitBySize(next.value, opts.maxBodyBytes ?? 600_000)) {
        if (opts.cancelled?.()) return { status: 'cancelled', progress, stats: null };
        const res = await opts.send(part);
        progress.sent += part.length;
        progress.added += res.accepted;
        progress.duplicates += res.duplicates;
        progress.rejected += res.rejected.length;
        report();
      }
    }
  } finally {
    // Stops reading the file (cancel, a failed request): the generator's source is closed.
    await it.return(null as unknown as AppleHealthStats).catch(() => undefined);
  }
}
