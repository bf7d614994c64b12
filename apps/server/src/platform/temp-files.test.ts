import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { makeTempDir, prepareTempRoot } from './temp-files.ts';

test('temporary files live under DATA_DIR/tmp; what a dead process left there is removed at the next start', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-temp-test-'));
  try {
    const root = await prepareTempRoot(dataDir);
    expect(root).toBe(path.join(dataDir, 'tmp'));
    expect(fs.statSync(root).mode & 0o777).toBe(0o700);
    const left = await makeTempDir('cw-import-');
    fs.writeFileSync(path.join(left, 'import.xlsx'), 'patients');
    const fresh = await makeTempDir('cw-upload-');
    expect(path.dirname(left)).toBe(root);
    // Two hours later (the killed import's folder), then a start: the stale folder goes, a recent one stays.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(left, twoHoursAgo, twoHoursAgo);
    await prepareTempRoot(dataDir);
    expect(fs.existsSync(left)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
