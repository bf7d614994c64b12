// `npm start`: builds what is missing or older than its sources (the server into apps/server/dist, the two web apps
// into apps/*/dist), then runs the compiled server with plain Node — never the TypeScript dev loader (that is `npm run dev`).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
/** The newest modification time of any file below `dir` (0 when absent). */
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
const run = (what, cmd, args) => {
  console.log(what);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const packages = Math.max(
  ...['contracts', 'i18n', 'api-client', 'clinical', 'devices'].map((p) =>
    Math.max(newest(at('packages', p, 'src')), mtime(at('packages', p, 'package.json'))),
  ),
);

// The server: its sources, the workspace packages it bundles, its migrations, the dependency lists (what stays external)
// and the build script itself.
const serverBuilt = mtime(at('apps/server/dist/main.js'));
const serverSources = Math.max(
  packages,
  newest(at('apps/server/src')),
  newest(at('apps/server/migrations')),
  mtime(at('apps/server/package.json')),
  mtime(at('package.json')),
  mtime(at('scripts/build-server.mjs')),
);
if (serverBuilt < serverSources) run('Building the server...', process.execPath, [at('scripts/build-server.mjs')]);

for (const app of ['portal', 'mobile']) {
  const built = mtime(at('apps', app, 'dist', 'index.html'));
  const src = Math.max(
    newest(at('apps', app, 'src')),
    newest(at('apps', app, 'public')),
    packages,
    mtime(at('apps', app, 'index.html')),
    mtime(at('apps', app, 'vite.config.ts')),
  );
  if (built < src) run(`Building the ${app} app...`, 'npm', ['run', 'build', '-w', `@carewatch/${app}`]);
  // A build made without the precompression step (e.g. `npx vite build`): compress it now rather than on every request.
  else if (!fs.existsSync(at('apps', app, 'dist', 'index.html.br')))
    run(`Compressing the ${app} app...`, process.execPath, [at('scripts/precompress.mjs'), at('apps', app, 'dist')]);
}

// Source maps: stack traces in the log name the TypeScript files and lines.
const child = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
