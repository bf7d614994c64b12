// chart-year: a year of per-minute heart rate (525,600 rows, one patient) downsampled to ≤ 1,500 points through the
// API vs streaming the raw rows of that year to the client.
import { newId } from '../apps/server/src/platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from '../apps/server/src/modules/vitals/measurements.repo.ts';
import { api, line, login, median, note, type Bench } from './lib.ts';

const MINUTES = 525_600;
const RUNS = 5;

export async function benchChartYear(b: Bench) {
  // A patient of center Ba Dinh (visible to the demo doctor), followed by the doctor.
  const [center] = await b.db.query<{ id: string }>(
    `select id from health_centers where tenant_id = $1 and name = 'Ba Dinh Health Center'`,
    [b.tenantId],
  );
  const [doctor] = await b.db.query<{ id: string }>(
    `select id from users where tenant_id = $1 and email = 'doctor@demo.test'`,
    [b.tenantId],
  );
  const patientId = newId();
  await b.db.query(
    `insert into patients (id, tenant_id, center_id, patient_code, first_name, last_name, status, search_text) values ($1, $2, $3, 'BENCH-YEAR', 'Năm', 'Trần', 'normal', 'bench-year')`,
    [patientId, b.tenantId, center!.id],
  );
  await b.db.query('insert into patient_doctors (tenant_id, patient_id, doctor_id) values ($1, $2, $3)', [
    b.tenantId,
    patientId,
    doctor!.id,
  ]);
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const from = end - MINUTES * 60_000;
  const t0 = performance.now();
  const now = new Date();
  for (let i = 0; i < MINUTES; i += 5000) {
    const rows: MeasurementRow[] = [];
    for (let j = i; j < Math.min(MINUTES, i + 5000); j++) {
      const t = from + (j + 1) * 60_000;
      const h = (t / 3_600_000 + 7) % 24;
      rows.push({
        patientId,
        metric: 'heart_rate',
        measuredAt: new Date(t),
        source: 'watch',
        value: Math.round(62 + (h > 7 && h < 22 ? 14 : 0) + 6 * Math.sin(j / 37)),
        value2: null,
        data: null,
        deviceId: null,
      });
    }
    await insertMeasurements(b.db, b.tenantId, rows, now);
  }
  await b.db.query('analyze measurements');
  note(`chart-year: inserted ${MINUTES} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const token = await login(b.base, 'doctor@demo.test');
  const qs = `metric=heart_rate&from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(new Date(end + 60_000).toISOString())}&points=1500`;
  const url = `/api/account/patients/${patientId}/vitals?${qs}`;
  const first = await api<{ points: Array<{ n: number }> }>(b.base, 'GET', url, { token });
  if (first.status !== 200) throw new Error(`chart-year: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  const n = first.body.points.reduce((a, p) => a + p.n, 0);
  if (first.body.points.length > 1500 || n !== MINUTES)
    note(`chart-year: ${first.body.points.length} points covering ${n} readings (expected ≤ 1500 covering ${MINUTES})`);
  const apiTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) apiTimes.push((await api(b.base, 'GET', url, { token })).ms);
  const rawTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const rows = await b.db.query(
      `select measured_at, value from measurements where tenant_id = $1 and patient_id = $2 and metric = 'heart_rate' and measured_at >= $3 and measured_at < $4 order by measured_at`,
      [b.tenantId, patientId, new Date(from), new Date(end + 60_000)],
    );
    if (rows.length !== MINUTES) note(`chart-year: raw rows ${rows.length}`);
    rawTimes.push(performance.now() - s);
  }
  note(`chart-year: API ${first.body.points.length} points`);
  line('chart-year', median(apiTimes), 'ms', 'raw-rows', median(rawTimes));
}
