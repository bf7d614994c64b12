import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDb } from '../test-support/test-app.ts';
import type { Db } from './db.ts';
import {
  BadFileKeyError,
  CHUNK_BYTES,
  FileTooLargeError,
  PgFileStore,
  newFileKey,
  type FileStore,
} from './file-store.ts';
import { createFileStore } from './file-store-create.ts';
import { importLocalFiles } from './file-store-import.ts';
import { fileStoreConfig, StartupError } from './config.ts';
import { createServer } from '../server.ts';

/**
 * One contract, both stores: the database store (on PGlite, or on PostgreSQL with TEST_DATABASE_URL like the whole
 * int project) and the S3 store against s3rver, a local S3-compatible server started here on a free port.
 */
type S3rverLike = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverCtor = new (o: Record<string, unknown>) => S3rverLike;

async function startS3(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-s3rver-'));
  // s3rver ships no types; the few calls used are typed above.
  const mod = (await import('s3rver' as string)) as { default: S3rverCtor };
  const server = new mod.default({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'carewatch-test', configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

type Setup = { store: FileStore; db: Db | null; done: () => Promise<void> };
const IMPLS: Array<{ name: string; make: () => Promise<Setup> }> = [
  {
    name: 'postgres',
    make: async () => {
      const { db, drop } = await freshDb();
      return { store: await createFileStore(fileStoreConfig({}), db), db, done: drop };
    },
  },
  {
    name: 's3',
    make: async () => {
      const s3 = await startS3();
      const settings = fileStoreConfig({
        FILE_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: 'carewatch-test',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      });
      const store = await createFileStore(settings, null as unknown as Db);
      return {
        store,
        db: null,
        done: async () => {
          await store.close();
          await s3.stop();
        },
      };
    },
  },
];

/** A body that arrives in small pieces, as an upload does. */
const pieces = (buf: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
    })(),
  );
const readStream = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return { data: Buffer.concat(parts), parts: parts.length };
};
const TENANT_A = '0190a000-0000-7000-8000-00000000000a';
const TENANT_B = '0190b000-0000-7000-8000-00000000000b';

describe.each(IMPLS)('file store contract: $name', ({ name, make }) => {
  let s: Setup;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => {
    await s?.done();
  });

  test('a multi-chunk file streams in and out unchanged', async () => {
    const data = crypto.randomBytes(1024 * 1024 + 1234);
    const key = newFileKey('patient-attachments', TENANT_A, 'pdf');
    expect(await s.store.put(key, pieces(data), { contentType: 'application/pdf' })).toEqual({
      key,
      size: data.length,
    });
    const f = await s.store.open(key);
    expect(f?.size).toBe(data.length);
    const got = await readStream(f!.stream);
    expect(got.data.equals(data)).toBe(true);
    // Delivered as it is read, in pieces, not as one buffer.
    expect(got.parts).toBeGreaterThan(1);
    expect(await s.store.size(key)).toBe(data.length);
    if (s.db) {
      const chunks = await s.db.query<{ n: number; max: number }>(
        'select count(*)::int n, max(length(data))::int max from stored_file_chunks c join stored_files f using (blob_id) where f.key = $1',
        [key],
      );
      expect(chunks[0]).toEqual({ n: Math.ceil(data.length / CHUNK_BYTES), max: CHUNK_BYTES });
    }
  });

  test('a buffer in, read whole (bounded); an empty file', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      crypto.randomBytes(3000),
    ]);
    const key = newFileKey('avatars', TENANT_A, 'png');
    await s.store.put(key, png);
    expect((await s.store.readAll(key))?.equals(png)).toBe(true);
    await expect(s.store.readAll(key, 100)).rejects.toBeInstanceOf(FileTooLargeError);
    const empty = newFileKey('feedback', TENANT_A, 'png');
    expect(await s.store.put(empty, Buffer.alloc(0))).toEqual({ key: empty, size: 0 });
    expect((await s.store.readAll(empty))?.length).toBe(0);
  });

  test('a missing key is null; remove removes and is idempotent', async () => {
    const key = newFileKey('avatars', TENANT_A, 'jpg');
    expect(await s.store.open(key)).toBeNull();
    expect(await s.store.readAll(key)).toBeNull();
    expect(await s.store.size(key)).toBeNull();
    await s.store.remove(key);
    await s.store.put(key, Buffer.from('x'));
    await s.store.remove(key);
    expect(await s.store.open(key)).toBeNull();
    await s.store.remove(key);
  });

  test('a second put replaces the file', async () => {
    const key = `files/patient-imports/${TENANT_A}/0190a000-0000-7000-8000-000000000001-errors.txt`;
    await s.store.put(key, pieces(crypto.randomBytes(600_000)));
    await s.store.put(key, Buffer.from('Line 2: phone: Phone number is not valid\n'));
    expect((await s.store.readAll(key))?.toString()).toBe('Line 2: phone: Phone number is not valid\n');
    if (s.db) {
      // The first version's chunks went with it.
      const left = await s.db.query<{ n: number }>(
        'select count(*)::int n from stored_file_chunks c where not exists (select 1 from stored_files f where f.blob_id = c.blob_id)',
      );
      expect(left[0]!.n).toBe(0);
    }
  });

  test('a stream over its limit is refused and nothing is kept', async () => {
    const key = newFileKey('patient-imports', TENANT_A, 'xlsx');
    await expect(s.store.put(key, pieces(crypto.randomBytes(700_000)), { maxBytes: 500_000 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    await expect(s.store.put(key, crypto.randomBytes(10), { maxBytes: 5 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await s.store.size(key)).toBeNull();
    if (s.db) {
      expect((await s.db.query<{ n: number }>('select count(*)::int n from stored_file_uploads'))[0]!.n).toBe(0);
      expect(
        (
          await s.db.query<{ n: number }>(
            'select count(*)::int n from stored_file_chunks c where not exists (select 1 from stored_files f where f.blob_id = c.blob_id)',
          )
        )[0]!.n,
      ).toBe(0);
    }
  });

  test('keys that could leave their place are refused', async () => {
    const bad = [
      '',
      '/etc/passwd',
      '../secrets.key',
      'files/../secrets.key',
      'files/avatars/../../x',
      'files//x',
      'files/./x',
      'files\\x.png',
      'files/x/',
      '.hidden',
      'files/a b.png',
      'files/\u0000.png',
    ];
    for (const key of bad) {
      await expect(s.store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(BadFileKeyError);
      await expect(s.store.open(key), key).rejects.toBeInstanceOf(BadFileKeyError);
      await expect(s.store.remove(key), key).rejects.toBeInstanceOf(BadFileKeyError);
    }
    await expect(s.store.removePrefix('../')).rejects.toBeInstanceOf(BadFileKeyError);
    expect(() => newFileKey('avatars', '../x', 'png')).toThrow(BadFileKeyError);
  });

  test("keys carry the tenant; one tenant's prefix is removed without touching another's", async () => {
    const a1 = newFileKey('licenses', TENANT_A, 'png');
    const a2 = newFileKey('licenses', TENANT_A, 'jpg');
    const b1 = newFileKey('licenses', TENANT_B, 'png');
    expect(a1.startsWith(`files/licenses/${TENANT_A}/`)).toBe(true);
    for (const k of [a1, a2, b1]) await s.store.put(k, Buffer.from(k));
    if (s.db) {
      const rows = await s.db.query<{ tenant_id: string }>('select tenant_id from stored_files where key = $1', [b1]);
      expect(rows[0]?.tenant_id).toBe(TENANT_B);
    }
    expect(await s.store.removePrefix(`files/licenses/${TENANT_A}/`)).toBe(2);
    expect(await s.store.size(a1)).toBeNull();
    expect(await s.store.size(a2)).toBeNull();
    expect((await s.store.readAll(b1))?.toString()).toBe(b1);
  });

  test('files kept under DATA_DIR by earlier versions move into the store at start, once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `cw-files-${name}-`));
    try {
      const avatar = `files/avatars/${TENANT_A}/legacyavatar.png`;
      const cdr = `cdr/${TENANT_B}/cdr-2026-11-01.xlsx`;
      const big = `files/patient-imports/${TENANT_A}/legacyimport.xlsx`;
      const bytes: Record<string, Buffer> = {
        [avatar]: crypto.randomBytes(2000),
        [cdr]: crypto.randomBytes(5000),
        [big]: crypto.randomBytes(CHUNK_BYTES * 2 + 7),
      };
      for (const [k, b] of Object.entries(bytes)) {
        await fs.mkdir(path.dirname(path.join(dataDir, k)), { recursive: true });
        await fs.writeFile(path.join(dataDir, k), b);
      }
      // An interrupted CDR write's temporary file is not a file of the product: left alone.
      await fs.writeFile(path.join(dataDir, `cdr/${TENANT_B}/.cdr-2026-11-02.xlsx.123.tmp`), 'partial');
      // Already in the store (a previous start moved it, or another process did): not written again.
      const present = `files/avatars/${TENANT_A}/alreadythere.png`;
      await s.store.put(present, Buffer.from('stored version'));
      await fs.writeFile(path.join(dataDir, present), 'local version');

      expect(await importLocalFiles(s.store, dataDir)).toEqual({ moved: 3, present: 1, failed: 0, skipped: 1 });
      for (const [k, b] of Object.entries(bytes)) {
        expect((await s.store.readAll(k))?.equals(b), k).toBe(true);
        await expect(fs.access(path.join(dataDir, k)), k).rejects.toThrow();
      }
      expect((await s.store.readAll(present))?.toString()).toBe('stored version');
      await expect(fs.access(path.join(dataDir, `files/avatars/${TENANT_A}`))).rejects.toThrow();
      // A second start has nothing left to move.
      expect(await importLocalFiles(s.store, dataDir)).toEqual({ moved: 0, present: 0, failed: 0, skipped: 1 });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('database store specifics', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
  });
  afterAll(async () => {
    await drop?.();
  });

  test('a slow reader holds no connection: other queries run between its chunks (PGlite has one)', async () => {
    const store = new PgFileStore(db, 1024);
    const data = crypto.randomBytes(10 * 1024);
    const key = newFileKey('medical-records', TENANT_A, 'pdf');
    await store.put(key, pieces(data, 100));
    const f = (await store.open(key))!;
    const parts: Buffer[] = [];
    for await (const c of f.stream) {
      parts.push(c as Buffer);
      // Other work on the same database while the download is half-way.
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    }
    expect(Buffer.concat(parts).equals(data)).toBe(true);
    expect(parts.length).toBe(10);
  });

  test('two puts of one key at once leave one file and no stray chunks', async () => {
    const store = new PgFileStore(db, 1024);
    const key = `files/patient-imports/${TENANT_A}/0190a000-0000-7000-8000-000000000002-errors.txt`;
    const [x, y] = [crypto.randomBytes(5000), crypto.randomBytes(7000)];
    await Promise.all([store.put(key, pieces(x, 500)), store.put(key, pieces(y, 700))]);
    const got = (await store.readAll(key))!;
    expect(got.equals(x) || got.equals(y)).toBe(true);
    const stray = await db.query<{ n: number }>(
      'select count(*)::int n from stored_file_chunks c where not exists (select 1 from stored_files f where f.blob_id = c.blob_id)',
    );
    expect(stray[0]!.n).toBe(0);
  });

  test('the server moves DATA_DIR files into the store when it starts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-files-start-'));
    const key = `files/center-logos/${TENANT_B}/fromdisk.png`;
    const bytes = crypto.randomBytes(3000);
    await fs.mkdir(path.join(dataDir, path.dirname(key)), { recursive: true });
    await fs.writeFile(path.join(dataDir, key), bytes);
    const started = await createServer({
      db,
      config: { seedDemo: false, dataDir, databaseUrl: undefined, mqttPort: 'off', mqttUrl: undefined },
      jobs: false,
    });
    try {
      expect((await started.deps.files.readAll(key))?.equals(bytes)).toBe(true);
      expect(started.deps.files.kind).toBe('postgres');
      await expect(fs.access(path.join(dataDir, key))).rejects.toThrow();
    } finally {
      await started.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  test('chunks of an upload that never finished are swept', async () => {
    const store = new PgFileStore(db, 1024);
    const blob = '0190a000-0000-7000-8000-0000000000ff';
    await db.query("insert into stored_file_uploads (blob_id, started_at) values ($1, now() - interval '2 days')", [
      blob,
    ]);
    await db.query("insert into stored_file_chunks (blob_id, seq, data) values ($1, 0, '\\x00')", [blob]);
    expect(await store.sweepAbandoned()).toBe(1);
    expect(await db.query('select 1 from stored_file_chunks where blob_id = $1', [blob])).toEqual([]);
  });
});

describe('configuration', () => {
  test('FILE_STORE=s3 without a bucket, or an unknown store, stops the start with a clear message', () => {
    expect(() => fileStoreConfig({ FILE_STORE: 's3' })).toThrow(StartupError);
    expect(() => fileStoreConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => fileStoreConfig({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE/);
    expect(fileStoreConfig({})).toMatchObject({ fileStore: 'postgres' });
    expect(
      fileStoreConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3,
    ).toMatchObject({ region: 'us-east-1', forcePathStyle: true, bucket: 'b' });
    expect(fileStoreConfig({ FILE_STORE: 's3', S3_BUCKET: 'b' }).s3.forcePathStyle).toBe(false);
  });
  test('FILE_STORE=s3 with a bucket that does not exist, or a server that is not there, stops the start', async () => {
    const s3 = await startS3();
    try {
      const env = {
        FILE_STORE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
      await expect(
        createFileStore(fileStoreConfig({ ...env, S3_BUCKET: 'no-such-bucket' }), null as unknown as Db),
      ).rejects.toThrow(StartupError);
      await expect(
        createFileStore(fileStoreConfig({ ...env, S3_BUCKET: 'no-such-bucket' }), null as unknown as Db),
      ).rejects.toThrow(/no-such-bucket/);
    } finally {
      await s3.stop();
    }
    await expect(
      createFileStore(
        fileStoreConfig({
          FILE_STORE: 's3',
          S3_ENDPOINT: 'http://127.0.0.1:1',
          S3_BUCKET: 'b',
          S3_ACCESS_KEY_ID: 'x',
          S3_SECRET_ACCESS_KEY: 'y',
        }),
        null as unknown as Db,
      ),
    ).rejects.toThrow(StartupError);
  }, 60_000);
});
