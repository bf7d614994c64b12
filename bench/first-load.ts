// first-load-js: the web apps' first-load JavaScript (gzip -9 of the scripts and modulepreloads their built index.html
// references), against the budgets of issue 18 (portal 250 KB, patient app 200 KB): scripts/first-load-js.mjs, which
// CI also runs with --check. The apps are built first when a build is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { note } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');

export function benchFirstLoad(): void {
  const missing = ['portal', 'mobile'].filter(
    (app) => !fs.existsSync(path.join(root, 'apps', app, 'dist', 'index.html')),
  );
  for (const app of missing) {
    note(`first-load-js: building the ${app} app`);
    const r = spawnSync('npm', ['run', 'build', '-w', `@carewatch/${app}`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${app} build failed`);
  }
  // Its JSON lines go straight to the benchmark output; the files it counted go to stderr.
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/first-load-js.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error('scripts/first-load-js.mjs failed');
}
