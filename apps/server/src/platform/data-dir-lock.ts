import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it.
 * A lock file holding our pid: refused while that pid lives, taken over when it is stale.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'carewatch.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) {
        throw new Error(`DATA_DIR ${dir} is in use by process ${pid}; stop it or set another DATA_DIR`);
      }
      fs.unlinkSync(file); // stale lock from a dead process
    }
  }
  throw new Error(`could not lock DATA_DIR ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
