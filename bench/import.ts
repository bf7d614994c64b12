// import: rows/s of a 200k-row .xlsx patient import (HTTP upload + background job, in a separate server process whose
// RSS is sampled) vs COPY of the same rows as CSV into patients; import-rss: the server's peak RSS in MB vs the 300 MB goal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { IMPORT_HEADER } from '@carewatch/contracts/patients';
import { newId } from '../apps/server/src/platform/ids.ts';
import { api, buildServer, line, login, note, type Bench } from './lib.ts';

const ROWS = 200_000;
const RSS_GOAL_MB = 300;
const root = path.resolve(import.meta.dirname, '..');

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const GIVEN = ['Văn Minh', 'Thị Lan', 'Quang Huy', 'Thị Mai', 'Minh Tuấn', 'Thu Hà', 'Thanh Sơn', 'Thị Thảo'];
const row = (i: number) => {
  const code = `IMP${String(i).padStart(7, '0')}`;
  return [
    code,
    GIVEN[i % GIVEN.length]!,
    FAMILY[i % FAMILY.length]!,
    `${1940 + (i % 60)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    i % 2 === 0 ? 'male' : 'female',
    String(150 + (i % 35)),
    String(45 + (i % 40)),
    'O+',
    `03${String(i).padStart(8, '0')}`,
    i % 4 === 0 ? `imp${i}@example.vn` : '',
    `${i % 300} Lạch Tray, Hải Phòng`,
    '',
    '',
  ];
};

async function writeXlsx(file: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('Patients');
  ws.addRow([...IMPORT_HEADER]).commit();
  for (let i = 1; i <= ROWS; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
const rssMb = (pid: number): { rss: number; hwm: number } => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

export async function benchImport(b: Bench) {
  const file = path.join(b.tmp, 'bench-import.xlsx');
  let t0 = performance.now();
  await writeXlsx(file);
  note(
    `import: wrote ${ROWS} rows (${(fs.statSync(file).size / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // A separate server process on the same database, so its memory is the import's (plus the server's own).
  const port = await freePort();
  const dataDir = path.join(b.tmp, 'import-server');
  // The second process on the database needs the master key of the first (its DATA_DIR key file).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: b.dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    MQTT_PORT: String(await freePort()),
    SECRETS_KEY_FILE: path.join(b.tmp, 'secrets.key'),
  };
  delete env.SECRETS_KEY;
  delete env.MQTT_URL;
  // Spawned like `npm start` runs it; BENCH_IMPORT_NODE_ARGS adds node flags for profiling (e.g. `--cpu-prof`).
  const extra = (process.env.BENCH_IMPORT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  buildServer();
  const child = spawn(process.execPath, [...extra, '--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`import server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 240) throw new Error('import server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const token = await login(base, 'operator@demo.test');
    const before = rssMb(child.pid!);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(child.pid!).rss);
      } catch {
        /* exited */
      }
    }, 50);
    t0 = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), 'bench-import.xlsx');
    const res = await fetch(`${base}/api/account/patients/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const started = (await res.json()) as { id?: string; code?: string };
    if (res.status !== 201 || !started.id) {
      clearInterval(sampler);
      throw new Error(`import upload: ${res.status} ${JSON.stringify(started)}`);
    }
    let status = '';
    let imported = 0;
    let errorRows = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const cur = await api<{ status: string; importedRows: number; errorRows: number; failure: string | null }>(
        base,
        'GET',
        `/api/account/patients/import/${started.id}`,
        { token },
      );
      status = cur.body.status;
      imported = cur.body.importedRows;
      errorRows = cur.body.errorRows;
      if (status === 'done' || status === 'failed') {
        if (status === 'failed') note(`import failed: ${cur.body.failure}`);
        break;
      }
      if (performance.now() - t0 > 300_000) throw new Error('import: over 5 minutes');
    }
    const importSec = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const after = rssMb(child.pid!);
    peak = Math.max(peak, after.rss);
    note(
      `import: ${status}, ${imported} imported, ${errorRows} bad rows in ${importSec.toFixed(1)} s; server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (VmHWM ${after.hwm.toFixed(0)} MB)`,
    );

    // Baseline: the same rows as CSV, COPY into patients (tenant demo2, so the unique keys are free).
    const [t2] = await b.db.query<{ id: string }>(`select id from tenants where code = 'demo2'`);
    const csvField = (s: string) => (s === '' ? '' : /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    const lines: string[] = [];
    for (let i = 1; i <= ROWS; i++) {
      const r = row(i);
      const search = `${r[1]} ${r[2]} ${r[0]} ${r[8]} ${r[9]}`.toLowerCase();
      lines.push(
        [newId(), t2!.id, 'unassigned', r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], search]
          .map((v) => csvField(v!))
          .join(',') + '\n',
      );
    }
    const client = new pg.Client({ connectionString: b.dbUrl });
    await client.connect();
    const t1 = performance.now();
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < lines.length; i += 5000) yield lines.slice(i, i + 5000).join('');
        })(),
      ),
      client.query(
        copyFrom(
          'copy patients (id, tenant_id, status, patient_code, first_name, last_name, birthday, gender, height_cm, weight_kg, blood_type, phone, email, address, search_text) from stdin with (format csv)',
        ),
      ),
    );
    const copySec = (performance.now() - t1) / 1000;
    await client.end();
    note(`import: COPY of the same ${ROWS} rows in ${copySec.toFixed(2)} s`);
    line('import', imported / importSec, 'rows/s', 'copy-csv', ROWS / copySec);
    line('import-rss', peak, 'MB', 'goal', RSS_GOAL_MB);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}
