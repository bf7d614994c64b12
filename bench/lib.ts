// Shared helpers of the benchmarks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Db, Row, SqlValue } from '../apps/server/src/platform/db.ts';
import { DEMO_PASSWORD } from '../apps/server/src/modules/seed/demo.ts';
import { createTypedClient } from '../packages/api-client/src/typed-client.ts';

export function pct(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
export const median = (values: number[]) => pct(values, 0.5);

/** Prints one result line: {"bench", "value", "unit", "baseline", "baseline_value", "ratio"}. */
export const line = (bench: string, value: number, unit: string, baseline: string, baselineValue: number) =>
  console.log(
    JSON.stringify({
      bench,
      value: +value.toFixed(3),
      unit,
      baseline,
      baseline_value: +baselineValue.toFixed(3),
      ratio: +(value / baselineValue).toFixed(3),
    }),
  );

/** Progress and diagnostics go to stderr so stdout stays one JSON object per line. */
export const note = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/** Builds the production server (apps/server/dist), which the benchmarks' server processes run, as `npm start` does. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('the server build failed');
}

export type Bench = { base: string; db: Db; rec: RecordingDb; tenantId: string; dbUrl: string; tmp: string };

/** Password grant; patients sign in from the patient app (`x-client: app`). Through the client typed from the OpenAPI document. */
export async function login(base: string, username: string, tenant = 'demo'): Promise<string> {
  const { data, error, response } = await createTypedClient({ baseUrl: base }).POST('/api/auth/oauth-token', {
    headers: username.startsWith('patient@') ? { 'x-client': 'app' } : {},
    body: { tenant, username, password: DEMO_PASSWORD, grant_type: 'password' },
  });
  if (!data) throw new Error(`login ${username}: ${response.status} ${error?.code ?? ''}`);
  return data.access_token;
}

export async function api<T>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; ms: number }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const s = performance.now();
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  const text = await res.text();
  const ms = performance.now() - s;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T, ms };
}

/** A Db that can record the statements the server runs for one request, to replay "the same SQL" directly. */
export class RecordingDb implements Db {
  recording: Array<{ text: string; params: SqlValue[] | undefined }> | null = null;
  constructor(private readonly inner: Db) {}
  get kind() {
    return this.inner.kind;
  }
  query<T extends Row = Row>(text: string, params?: SqlValue[]): Promise<T[]> {
    this.recording?.push({ text, params });
    return this.inner.query<T>(text, params);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.inner.tx((t) => fn(this.recording ? new RecordingTx(t, this.recording) : t));
  }
  close() {
    return this.inner.close();
  }
}
class RecordingTx implements Db {
  constructor(
    private readonly inner: Db,
    private readonly rec: Array<{ text: string; params: SqlValue[] | undefined }>,
  ) {}
  get kind() {
    return this.inner.kind;
  }
  query<T extends Row = Row>(text: string, params?: SqlValue[]): Promise<T[]> {
    this.rec.push({ text, params });
    return this.inner.query<T>(text, params);
  }
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    return this.inner.tx(fn);
  }
  close() {
    return this.inner.close();
  }
}
