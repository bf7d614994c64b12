import { Readable } from 'node:stream';
import type { Db } from './db.ts';
import { newId, randomToken } from './ids.ts';

/**
 * Every file the product keeps (uploads, import and error files, CDR files, exports), by key. One interface, two
 * places: the database (default: every process on it sees every file, nothing to set up) or an S3-compatible bucket
 * (FILE_STORE=s3). Nothing is kept on one process's disk, so any process can serve any file.
 *
 * Keys are relative, slash-separated names — the paths files had under DATA_DIR (`files/avatars/<tenant>/<token>.png`,
 * `cdr/<tenant>/cdr-<day>.xlsx`) — so the database columns that hold them keep working. A key never reaches a user.
 */
export interface FileStore {
  readonly kind: 'postgres' | 's3';
  /** Stores bytes under `key` (replacing a file already there); a stream is consumed as it arrives, never gathered whole. */
  put(key: string, body: Buffer | Readable, opts?: PutOptions): Promise<{ key: string; size: number }>;
  /** The file as a stream and its size, or null when there is none; bytes are fetched as the stream is read. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** The whole file in memory, for the few callers that need bytes of a small file (an image's type by content); refuses files over `maxBytes`. */
  readAll(key: string, maxBytes?: number): Promise<Buffer | null>;
  /** The file's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (e.g. `files/avatars/<tenant>/`); answers how many. */
  removePrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}
export type PutOptions = {
  contentType?: string | undefined;
  /** A larger body is refused with FileTooLargeError (nothing is kept). */ maxBytes?: number | undefined;
};

/** A put's body passed its `maxBytes`: nothing was stored. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}
/** A key that is not a plain relative name (empty, absolute, `..`, backslashes, control characters). */
export class BadFileKeyError extends Error {
  constructor() {
    super('invalid file key');
  }
}

/** 256 KiB: a few chunks per typical upload, one short query each; large files never sit whole in memory. */
export const CHUNK_BYTES = 256 * 1024;
/** Default bound of readAll (the largest image upload is 5 MB). */
export const READ_ALL_MAX_BYTES = 8 * 1024 * 1024;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

/** Throws BadFileKeyError unless `key` is `seg/seg/...` with plain segments (no `.`/`..`, nothing absolute). */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) throw new BadFileKeyError();
  const parts = key.split('/');
  if (parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..' || p.includes('..'))) throw new BadFileKeyError();
  return key;
}
/** A prefix is a key that may end with `/`. */
function checkPrefix(prefix: string): string {
  checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

/** A new random key for an upload: files/<area>/<tenant>/<random>.<ext>. */
export function newFileKey(area: string, tenantId: string, ext: string): string {
  return checkKey(`files/${area}/${tenantId}/${randomToken(18)}.${ext}`);
}
/** The tenant (or owner) segment of a key: files/<area>/<tenant>/…, cdr/<tenant>/…. */
export function tenantOfKey(key: string): string | null {
  const p = key.split('/');
  if (p[0] === 'files' && p.length >= 4) return p[2]!;
  if (p[0] === 'cdr' && p.length >= 3) return p[1]!;
  return null;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** Content type by the key's extension (chosen from the content when the file was stored). */
export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads a stream whole, refusing more than `maxBytes`. */
export async function collect(stream: Readable, maxBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  try {
    for await (const c of stream) {
      const b = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
      n += b.length;
      if (n > maxBytes) throw new FileTooLargeError();
      parts.push(b);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts, n);
}

/** The body as chunks of exactly `size` bytes (the last one shorter), enforcing `maxBytes`. */
async function* chunked(body: Buffer | Readable, size: number, maxBytes: number): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > maxBytes) throw new FileTooLargeError();
    for (let i = 0; i < body.length; i += size) yield body.subarray(i, i + size);
    return;
  }
  let parts: Buffer[] = [];
  let held = 0;
  let total = 0;
  for await (const c of body) {
    let b = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
    total += b.length;
    if (total > maxBytes) throw new FileTooLargeError();
    while (held + b.length >= size) {
      const take = size - held;
      parts.push(b.subarray(0, take));
      yield Buffer.concat(parts, size);
      parts = [];
      held = 0;
      b = b.subarray(take);
    }
    if (b.length) {
      parts.push(b);
      held += b.length;
    }
  }
  if (held) yield Buffer.concat(parts, held);
}

const toBuffer = (v: unknown): Buffer => {
  if (Buffer.isBuffer(v)) return v;
  const u = v as Uint8Array;
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength); // a view, not a copy
};

/**
 * Files in PostgreSQL (or the embedded PGlite): stored_files names each key's blob, stored_file_chunks holds the blob
 * in 256 KiB chunks (migration 043). Reads fetch one chunk per query as the consumer pulls, so no transaction or
 * connection is held while a download is slow (PGlite has a single connection that every request shares).
 */
export class PgFileStore implements FileStore {
  readonly kind = 'postgres' as const;
  constructor(
    private readonly db: Db,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  async put(key: string, body: Buffer | Readable, opts: PutOptions = {}): Promise<{ key: string; size: number }> {
    checkKey(key);
    const blobId = newId();
    const max = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    let size = 0;
    if (Buffer.isBuffer(body)) {
      // Bytes already in memory: one transaction, nothing to sweep if it fails.
      if (body.length > max) throw new FileTooLargeError();
      await this.db.tx(async (tx) => {
        let seq = 0;
        for await (const c of chunked(body, this.chunkBytes, max))
          await tx.query('insert into stored_file_chunks (blob_id, seq, data) values ($1, $2, $3)', [blobId, seq++, c]);
        await this.point(tx, key, blobId, body.length, opts.contentType);
      });
      return { key, size: body.length };
    }
    await this.db.query('insert into stored_file_uploads (blob_id) values ($1)', [blobId]);
    try {
      let seq = 0;
      for await (const c of chunked(body, this.chunkBytes, max)) {
        await this.db.query('insert into stored_file_chunks (blob_id, seq, data) values ($1, $2, $3)', [
          blobId,
          seq++,
          c,
        ]);
        size += c.length;
      }
      await this.db.tx(async (tx) => {
        await this.point(tx, key, blobId, size, opts.contentType);
        await tx.query('delete from stored_file_uploads where blob_id = $1', [blobId]);
      });
    } catch (e) {
      await this.dropBlob(this.db, blobId).catch(() => undefined);
      await this.db.query('delete from stored_file_uploads where blob_id = $1', [blobId]).catch(() => undefined);
      throw e;
    }
    return { key, size };
  }

  /** Points `key` at the new blob and drops the one it replaces (inside the caller's transaction). */
  private async point(
    tx: Db,
    key: string,
    blobId: string,
    size: number,
    contentType: string | undefined,
  ): Promise<void> {
    // Two puts of one new key at once: the second waits here, then sees (and drops) the first's blob.
    await tx.query('select pg_advisory_xact_lock(727043, hashtext($1))', [key]);
    const old = await tx.query<{ blob_id: string }>('select blob_id from stored_files where key = $1 for update', [
      key,
    ]);
    await tx.query(
      `insert into stored_files (key, blob_id, tenant_id, size, content_type) values ($1, $2, $3, $4, $5)
       on conflict (key) do update set blob_id = excluded.blob_id, size = excluded.size, content_type = excluded.content_type, created_at = now()`,
      [key, blobId, tenantOfKey(key), size, contentType ?? null],
    );
    if (old[0]) await this.dropBlob(tx, old[0].blob_id);
  }
  private async dropBlob(db: Db, blobId: string): Promise<void> {
    await db.query('delete from stored_file_chunks where blob_id = $1', [blobId]);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    checkKey(key);
    const [f] = await this.db.query<{ blob_id: string; size: number }>(
      'select blob_id, size from stored_files where key = $1',
      [key],
    );
    if (!f) return null;
    const size = Number(f.size);
    const chunks = Math.ceil(size / this.chunkBytes);
    const db = this.db;
    let seq = 0;
    let got = 0;
    const stream = new Readable({
      // One chunk per pull: memory stays at a chunk or two whatever the file's size.
      highWaterMark: 1,
      objectMode: false,
      read() {
        if (seq >= chunks) {
          this.push(null);
          return;
        }
        const s = seq++;
        db.query<{ data: Uint8Array }>('select data from stored_file_chunks where blob_id = $1 and seq = $2', [
          f.blob_id,
          s,
        ]).then(
          (rows) => {
            // Replaced or removed while being read: end with an error rather than a silently short file.
            if (!rows[0]) {
              this.destroy(new Error('stored file changed while being read'));
              return;
            }
            const b = toBuffer(rows[0].data);
            got += b.length;
            this.push(b);
            if (seq >= chunks) {
              if (got !== size) {
                this.destroy(new Error('stored file changed while being read'));
                return;
              }
              this.push(null);
            }
          },
          (e: unknown) => this.destroy(e instanceof Error ? e : new Error('read failed')),
        );
      },
    });
    return { stream, size };
  }

  async readAll(key: string, maxBytes = READ_ALL_MAX_BYTES): Promise<Buffer | null> {
    const f = await this.open(key);
    if (!f) return null;
    if (f.size > maxBytes) {
      f.stream.destroy();
      throw new FileTooLargeError();
    }
    return collect(f.stream, maxBytes);
  }

  async size(key: string): Promise<number | null> {
    checkKey(key);
    const [f] = await this.db.query<{ size: number }>('select size from stored_files where key = $1', [key]);
    return f ? Number(f.size) : null;
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    await this.db.tx(async (tx) => {
      const [f] = await tx.query<{ blob_id: string }>('delete from stored_files where key = $1 returning blob_id', [
        key,
      ]);
      if (f) await this.dropBlob(tx, f.blob_id);
    });
  }

  async removePrefix(prefix: string): Promise<number> {
    checkPrefix(prefix);
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db.tx(async (tx) => {
      const gone = await tx.query<{ blob_id: string }>(
        "delete from stored_files where key like $1 escape '\\' returning blob_id",
        [like],
      );
      if (gone.length)
        await tx.query('delete from stored_file_chunks where blob_id = any($1::uuid[])', [gone.map((g) => g.blob_id)]);
      return gone.length;
    });
  }

  /** Drops the chunks of uploads that never finished (their process stopped) once they are older than `olderThanMs`. */
  async sweepAbandoned(olderThanMs = 86_400_000): Promise<number> {
    const gone = await this.db.query<{ blob_id: string }>(
      "delete from stored_file_uploads where started_at < now() - ($1::bigint * interval '1 millisecond') returning blob_id",
      [olderThanMs],
    );
    for (const g of gone) await this.dropBlob(this.db, g.blob_id);
    return gone.length;
  }

  async close(): Promise<void> {
    /* the database is closed by its owner */
  }
}

export type FileStoreSettings = {
  fileStore: 'postgres' | 's3';
  s3: {
    endpoint: string | undefined;
    bucket: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
};
