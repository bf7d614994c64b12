// `npm run build` (server part): compiles the server to JavaScript in apps/server/dist with esbuild, so production runs
// plain `node apps/server/dist/main.js` instead of TypeScript through the dev loader (tsx).
// The workspace packages (@carewatch/*: TypeScript sources, no build of their own) are bundled in; every npm dependency
// stays external and loads from node_modules at run time (native addons, PGlite's wasm and data files, exceljs in the
// import worker all find their own files there).
// Usage: node scripts/build-server.mjs [outdir]   (default apps/server/dist)
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');

/** Every npm package named in a dependency list of the root, apps/* or packages/* package.json (not @carewatch/*). */
export function externalPackages() {
  const manifests = [path.join(root, 'package.json')];
  for (const group of ['apps', 'packages']) {
    for (const d of fs.readdirSync(path.join(root, group))) {
      const m = path.join(root, group, d, 'package.json');
      if (fs.existsSync(m)) manifests.push(m);
    }
  }
  const names = new Set();
  for (const m of manifests) {
    const pkg = JSON.parse(fs.readFileSync(m, 'utf8'));
    for (const list of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(pkg[list] ?? {})) if (!name.startsWith('@carewatch/')) names.add(name);
    }
  }
  return [...names].sort();
}

/** Fails the build on a bare import that is neither a workspace package, a declared dependency nor a Node built-in:
 * esbuild would otherwise quietly bundle a hoisted transitive package. */
const undeclared = (external) => ({
  name: 'undeclared-dependency',
  setup(build) {
    const declared = new Set(external);
    const builtins = new Set(builtinModules);
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const spec = args.path;
      if (spec.startsWith('node:') || builtins.has(spec.split('/')[0])) return undefined;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (name.startsWith('@carewatch/') || declared.has(name)) return undefined;
      return {
        errors: [{ text: `"${spec}" (imported by ${path.relative(root, args.importer)}) is not in any package.json` }],
      };
    });
  },
});

export async function buildServer(outdir = path.join(serverDir, 'dist'), { quiet = false } = {}) {
  const external = externalPackages();
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      'secrets-rotate': path.join(serverDir, 'src/secrets-rotate.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Stack traces name the TypeScript sources when Node reads the maps (`node --enable-source-maps`, as npm start does).
    sourcemap: true,
    banner: { js: '// CareWatch server, built by scripts/build-server.mjs from apps/server/src: do not edit.' },
    // platform/server-dir.ts: the way back from the bundle's directory to apps/server (migrations), for any outdir.
    define: { __CAREWATCH_SERVER_DIR_FROM_BUNDLE__: JSON.stringify(path.relative(outdir, serverDir) || '.') },
    external: [...external, ...external.map((n) => `${n}/*`)],
    plugins: [undeclared(external)],
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
  });
  // The patient import's spreadsheet reader runs in a worker thread loaded by URL beside the module
  // (patients-import.service.ts: new URL('./patients-import.reader.mjs', import.meta.url)); plain JavaScript, copied.
  fs.copyFileSync(
    path.join(serverDir, 'src/modules/patients/patients-import.reader.mjs'),
    path.join(outdir, 'patients-import.reader.mjs'),
  );
  // Marks the output as ES modules whatever package.json sits above it.
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n');
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const t0 = performance.now();
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const r = await buildServer(outdir);
  const bytes = Object.entries(r.metafile.outputs)
    .filter(([f]) => f.endsWith('.js'))
    .reduce((s, [, o]) => s + o.bytes, 0);
  console.log(
    `Server built into ${path.relative(root, outdir ?? path.join(serverDir, 'dist'))} (${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
