// `npm start`: builds the two web apps when their build is missing or older than their sources, then runs the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const sources = ['packages/contracts/src', 'packages/i18n/src', 'packages/api-client/src', 'packages/clinical/src', 'packages/devices/src'].map((d) => newest(path.join(root, d)));
for (const app of ['portal', 'mobile']) {
  const index = path.join(root, 'apps', app, 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const src = Math.max(newest(path.join(root, 'apps', app, 'src')), ...sources, fs.statSync(path.join(root, 'apps', app, 'index.html')).mtimeMs);
  if (built < src) {
    console.log(`Building the ${app} app...`);
    const r = spawnSync('npm', ['run', 'build', '-w', `@carewatch/${app}`], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
