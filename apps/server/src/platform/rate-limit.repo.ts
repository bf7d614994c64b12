import type { Db } from './db.ts';

/**
 * Counts one hit in a fixed window (one row per bucket, reset when a new window starts); returns the count so far.
 * One statement, so concurrent hits from several server processes are all counted.
 */
export async function hitBucket(db: Db, bucket: string, windowStart: Date): Promise<number> {
  const rows = await db.query<{ hits: number }>(
    `insert into rate_counters (bucket, window_start, hits) values ($1, $2, 1)
     on conflict (bucket) do update
       set hits = case when rate_counters.window_start = excluded.window_start then rate_counters.hits + 1 else 1 end,
           window_start = excluded.window_start
     returning hits`,
    [bucket, windowStart],
  );
  return rows[0]!.hits;
}
