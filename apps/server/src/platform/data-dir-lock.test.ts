import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cw-lock-'));

test('a second process is refused while the first holds the folder', () => {
  const dir = tmp();
  const release = lockDataDir(dir);
  const other = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.join(import.meta.dirname, 'data-dir-lock.ts')}').then(m => { try { m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); } catch (e) { console.log('refused: ' + e.message); } })`,
    ],
    { encoding: 'utf8' },
  );
  expect(other.stdout).toContain('refused');
  release();
  expect(fs.existsSync(path.join(dir, 'carewatch.lock'))).toBe(false);
});

test('a stale lock left by a dead process is taken over', () => {
  const dir = tmp();
  const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  fs.writeFileSync(path.join(dir, 'carewatch.lock'), dead.stdout.trim());
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, 'carewatch.lock'), 'utf8')).toBe(String(process.pid));
  release();
});
