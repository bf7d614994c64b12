// lighthouse: Lighthouse's mobile performance score (default mobile form factor and simulated throttling: a mid-range
// phone on a slow 4G network) and first contentful paint of the portal's sign-in page (`/`) and the patient app's
// welcome page (`/app/`), as the bench server serves the built apps (apps/portal/dist, apps/mobile/dist: built first
// when missing or older than their sources). Chromium is the machine's (/usr/bin/chromium, or CHROME_PATH); nothing is
// downloaded. LIGHTHOUSE_RUNS (default 3) runs per page; the median run (by score) is reported;
// LIGHTHOUSE_SAVE=<dir> keeps each run's report; LIGHTHOUSE_ONLY=portal|mobile measures one app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { line, note, type Bench } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const GOAL_SCORE = 90;
/** Lighthouse's own "good" first contentful paint on mobile (the 90th-percentile mark of its scoring curve). */
const GOOD_FCP_MS = 1800;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ALL_PAGES = [
  { bench: 'lighthouse-portal-login', app: 'portal', path: '/' },
  { bench: 'lighthouse-app-welcome', app: 'mobile', path: '/app/' },
] as const;
/** LIGHTHOUSE_ONLY=portal|mobile: one app's page only. */
const PAGES = ALL_PAGES.filter((p) => !process.env.LIGHTHOUSE_ONLY || p.app === process.env.LIGHTHOUSE_ONLY);

function newest(dir: string): number {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Builds an app (vite build + precompression, as `npm run build`) when its build is missing or older than its sources. */
function ensureBuilt(app: 'portal' | 'mobile') {
  const index = path.join(root, 'apps', app, 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, 'apps', app, 'src')),
    newest(path.join(root, 'apps', app, 'public')),
    newest(path.join(root, 'packages')),
    fs.statSync(path.join(root, 'apps', app, 'index.html')).mtimeMs,
  );
  if (built < sources) {
    note(`lighthouse: building the ${app} app`);
    const r = spawnSync('npm', ['run', 'build', '-w', `@carewatch/${app}`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${app} build failed`);
  } else if (!fs.existsSync(`${index}.br`)) {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/precompress.mjs'), path.dirname(index)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`${app} precompression failed`);
  }
  note(`lighthouse: ${app} build of ${new Date(fs.statSync(index).mtimeMs).toISOString()}`);
}

export async function benchLighthouse(b: Pick<Bench, 'base'>): Promise<void> {
  for (const p of PAGES) ensureBuilt(p.app);
  // Loaded here, not at the top: the other benchmarks need none of it.
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    for (const p of PAGES) {
      const results: Array<{ score: number; fcp: number; lcp: number; tbt: number; si: number; bytes: number }> = [];
      for (let i = 0; i < runs; i++) {
        // The default configuration: mobile, simulated throttling; the performance category only.
        const r = await lighthouse(`${b.base}${p.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = r?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no result for ${p.path}`);
        // LIGHTHOUSE_SAVE=<dir>: each run's full report (JSON), to read in Lighthouse's viewer or by hand.
        if (process.env.LIGHTHOUSE_SAVE) {
          fs.mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
          fs.writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${p.bench}-${i + 1}.json`), JSON.stringify(lhr));
        }
        if (lhr.runtimeError)
          throw new Error(`Lighthouse on ${p.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const score = (lhr.categories.performance?.score ?? NaN) * 100;
        results.push({
          score,
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          si: audit('speed-index'),
          bytes: audit('total-byte-weight'),
        });
        const last = results[results.length - 1]!;
        note(
          `lighthouse ${p.path} run ${i + 1}/${runs}: score ${score.toFixed(0)}, FCP ${last.fcp.toFixed(0)} ms, LCP ${last.lcp.toFixed(0)} ms, TBT ${last.tbt.toFixed(0)} ms, SI ${last.si.toFixed(0)} ms, ${(last.bytes / 1024).toFixed(0)} KB transferred`,
        );
        // Where the time goes (Lighthouse's opportunities with an estimated saving), once per page.
        if (i === 0) {
          const opportunities = Object.values(lhr.audits)
            .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) >= 50)
            .map((a) => `${a.id} ${Math.round(a.numericValue ?? 0)} ms`);
          if (opportunities.length > 0) note(`lighthouse ${p.path} opportunities: ${opportunities.join(', ')}`);
          // What the largest paint is, and the longest main-thread tasks (what TBT counts).
          const lcpItems = (
            lhr.audits['largest-contentful-paint-element']?.details as { items?: unknown[] } | undefined
          )?.items;
          note(`lighthouse ${p.path} LCP element: ${JSON.stringify(lcpItems ?? []).slice(0, 600)}`);
          const tasks =
            (
              lhr.audits['long-tasks']?.details as
                { items?: Array<{ url?: string; duration?: number; startTime?: number }> } | undefined
            )?.items ?? [];
          note(
            `lighthouse ${p.path} long tasks: ${tasks.map((t) => `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ms ${t.url ?? ''}`).join(', ')}`,
          );
        }
      }
      const median = [...results].sort((x, y) => x.score - y.score)[Math.floor(results.length / 2)]!;
      line(p.bench, median.score, 'score', 'goal', GOAL_SCORE);
      line(`${p.bench}-fcp`, median.fcp, 'ms', 'lighthouse-good-fcp', GOOD_FCP_MS);
    }
  } finally {
    chrome.kill();
  }
}
