import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freshDb, startTestApp, type TestApp } from '../test-support/test-app.ts';
import { createServer } from '../server.ts';
import { StartupError } from '../platform/config.ts';
import { openPg, type Db } from '../platform/db.ts';
import { createSecretBox } from '../platform/crypto.ts';
import {
  loadMasterKey,
  MASTER_KEY_FILE,
  openVault,
  parseMasterKey,
  pendingKeyFile,
  rotateMasterKey,
} from '../platform/secrets.ts';
import { issueDeviceSecret } from '../modules/devices/device-credentials.ts';
import { storedSecrets } from './fuzz-harness.ts';

/**
 * Secrets at rest (issue 14, item 5). The suite dumps EVERY table of the database (whatever columns exist now or are
 * added later) and looks for every secret the server holds — the stored server secrets opened with the master key,
 * the master key, a tenant database password, an OCR key, a device secret — as text, hex and base64. It would fail if
 * any secret were kept in clear or beside the key that protects it: a database dump alone must reveal nothing.
 * It also checks the master key's life cycle: generated 0600 outside the database, a wrong key stops the start with
 * a clear message, an old database is upgraded in place, and rotation re-encrypts everything.
 */

const DB_PASSWORD = 'Tenant-Db-Pa55-at-rest';
const OCR_KEY = 'ocr-api-key-at-rest-123456';
const cfg = (dataDir: string, over: Record<string, unknown> = {}) => ({
  seedDemo: false,
  databaseUrl: undefined,
  mqttPort: 'off' as const,
  mqttUrl: undefined,
  dataDir,
  ...over,
});

/** Every row of every table (partitions through their parent) that contains one of the needles, as `table: needle-name`. */
async function dumpHits(db: Db, needles: Map<string, string>, only?: string): Promise<string[]> {
  const forms: Array<[string, string]> = [];
  for (const [name, v] of needles) {
    forms.push(
      [name, v],
      [`${name} (hex)`, Buffer.from(v, 'utf8').toString('hex')],
      [`${name} (base64)`, Buffer.from(v, 'utf8').toString('base64')],
    );
  }
  const tables = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition and ($1::text is null or c.relname = $1) order by 1`,
    [only ?? null],
  );
  expect(tables.length).toBeGreaterThan(only ? 0 : 30);
  const hits: string[] = [];
  for (const { name } of tables) {
    const rows = await db.query<{ i: number }>(
      `select distinct s.i from "${name}" t cross join lateral unnest($1::text[]) with ordinality s(v, i) where strpos(t::text, s.v) > 0`,
      [forms.map(([, v]) => v)],
    );
    for (const r of rows) hits.push(`${name}: ${forms[r.i - 1]![0]}`);
  }
  return hits;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { tenantDbAllowedHosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await t?.close();
});

describe('a database dump alone', () => {
  test('contains no secret: server secrets, master key, tenant database passwords, OCR keys, device secrets', async () => {
    const sa = (await t.login('superadmin')).access;
    const conn = {
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      usernameConfirm: 'postgres',
      password: DB_PASSWORD,
      passwordConfirm: DB_PASSWORD,
      publicUrl: 'https://db.example.com',
    };
    const created = await t.post(
      '/api/account/sadmin/tenant',
      {
        name: 'At Rest',
        code: 'atrest',
        adminEmail: 'admin@atrest.test',
        connectionType: 'dedicated',
        connections: [conn, conn, conn],
      },
      sa,
    );
    expect(created.status).toBe(201);
    const demo = (await t.db.query<{ id: string }>(`select id from tenants where code = 'demo'`))[0]!.id;
    const other = await t.put(
      `/api/account/tenant/${demo}/settings/other`,
      {
        language: 'en',
        country: 'VN',
        dialCode: '+84',
        organizationName: 'Demo',
        aiCloudTenantId: '',
        allowWebSosPopup: false,
        ocrHealthDeviceApiKey: OCR_KEY,
      },
      sa,
    );
    expect(other.status).toBe(200);
    const device = crypto.randomUUID();
    await t.db.query(`insert into devices (id, tenant_id, model, serial) values ($1, $2, 'J2025E', $3)`, [
      device,
      demo,
      `REST-${device}`,
    ]);
    const deviceSecret = await issueDeviceSecret(t.deps, demo, device, t.clock.now());

    const secrets = await storedSecrets(t);
    // Every kind of server secret is there to look for (they are created at start).
    for (const name of ['token_signing_key', 'hash_pepper', 'secrets_key', 'vapid_keys.privateKey', 'master_key'])
      expect(secrets.has(name), name).toBe(true);
    secrets.set('tenant db password', DB_PASSWORD);
    secrets.set('ocr key', OCR_KEY);
    secrets.set('device secret', deviceSecret);
    expect(await dumpHits(t.db, secrets)).toEqual([]);
    // The sealed values are really what the server uses.
    expect(t.deps.pepper).toBe(secrets.get('hash_pepper'));
  });
});

describe('the master key', () => {
  test('is generated once into DATA_DIR/secrets.key (0600), outside the database, and opens it again on the next start', async () => {
    const file = path.join(t.deps.config.dataDir, MASTER_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = await createServer({ db: t.db, clock: t.clock, config: cfg(t.deps.config.dataDir), jobs: false });
    try {
      expect(again.deps.pepper).toBe(t.deps.pepper);
    } finally {
      await again.close();
    }
  });

  test('a wrong key stops the start with a message naming both key ids, and creates nothing', async () => {
    const wrong = parseMasterKey(crypto.randomBytes(32).toString('base64'), 'SECRETS_KEY');
    const right = loadMasterKey(t.deps.config, { create: false });
    const err = await createServer({
      db: t.db,
      clock: t.clock,
      config: cfg(t.deps.config.dataDir, { secretsKey: wrong.key.toString('base64') }),
      jobs: false,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toContain(
      `The master key from SECRETS_KEY (key id ${wrong.kid}) does not open this database's secrets, which were saved with key id ${right.kid}`,
    );
    // Another DATA_DIR (e.g. a second server process without the shared key): its new key file is removed again.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-key-'));
    try {
      const e2 = await createServer({ db: t.db, clock: t.clock, config: cfg(elsewhere), jobs: false }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(e2).toBeInstanceOf(StartupError);
      expect(fs.existsSync(path.join(elsewhere, MASTER_KEY_FILE))).toBe(false);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
    expect(() => loadMasterKey({ secretsKey: 'short', dataDir: elsewhere })).toThrow(/too short/);
    expect(() => loadMasterKey({ secretsKey: 'a'.repeat(32), secretsKeyFile: '/x', dataDir: elsewhere })).toThrow(
      /not both/,
    );
  });
});

describe('a database from before envelope encryption', () => {
  test('has its plain secrets sealed in place at the next start; what the old key encrypted still opens', async () => {
    const { db, drop } = await freshDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-legacy-'));
    try {
      // As the previous version left it: plain values, the tenant-secrets key among them.
      const legacy = {
        token_signing_key: 'legacy-token-signing-key-0123456789',
        hash_pepper: 'legacy-pepper-0123456789abcdef',
        secrets_key: 'legacy-secrets-key-material-42',
      };
      for (const [k, v] of Object.entries(legacy))
        await db.query('insert into app_secrets (key, value) values ($1, $2)', [k, v]);
      const oldSealed = createSecretBox(legacy.secrets_key).seal(DB_PASSWORD);
      const s = await createServer({ db, config: cfg(dataDir), jobs: false });
      try {
        expect(s.deps.pepper).toBe(legacy.hash_pepper);
        expect(s.deps.secrets.open(oldSealed)).toBe(DB_PASSWORD);
        expect(await dumpHits(db, new Map(Object.entries(legacy)), 'app_secrets')).toEqual([]);
      } finally {
        await s.close();
      }
      // Run before with SECRETS_KEY (then the tenant-secrets key itself, never stored): it stays that key.
      await db.query('delete from app_secrets');
      await db.query('insert into app_secrets (key, value) values ($1, $2)', ['hash_pepper', legacy.hash_pepper]);
      const envKey = 'operator-chosen-secrets-key-9876';
      const envSealed = createSecretBox(envKey).seal(OCR_KEY);
      const s2 = await createServer({ db, config: cfg(dataDir, { secretsKey: envKey }), jobs: false });
      try {
        expect(s2.deps.secrets.open(envSealed)).toBe(OCR_KEY);
        expect(
          await dumpHits(
            db,
            new Map([
              ['env key', envKey],
              ['pepper', legacy.hash_pepper],
            ]),
            'app_secrets',
          ),
        ).toEqual([]);
      } finally {
        await s2.close();
      }
    } finally {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('rotation', () => {
  test('re-encrypts every stored secret under a new data key and master key; only the new key opens the database', async () => {
    const { db, drop } = await freshDb();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-rotate-'));
    try {
      const s = await createServer({ db, config: cfg(dataDir), jobs: false });
      const before = await storedSecrets({ db, deps: s.deps });
      await s.close();
      const rowsBefore = await db.query<{ key: string; value: string }>(
        'select key, value from app_secrets order by key',
      );
      const current = loadMasterKey({ dataDir }, { create: false });
      const next = parseMasterKey(crypto.randomBytes(32).toString('hex'), 'SECRETS_NEW_KEY');
      expect(await rotateMasterKey(db, current, next)).toEqual({ secrets: rowsBefore.length - 1 });
      const audited = await db.query<{ details: Record<string, unknown> }>(
        `select details from audit_log where action = 'secrets.rotate'`,
      );
      expect(audited.map((a) => a.details)).toEqual([
        { fromKeyId: current.kid, toKeyId: next.kid, secrets: rowsBefore.length - 1 },
      ]);
      const rowsAfter = await db.query<{ key: string; value: string }>(
        'select key, value from app_secrets order by key',
      );
      for (const [i, r] of rowsAfter.entries()) expect(r.value, r.key).not.toBe(rowsBefore[i]!.value);
      // The old key no longer opens it; the new one opens the same secrets.
      await expect(openVault(db, { ...current, created: false, file: null }, { dataDir })).rejects.toThrow(
        /does not open/,
      );
      const s2 = await createServer({
        db,
        config: cfg(dataDir, { secretsKey: next.key.toString('hex') }),
        jobs: false,
      });
      try {
        const after = await storedSecrets({ db, deps: s2.deps });
        after.delete('master_key');
        before.delete('master_key');
        expect(after).toEqual(before);
      } finally {
        await s2.close();
      }
    } finally {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The command itself (`npm run secrets:rotate`), on a PostgreSQL database (the embedded one is locked by its server). */
describe.skipIf(inject('cwTemplate').kind !== 'pg')('npm run secrets:rotate', () => {
  let url = '';
  let dbName = '';
  let dataDir = '';
  beforeAll(async () => {
    const tpl = inject('cwTemplate');
    if (tpl.kind !== 'pg') return;
    dbName = `cw_t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${tpl.template}`);
    await admin.end();
    const u = new URL(tpl.adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-rotate-cli-'));
  });
  afterAll(async () => {
    const tpl = inject('cwTemplate');
    if (tpl.kind === 'pg' && dbName) {
      const c = new pg.Client({ connectionString: tpl.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const root = path.resolve(import.meta.dirname, '../../../..');
      const child = spawn('npm', ['run', '--silent', 'secrets:rotate'], {
        cwd: root,
        env: {
          ...process.env,
          SECRETS_KEY: '',
          SECRETS_KEY_FILE: '',
          SECRETS_NEW_KEY: '',
          SECRETS_NEW_KEY_FILE: '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
      });
      child.stderr.on('data', (b: Buffer) => {
        out += b.toString();
      });
      child.on('exit', (code) => resolve({ code, out }));
    });

  test('DATA_DIR key: a new key file replaces the old one after the commit; SECRETS_KEY: the new key comes from SECRETS_NEW_KEY', async () => {
    const open = async (over: Record<string, unknown>) => {
      const db = await openPg(url, 2);
      return createServer({ db, config: cfg(dataDir, { databaseUrl: url, ...over }), jobs: false }).then(
        async (s) => {
          const pepper = s.deps.pepper;
          await s.close();
          await db.close();
          return pepper;
        },
        async (e: unknown) => {
          await db.close();
          throw e;
        },
      );
    };
    const pepper = await open({});
    const keyFile = path.join(dataDir, MASTER_KEY_FILE);
    const oldKid = loadMasterKey({ dataDir }, { create: false }).kid;
    const first = await run({ DATABASE_URL: url, DATA_DIR: dataDir });
    expect(first.code, first.out).toBe(0);
    const newKid = loadMasterKey({ dataDir }, { create: false }).kid;
    expect(newKid).not.toBe(oldKid);
    expect(first.out).toContain(`wrapped by master key ${newKid} (was ${oldKid})`);
    expect(first.out).not.toContain(fs.readFileSync(keyFile, 'utf8').trim());
    expect(fs.existsSync(pendingKeyFile(dataDir))).toBe(false);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(await open({})).toBe(pepper);

    // From the key file to a key given in the environment.
    const envKey = crypto.randomBytes(32).toString('base64');
    const second = await run({ DATABASE_URL: url, DATA_DIR: dataDir, SECRETS_NEW_KEY: envKey });
    expect(second.code, second.out).toBe(0);
    expect(await open({ secretsKey: envKey })).toBe(pepper);
    await expect(open({})).rejects.toThrow(/does not open/);
    const third = await run({ DATABASE_URL: url, DATA_DIR: dataDir, SECRETS_KEY: envKey });
    expect(third.code).toBe(1);
    expect(third.out).toContain('Set SECRETS_NEW_KEY or SECRETS_NEW_KEY_FILE');
  }, 120_000); // three CLI runs (npm + tsx start each)
});
