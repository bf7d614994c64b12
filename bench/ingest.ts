// ingest: readings/s through the real HTTP ingest path (concurrent clients, batches of 2,000, patient token)
// vs a raw COPY ... FROM STDIN of the same rows into the same table.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { api, line, login, note, type Bench } from './lib.ts';

const TOTAL = 200_000;
const BATCH = 2_000;
const CLIENTS = 4;

export async function benchIngest(b: Bench) {
  const token = await login(b.base, 'patient@demo.test');
  const [pat] = await b.db.query<{ id: string }>(
    `select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'`,
  );
  // Per-second readings over the last ~2.3 days, alternating heart rate and SpO2 (all distinct, none in the future).
  const start = Math.floor(Date.now() / 1000) * 1000 - (TOTAL + 600) * 1000;
  const reading = (i: number) =>
    i % 2 === 0
      ? { metric: 'heart_rate', measuredAt: new Date(start + i * 1000).toISOString(), value: 60 + (i % 40) }
      : { metric: 'spo2', measuredAt: new Date(start + i * 1000).toISOString(), value: 94 + (i % 6) };
  const bodies: string[] = [];
  for (let i = 0; i < TOTAL; i += BATCH) {
    const readings = [];
    for (let j = i; j < Math.min(TOTAL, i + BATCH); j++) readings.push(reading(j));
    bodies.push(JSON.stringify({ readings }));
  }
  // Warm-up: one small batch of older readings (not counted).
  const warm = await api<{ accepted: number }>(b.base, 'POST', '/api/ingest/measurements', {
    token,
    body: { readings: [{ metric: 'heart_rate', measuredAt: new Date(start - 3_600_000).toISOString(), value: 70 }] },
  });
  if (warm.status !== 200) throw new Error(`ingest warm-up: ${warm.status} ${JSON.stringify(warm.body)}`);

  let next = 0;
  let accepted = 0;
  let duplicates = 0;
  let rejected = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const i = next++;
        if (i >= bodies.length) return;
        const res = await api<{ accepted: number; duplicates: number; rejected: unknown[] }>(
          b.base,
          'POST',
          '/api/ingest/measurements',
          { token, body: bodies[i] },
        );
        if (res.status !== 200)
          throw new Error(`ingest batch ${i}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        accepted += res.body.accepted;
        duplicates += res.body.duplicates;
        rejected += res.body.rejected.length;
      }
    }),
  );
  const httpSec = (performance.now() - t0) / 1000;
  if (accepted !== TOTAL)
    note(`ingest: accepted ${accepted} of ${TOTAL} (duplicates ${duplicates}, rejected ${rejected})`);

  // Baseline: the same rows (another patient id, so the keys are new) with COPY into measurements.
  const other = crypto.randomUUID();
  const recv = new Date().toISOString();
  const csv: string[] = [];
  for (let i = 0; i < TOTAL; i++) {
    const r = reading(i);
    csv.push(`${b.tenantId},${other},${r.metric},${r.measuredAt},app,${r.value},,,,${recv}\n`);
  }
  const client = new pg.Client({ connectionString: b.dbUrl });
  await client.connect();
  const t1 = performance.now();
  await pipeline(
    Readable.from(chunks(csv, 5000)),
    client.query(
      copyFrom(
        'copy measurements (tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at) from stdin with (format csv)',
      ),
    ),
  );
  const copySec = (performance.now() - t1) / 1000;
  await client.end();
  note(
    `ingest: HTTP ${TOTAL} readings in ${httpSec.toFixed(2)} s (${CLIENTS} clients × batches of ${BATCH}, patient ${pat?.id}); COPY in ${copySec.toFixed(2)} s`,
  );
  line('ingest', accepted / httpSec, 'readings/s', 'copy', TOTAL / copySec);
}

function* chunks(lines: string[], n: number) {
  for (let i = 0; i < lines.length; i += n) yield lines.slice(i, i + n).join('');
}
