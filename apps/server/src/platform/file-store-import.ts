import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { BadFileKeyError, checkKey, type FileStore } from './file-store.ts';

/** The folders of DATA_DIR where versions before the file store kept files (their relative paths are the keys). */
export const LOCAL_FILE_ROOTS = ['files', 'cdr'] as const;

async function* walk(dir: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}

async function removeEmptyDirs(dir: string, keep: boolean): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) if (e.isDirectory()) await removeEmptyDirs(path.join(dir, e.name), false);
  if (!keep) await fsp.rmdir(dir).catch(() => undefined); // fails (kept) when not empty
}

/**
 * Moves files kept under DATA_DIR/files/** and DATA_DIR/cdr/** by earlier versions into the store under the same
 * key (their relative path, which the database columns hold), at start. Idempotent: a key already in the store is
 * not written again. Each local file is deleted once the store holds it with the same size, so health data does not
 * linger on one process's disk and the next start has nothing to do; a file that could not be copied stays and is
 * tried again at the next start. Names that are not valid keys (temporary files of an interrupted write) are left.
 */
export async function importLocalFiles(
  store: FileStore,
  dataDir: string,
): Promise<{ moved: number; present: number; failed: number; skipped: number }> {
  const out = { moved: 0, present: 0, failed: 0, skipped: 0 };
  for (const root of LOCAL_FILE_ROOTS) {
    const base = path.join(dataDir, root);
    if (!fs.existsSync(base)) continue;
    for await (const abs of walk(base)) {
      const key = path.relative(dataDir, abs).split(path.sep).join('/');
      try {
        checkKey(key);
      } catch (e) {
        if (e instanceof BadFileKeyError) {
          out.skipped++;
          continue;
        }
        throw e;
      }
      try {
        const { size } = await fsp.stat(abs);
        const stored = await store.size(key);
        if (stored === null) {
          const r = await store.put(key, fs.createReadStream(abs));
          if (r.size !== size) throw new Error('size differs after copy');
          out.moved++;
        } else out.present++;
        await fsp.rm(abs, { force: true });
      } catch {
        out.failed++;
      }
    }
    await removeEmptyDirs(base, true);
  }
  return out;
}
