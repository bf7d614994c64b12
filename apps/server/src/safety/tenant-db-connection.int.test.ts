import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { CONNECTION_TEST_RATE } from '../modules/tenants/tenant-admin.service.ts';

/**
 * Outbound connections of the tenant database form (issue 14, items 2 and 3), against a fake PostgreSQL server on
 * 127.0.0.1 that asks for the password in clear text and records every password it is sent:
 * - a stored password goes only to the host, port and user name it was saved with (never to a host of the caller's
 *   choice: that would hand it to whoever listens there);
 * - only hosts of TENANT_DB_ALLOWED_HOSTS are contacted (empty = none); a refused host is refused before any packet;
 * - refused, timed-out and rejected connections all give the same answer, after the same time;
 * - connection attempts are rate limited per user.
 * The suite drives the real routes and watches the network, so any new way of reaching a server (another route, a
 * save) that skips these checks shows up as a packet at the listener.
 */

const DB_PASSWORD = 'Stored-Db-Pa55word-42';
const TIMEOUT_MS = 600;

type Seen = { connections: number; passwords: string[] };

/** A fake PostgreSQL server: 'password' asks for a clear-text password, records it and refuses; 'silent' never answers. */
async function fakePostgres(
  mode: 'password' | 'silent',
): Promise<{ port: number; seen: Seen; close: () => Promise<void> }> {
  const seen: Seen = { connections: 0, passwords: [] };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    seen.connections++;
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
    sock.on('error', () => undefined);
    if (mode === 'silent') return;
    let buf = Buffer.alloc(0);
    let started = false;
    sock.on('data', (d: Buffer) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          buf = buf.subarray(len);
          started = true;
          // AuthenticationCleartextPassword
          sock.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
          continue;
        }
        if (buf.length < 5) return;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        const type = String.fromCharCode(buf[0]!);
        const body = buf.subarray(5, len + 1);
        buf = buf.subarray(len + 1);
        if (type === 'p') {
          seen.passwords.push(body.toString('utf8').replace(/\0$/, ''));
          const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0');
          const head = Buffer.alloc(5);
          head.write('E', 0);
          head.writeInt32BE(fields.length + 4, 1);
          sock.end(Buffer.concat([head, fields]));
        }
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    seen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let t: TestApp;
let sa: string;
let tenantId: string;
let fake: Awaited<ReturnType<typeof fakePostgres>>;
let silent: Awaited<ReturnType<typeof fakePostgres>>;
const conn = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: 5432,
  username: 'postgres',
  usernameConfirm: 'postgres',
  password: DB_PASSWORD,
  passwordConfirm: DB_PASSWORD,
  publicUrl: 'https://db.example.com',
  ...over,
});
const allow = (entries: string[]) => {
  t.deps.config.tenantDbAllowedHosts = entries;
};
const testConn = (body: Record<string, unknown>) => t.post('/api/account/sadmin/tenant/connection/test', body, sa);
/** A new rate-limit window (the limit is tested on its own below), and a fresh token for the moved clock. */
async function freshWindow() {
  t.clock.advance(CONNECTION_TEST_RATE.windowMs);
  sa = (await t.login('superadmin')).access;
}

beforeAll(async () => {
  t = await startTestApp({ config: { tenantDbAllowedHosts: ['127.0.0.1'], tenantDbTimeoutMs: TIMEOUT_MS } });
  fake = await fakePostgres('password');
  silent = await fakePostgres('silent');
  sa = (await t.login('superadmin')).access;
  // A dedicated tenant whose three connections were saved (tested) against the real local PostgreSQL.
  const created = await t.post(
    '/api/account/sadmin/tenant',
    {
      name: 'Exfil Target',
      code: 'exfil',
      adminEmail: 'admin@exfil.test',
      connectionType: 'dedicated',
      connections: [conn(), conn(), conn()],
    },
    sa,
  );
  expect(created.status).toBe(201);
  tenantId = String(created.body.id);
});
afterAll(async () => {
  await fake?.close();
  await silent?.close();
  await t?.close();
});

describe('a stored tenant database password', () => {
  test('is never sent to a host, port or user other than the one it was saved with', async () => {
    await freshWindow();
    const stored = { tenantId, position: 0, password: '' };
    // The attack of the review: the stored connection's tenant and position, no password, the caller's host/port.
    const otherPort = await testConn({ ...stored, host: '127.0.0.1', port: fake.port, username: 'postgres' });
    expect(otherPort.status).toBe(400);
    expect(otherPort.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'password', rule: 'required' },
    });
    const otherUser = await testConn({ ...stored, host: '127.0.0.1', port: 5432, username: 'someone' });
    expect(otherUser.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'password' } });
    const otherHost = await testConn({ ...stored, host: 'localhost', port: 5432, username: 'postgres' });
    expect(otherHost.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'password' } });
    // Saving the tenant with a changed port and an empty password: same rule, per connection.
    const keep = conn({ password: '', passwordConfirm: '' });
    const save = await t.put(
      `/api/account/sadmin/tenant/${tenantId}`,
      {
        name: 'Exfil Target',
        connectionType: 'dedicated',
        connections: [keep, conn({ password: '', passwordConfirm: '', port: fake.port }), keep],
      },
      sa,
    );
    expect(save.status).toBe(400);
    expect(save.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'connections.1.password', rule: 'required' },
    });
    expect(fake.seen).toEqual({ connections: 0, passwords: [] });
    // Unchanged host, port and user: the stored password is used where it belongs.
    expect((await testConn({ ...stored, host: '127.0.0.1', port: 5432, username: 'postgres' })).body).toEqual({
      ok: true,
    });
    // A typed password goes where the admin sends it (it is theirs to send).
    const typed = await testConn({
      ...stored,
      host: '127.0.0.1',
      port: fake.port,
      username: 'postgres',
      password: 'typed-now',
    });
    expect(typed.body).toMatchObject({ code: 'TENANT_CONNECTION_FAILED' });
    expect(fake.seen.passwords).toEqual(['typed-now']);
    // Every attempt is in the audit log: where to, with a stored password or not, and how it ended.
    const audited = await t.db.query<{ outcome: string; details: Record<string, unknown> }>(
      `select outcome, details from audit_log where action = 'tenant.connection.test' and resource_id = $1 order by created_at, id`,
      [tenantId],
    );
    expect(audited.map((a) => [a.outcome, a.details.port, a.details.storedPassword, a.details.reason])).toEqual([
      ['denied', fake.port, true, 'VALIDATION_ERROR'],
      ['denied', 5432, true, 'VALIDATION_ERROR'],
      ['denied', 5432, true, 'VALIDATION_ERROR'],
      ['ok', 5432, true, 'connected'],
      ['failed', fake.port, false, 'TENANT_CONNECTION_FAILED'],
    ]);
  });
});

describe('the allow-list (TENANT_DB_ALLOWED_HOSTS)', () => {
  test('empty: no dedicated connection is tested or saved, and nothing is contacted', async () => {
    await freshWindow();
    allow([]);
    try {
      const before = fake.seen.connections;
      const res = await testConn({ host: '127.0.0.1', port: fake.port, username: 'postgres', password: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TENANT_DB_HOST_NOT_ALLOWED', details: { field: 'host' } });
      const created = await t.post(
        '/api/account/sadmin/tenant',
        {
          name: 'No Hosts',
          code: 'nohosts',
          adminEmail: 'admin@nohosts.test',
          connectionType: 'dedicated',
          connections: [conn(), conn(), conn()],
        },
        sa,
      );
      expect(created.body).toMatchObject({
        code: 'TENANT_DB_HOST_NOT_ALLOWED',
        details: { field: 'connections.0.host' },
      });
      expect(fake.seen.connections).toBe(before);
    } finally {
      allow(['127.0.0.1']);
    }
  });

  test('CIDRs are checked against every address a name resolves to; name entries match by name', async () => {
    await freshWindow();
    allow(['10.0.0.0/8', 'fd00::/8']);
    try {
      const before = fake.seen.connections;
      for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '169.254.169.254']) {
        const res = await testConn({ host, port: fake.port, username: 'postgres', password: 'x' });
        expect(res.body, host).toMatchObject({ code: 'TENANT_DB_HOST_NOT_ALLOWED', details: { field: 'host' } });
      }
      expect(fake.seen.connections).toBe(before);
      // localhost resolves to 127.0.0.1 here (maybe ::1 too): allowed when every address it has is inside.
      allow(['127.0.0.0/8', '::1']);
      const viaName = await testConn({ host: 'localhost', port: 5432, username: 'postgres', password: 'x' });
      expect(viaName.body).toEqual({ ok: true });
      allow(['localhost']);
      expect((await testConn({ host: 'LOCALHOST', port: 5432, username: 'postgres', password: 'x' })).body).toEqual({
        ok: true,
      });
      expect(
        (await testConn({ host: '127.0.0.1', port: 5432, username: 'postgres', password: 'x' })).body,
      ).toMatchObject({ code: 'TENANT_DB_HOST_NOT_ALLOWED' });
    } finally {
      allow(['127.0.0.1']);
    }
  });
});

describe('failures', () => {
  test('refused, timed out and rejected connections answer alike, and not before the time limit', async () => {
    await freshWindow();
    const answers: Array<{ body: unknown; ms: number }> = [];
    for (const port of [await closedPort(), silent.port, fake.port]) {
      const t0 = Date.now();
      const res = await testConn({ host: '127.0.0.1', port, username: 'postgres', password: 'x' });
      answers.push({ body: res.body, ms: Date.now() - t0 });
      expect(res.status).toBe(400);
    }
    for (const a of answers) {
      expect(a.body).toEqual(answers[0]!.body);
      expect(a.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    }
    expect(answers[0]!.body).toEqual({
      code: 'TENANT_CONNECTION_FAILED',
      message: 'Could not contact supplied server',
      details: { field: 'host' },
    });
    expect(silent.seen.connections).toBeGreaterThan(0);
  });
});

describe('rate limit', () => {
  test(`at most ${CONNECTION_TEST_RATE.limit} connection attempts per user per window, counted in the database`, async () => {
    await freshWindow();
    const body = { host: '127.0.0.1', port: 5432, username: 'postgres', password: 'x' };
    for (let i = 0; i < CONNECTION_TEST_RATE.limit; i++)
      expect((await testConn(body)).status, `attempt ${i + 1}`).toBe(200);
    const over = await testConn(body);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', details: { rule: CONNECTION_TEST_RATE.name } });
    // Another super admin has their own budget; a new window restores this one.
    const other = (await t.login('superadmin', 'demo2')).access;
    expect((await t.post('/api/account/sadmin/tenant/connection/test', body, other)).status).toBe(200);
    await freshWindow();
    expect((await testConn(body)).status).toBe(200);
  });
});
