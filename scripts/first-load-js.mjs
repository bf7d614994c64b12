#!/usr/bin/env node
// First-load JavaScript of the two web apps: the gzip -9 size of the scripts and modulepreloads that the built
// index.html references (what a browser fetches before the first screen; chunks loaded on first use are not counted).
// One JSON line per app, as the benchmarks print them. `--check`: exit 1 when an app is above its budget (issue 18).
//   node scripts/first-load-js.mjs [--check]
// KB = 1000 bytes. Only what index.html references is followed, never the chunks those scripts import in turn: a
// chunk the entry imports statically is listed in index.html as a modulepreload by the build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const APPS = [
  { bench: 'first-load-js-portal', dist: 'apps/portal/dist', base: '/', budgetKb: 250 },
  { bench: 'first-load-js-app', dist: 'apps/mobile/dist', base: '/app/', budgetKb: 200 },
];

/** The value of `name` in one tag's attribute text (double, single or no quotes). */
function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Local URLs of `<script src>` and `<link rel="modulepreload" href>` in an HTML page, in order, each once. */
export function firstLoadUrls(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const url = isScript
      ? attr(tag, 'src')
      : (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')
        ? attr(tag, 'href')
        : undefined;
    if (url && !/^(?:[a-z]+:)?\/\//i.test(url) && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** The file behind a URL of the page: the app's base (`/app/` for the patient app) maps to its dist folder. */
function fileOf(app, url) {
  const pathname = decodeURIComponent(url.split(/[?#]/)[0]);
  const rel = pathname.startsWith(app.base) ? pathname.slice(app.base.length) : pathname.replace(/^\//, '');
  const file = path.resolve(root, app.dist, rel);
  if (!file.startsWith(path.resolve(root, app.dist) + path.sep)) throw new Error(`${url} is outside ${app.dist}`);
  return file;
}

export function measure(app) {
  const index = path.join(root, app.dist, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${app.dist}/index.html is missing: build the apps first (npm run build)`);
  const files = firstLoadUrls(fs.readFileSync(index, 'utf8')).map((url) => {
    const file = fileOf(app, url);
    if (!fs.existsSync(file)) throw new Error(`${app.dist}/index.html references ${url}, which is not in the build`);
    return { url, gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
  });
  const bytes = files.reduce((s, f) => s + f.gzip, 0);
  return { files, kb: bytes / 1000 };
}

function main() {
  const check = process.argv.includes('--check');
  let over = 0;
  for (const app of APPS) {
    const { files, kb } = measure(app);
    const value = +kb.toFixed(1);
    console.log(
      JSON.stringify({
        bench: app.bench,
        value,
        unit: 'KB gzip',
        baseline: 'budget',
        baseline_value: app.budgetKb,
        ratio: +(kb / app.budgetKb).toFixed(3),
      }),
    );
    process.stderr.write(`${app.bench}: ${files.map((f) => `${f.url} ${(f.gzip / 1000).toFixed(1)} KB`).join(', ')}\n`);
    if (kb > app.budgetKb) {
      over++;
      process.stderr.write(
        `${app.bench}: ${value} KB gzip is above the ${app.budgetKb} KB budget: load more on first use (React.lazy, a route's lazy, import())\n`,
      );
    }
  }
  if (check && over > 0) process.exitCode = 1;
}

// Run as a script (the benchmark runs it so too); importable for its functions.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`first-load-js: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
