import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { SERVER_DIR } from './server-dir.ts';

export type Row = Record<string, unknown>;
export type SqlValue = string | number | boolean | null | Date | Buffer | Uint8Array | string[] | number[] | undefined;

/** The only way repositories talk to the database: parameterised SQL on PostgreSQL or PGlite alike. */
export interface Db {
  readonly kind: 'pg' | 'pglite';
  query<T extends Row = Row>(text: string, params?: SqlValue[]): Promise<T[]>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** LISTEN on a channel (PG: a dedicated connection that reconnects; PGlite: in-process); resolves to the unlisten. */
  listen?(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}

const norm = (params: SqlValue[] = []) => params.map((p) => (p === undefined ? null : p));

class PgDb implements Db {
  readonly kind = 'pg' as const;
  constructor(
    private readonly runner: pg.Pool | pg.PoolClient,
    private readonly pool: pg.Pool | null,
    private readonly url: string | null = null,
  ) {}
  async query<T extends Row>(text: string, params?: SqlValue[]): Promise<T[]> {
    const res = await this.runner.query(text, norm(params));
    return res.rows as T[];
  }
  async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (!this.pool) return fn(this); // already inside a transaction
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const out = await fn(new PgDb(client, null));
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
  async close() {
    if (this.pool) await this.pool.end();
  }
  async listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
    if (!this.url) throw new Error('listen() needs the root database');
    return listenPg(this.url, channel, cb);
  }
}

/** A dedicated client LISTENing on `channel`, reconnecting with backoff when the connection drops. */
async function listenPg(url: string, channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) cb(m.payload);
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      setTimeout(() => void reconnect(), delay).unref();
    });
    await c.connect();
    await c.query(`listen ${c.escapeIdentifier(channel)}`);
    client = c;
    delay = 250;
  };
  const reconnect = async (): Promise<void> => {
    if (stopped) return;
    try {
      await connect();
    } catch {
      delay = Math.min(delay * 2, 10_000);
      setTimeout(() => void reconnect(), delay).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

type PgliteLike = Pick<PGlite, 'query' | 'transaction' | 'close'>;
type PgliteTx = Parameters<Parameters<PGlite['transaction']>[0]>[0];

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  constructor(
    private readonly runner: PgliteLike | PgliteTx,
    private readonly root: PGlite | null,
  ) {}
  async query<T extends Row>(text: string, params?: SqlValue[]): Promise<T[]> {
    const res = await this.runner.query<T>(text, norm(params));
    return res.rows;
  }
  async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (!this.root) return fn(this);
    return this.root.transaction((t) => fn(new PgliteDb(t, null)));
  }
  async close() {
    if (this.root) await this.root.close();
  }
  async listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
    if (!this.root) throw new Error('listen() needs the root database');
    const un = await this.root.listen(channel, cb);
    return async () => {
      await un();
    };
  }
}

// Return timestamptz as Date and bigint counts as numbers in both drivers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPg(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover, a dropped test database) must not crash the
  // process: the pool discards that client and opens a new one on the next query.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return new PgDb(pool, pool, url);
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const db = dataDir ? new PGlite(dataDir, { loadDataDir }) : new PGlite({ loadDataDir });
  await db.waitReady;
  return new PgliteDb(db, db);
}

export async function openPgliteRaw(dataDir: string | undefined, loadDataDir?: Blob): Promise<{ db: Db; raw: PGlite }> {
  const raw = dataDir ? new PGlite(dataDir, { loadDataDir }) : new PGlite({ loadDataDir });
  await raw.waitReady;
  return { db: new PgliteDb(raw, raw), raw };
}

export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

/**
 * Applies migrations/*.sql in name order, each once. Same files on both engines. On PostgreSQL, processes starting at
 * once take turns under a transaction-scoped advisory lock, taken first (two concurrent `create table if not exists`
 * collide) and on one connection (a session lock taken through the pool can be released on another connection and
 * stay held): the pending migrations then apply in that one transaction. The embedded database (one process) applies
 * each in its own.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const run = async (d: Db) => {
    await d.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await d.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
    const applied: string[] = [];
    for (const f of files) {
      if (done.has(f)) continue;
      const text = await fs.readFile(path.join(dir, f), 'utf8');
      await d.tx(async (t) => {
        for (const stmt of splitSql(text)) await t.query(stmt);
        await t.query('insert into schema_migrations (name) values ($1)', [f]);
      });
      applied.push(f);
    }
    return applied;
  };
  if (db.kind === 'pg')
    return db.tx(async (t) => {
      await t.query('select pg_advisory_xact_lock(727001)');
      return run(t);
    });
  return run(db);
}

/** Splits a migration on semicolons at line ends; migrations avoid semicolons inside bodies. */
export function splitSql(text: string): string[] {
  return text
    .split(/;\s*(?:\r?\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
