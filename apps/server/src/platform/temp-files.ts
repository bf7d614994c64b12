import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Temporary files older than this at start were left by a process that died (a finished one deletes its own). */
const STALE_MS = 3600_000;
let root = os.tmpdir();

/**
 * Where uploads and imports keep their temporary copies: DATA_DIR/tmp (0700), so a spreadsheet of patients left by a
 * process killed mid-import does not stay in the machine's shared /tmp, and is removed at the next start.
 */
export async function prepareTempRoot(dataDir: string, now = Date.now()): Promise<string> {
  const dir = path.join(dataDir, 'tmp');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  for (const name of await fs.readdir(dir)) {
    const p = path.join(dir, name);
    const st = await fs.stat(p).catch(() => null);
    if (st && now - st.mtimeMs > STALE_MS) await fs.rm(p, { recursive: true, force: true }).catch(() => undefined);
  }
  root = dir;
  return dir;
}

/** A new private temporary folder (the caller removes it when done). */
export function makeTempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(root, prefix));
}
