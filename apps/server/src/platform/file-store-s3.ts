import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  FileTooLargeError,
  READ_ALL_MAX_BYTES,
  checkKey,
  collect,
  type FileStore,
  type FileStoreSettings,
  type PutOptions,
} from './file-store.ts';

/** The S3 SDK reports a missing object as NoSuchKey / NotFound or a bare 404, depending on the call and the server. */
function isMissing(e: unknown): boolean {
  // A missing bucket is a broken store, not a missing file (a clinician must not be told a paper does not exist).
  if (e instanceof S3ServiceException && e.name === 'NoSuchBucket') return false;
  if (e instanceof S3ServiceException)
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404;
  return (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/** Files in an S3-compatible bucket (FILE_STORE=s3) through the official AWS SDK; keys are the object names. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s: FileStoreSettings['s3']) {
    if (!s.bucket) throw new Error('S3_BUCKET is required');
    this.bucket = s.bucket;
    this.client = new S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      // A store that accepts connections and never answers must fail a request in seconds, not hold it for ever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      maxAttempts: 2,
      // Checksums only where S3 requires them: the SDK's default (a streamed body with trailing checksums) is not
      // understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s.accessKeyId && s.secretAccessKey
        ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
        : {}),
    });
  }

  /** At start: the bucket exists and these credentials reach it (a wrong bucket or endpoint stops the start). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(
        `bucket "${this.bucket}" is not reachable${status ? ` (HTTP ${status})` : ''}: ${(e as Error).name || 'error'}`,
      );
    }
  }

  async put(key: string, body: Buffer | Readable, opts: PutOptions = {}): Promise<{ key: string; size: number }> {
    checkKey(key);
    const max = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    if (Buffer.isBuffer(body) && body.length > max) throw new FileTooLargeError();
    let size = 0;
    let source: Buffer | Readable = body;
    let counting: Promise<void> | null = null;
    if (!Buffer.isBuffer(body)) {
      // Counted (and bounded) on the way through; the multipart upload reads it in 5 MB parts, never whole.
      const counter = new Transform({
        transform(c: Buffer, _enc, cb) {
          size += c.length;
          cb(size > max ? new FileTooLargeError() : null, c);
        },
      });
      const out = new PassThrough();
      counting = pipeline(body, counter, out);
      counting.catch(() => undefined);
      source = out;
    } else size = body.length;
    const upload = new Upload({
      client: this.client,
      queueSize: 2,
      leavePartsOnError: false,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: source,
        ...(opts.contentType ? { ContentType: opts.contentType } : {}),
      },
    });
    try {
      await upload.done();
      if (counting) await counting;
    } catch (e) {
      if (counting) {
        const err = await counting.then(
          () => null,
          (x: unknown) => x,
        );
        if (err instanceof FileTooLargeError) {
          await this.remove(key).catch(() => undefined);
          throw err;
        }
      }
      throw e;
    }
    return { key, size };
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    checkKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = r.Body;
      if (!body) return null;
      // In Node the body is an http.IncomingMessage (a Readable): bytes arrive as the consumer reads them.
      const stream =
        body instanceof Readable
          ? body
          : Readable.fromWeb((body as { transformToWebStream: () => ReadableStream }).transformToWebStream() as never);
      return { stream, size: Number(r.ContentLength ?? 0) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
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
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return Number(r.ContentLength ?? 0);
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
  }

  async removePrefix(prefix: string): Promise<number> {
    checkKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
    let n = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      // One delete per object: DeleteObjects needs Content-MD5 handling that not every S3-compatible server accepts alike.
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: o.Key }));
        n++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return n;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
