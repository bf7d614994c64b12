import pg from 'pg';

export type ConnectionTarget = { host: string; port: number; username: string; password: string };

export const CONNECTION_TEST_TIMEOUT_MS = 3000;

/** Really connects to the supplied PostgreSQL server and runs `select 1`; true when it answered in time. */
export async function canConnect(c: ConnectionTarget, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<boolean> {
  const client = new pg.Client({
    host: c.host.replace(/^\[|\]$/g, ''),
    port: c.port,
    user: c.username,
    password: c.password,
    database: 'postgres',
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
  });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs + 500);
  });
  try {
    const attempt = (async () => {
      await client.connect();
      const res = await client.query('select 1 as ok');
      return res.rows[0]?.ok === 1;
    })().catch(() => false);
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    void client.end().catch(() => undefined);
  }
}
