import { StartupError } from './config.ts';
import type { Db } from './db.ts';
import { PgFileStore, type FileStore, type FileStoreSettings } from './file-store.ts';

/**
 * The configured store. The S3 client is loaded only when chosen (the SDK is large). Apart from file-store.ts, which
 * the S3 store builds on, so that the two do not import each other.
 */
export async function createFileStore(settings: FileStoreSettings, db: Db): Promise<FileStore> {
  if (settings.fileStore === 's3') {
    const { S3FileStore } = await import('./file-store-s3.ts');
    const store = new S3FileStore(settings.s3);
    try {
      await store.check();
    } catch (e) {
      throw new StartupError(
        `FILE_STORE=s3: ${(e as Error).message}; check S3_BUCKET, S3_ENDPOINT and the credentials (the bucket must exist)`,
      );
    }
    return store;
  }
  const store = new PgFileStore(db);
  await store.sweepAbandoned();
  return store;
}
