// reminders: 100k patients (with app accounts) × 3 scheduled doses a day (08:00, 13:00, 20:00 in Asia/Ho_Chi_Minh).
// 1. Materialising: the planner (medication.jobs.ts planDoses) plans the 48-hour horizon of every medicine — rows/s of
//    planned doses, against a plain multi-row INSERT of the same number of rows.
// 2. Due → notification row: one simulated day with a fake clock, run the way the sweeper job runs: a sweep every
//    SWEEP_SECONDS (phase chosen so that every dose waits 14 s of the 15 for its sweep — near the worst case), the
//    next sweep at once when a sweep's time budget ran out. A dose's latency = (simulated time its sweep started
//    − due) + the real time until its batch of outbox rows (in-app + push) committed. p99 over all doses of the day.
import { newId } from '../apps/server/src/platform/ids.ts';
import {
  planDoses,
  sendDueNotifications,
  SWEEP_SECONDS,
} from '../apps/server/src/modules/prescriptions/medication.jobs.ts';
import { line, note, pct, type Bench } from './lib.ts';

const PATIENTS = Number(process.env.BENCH_REMINDER_PATIENTS ?? 100_000);
const TIMES = ['08:00', '13:00', '20:00'];
/** The simulated day: 2026-12-01 in Asia/Ho_Chi_Minh (UTC+7, no DST). */
const DAY_START = Date.parse('2026-12-01T00:00:00+07:00');
const SWEEP_MS = SWEEP_SECONDS * 1000;
/** Sweeps run at 00:00:14 + k × 15 s: a dose due on the minute waits 14 s for its sweep. */
const PHASE_MS = SWEEP_MS - 1000;

async function insertPopulation(b: Bench): Promise<void> {
  const t0 = performance.now();
  const [doctor] = await b.db.query<{ id: string }>(
    "select id from users where tenant_id = $1 and email = 'doctor@demo.test'",
    [b.tenantId],
  );
  const [center] = await b.db.query<{ id: string }>(
    'select id from health_centers where tenant_id = $1 order by name limit 1',
    [b.tenantId],
  );
  // ids: version-7-shaped uuids from md5 (generated in SQL only for the benchmark's bulk data).
  const uuid = (seed: string) =>
    `(substr(md5(${seed}), 1, 12) || '7' || substr(md5(${seed}), 14, 3) || '8' || substr(md5(${seed}), 18))::uuid`;
  await b.db.query(
    `insert into users (id, tenant_id, email, first_name, last_name, timezone, language)
    select ${uuid("'rb-user-' || g")}, $1, 'rb' || g || '@bench.test', 'Bench', 'Patient ' || g, 'Asia/Ho_Chi_Minh', 'vi' from generate_series(1, $2::int) g`,
    [b.tenantId, PATIENTS],
  );
  await b.db.query(
    `insert into patients (id, tenant_id, user_id, center_id, patient_code, first_name, last_name, status, created_at, updated_at)
    select ${uuid("'rb-patient-' || g")}, $1, ${uuid("'rb-user-' || g")}, $3, 'RB' || lpad(g::text, 7, '0'), 'Bench', 'Patient ' || g, 'normal', now(), now()
      from generate_series(1, $2::int) g`,
    [b.tenantId, PATIENTS, center!.id],
  );
  await b.db.query(
    `insert into prescriptions (id, tenant_id, patient_id, doctor_id, name, rx_number, start_date, end_date, status, origin, created_at, created_by)
    select ${uuid("'rb-rx-' || g")}, $1, ${uuid("'rb-patient-' || g")}, $3, 'Bench', 'RB-' || g, date '2026-11-25', date '2027-01-31', 'ACTIVE', 'NEW', now(), $3
      from generate_series(1, $2::int) g`,
    [b.tenantId, PATIENTS, doctor!.id],
  );
  const reminder = JSON.stringify({
    name: 'Bench',
    rule: { kind: 'daily' },
    times: TIMES.map((time, i) => ({ time, label: `T${i}` })),
    startDate: null,
    endDate: null,
    preAlarmMinutes: 0,
    snoozeMinutes: 10,
    sound: 'DEFAULT',
  });
  await b.db.query(
    `insert into prescription_medicines (id, tenant_id, prescription_id, patient_id, position, name, med_key, dose, dose_unit, route, form, when_taken, schedule_type, reminder)
    select ${uuid("'rb-med-' || g")}, $1, ${uuid("'rb-rx-' || g")}, ${uuid("'rb-patient-' || g")}, 0, 'Benchmed', 'benchmed', 1, 'TABLET', 'ORAL', 'TABLET', 'AFTER_MEAL', 'ON_SCHEDULE', $3::jsonb
      from generate_series(1, $2::int) g`,
    [b.tenantId, PATIENTS, reminder],
  );
  for (const t of ['users', 'patients', 'prescriptions', 'prescription_medicines']) await b.db.query(`analyze ${t}`);
  note(
    `reminders: ${PATIENTS} patients, accounts, prescriptions and medicines in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** The cost of one plain multi-row INSERT of n intake-shaped rows (the baseline of the planner's rows/s). */
async function plainInsertRate(b: Bench, n: number): Promise<number> {
  await b.db.query(
    'create temporary table rb_plain (id uuid, tenant_id uuid, patient_id uuid, prescription_id uuid, medicine_id uuid, med_key text, due_at timestamptz, time_label text, notify_at timestamptz, prealarm_at timestamptz)',
  );
  const t0 = performance.now();
  for (let done = 0; done < n; done += 500) {
    const params: unknown[] = [];
    const values: string[] = [];
    for (let i = 0; i < Math.min(500, n - done); i++) {
      const k = params.length;
      const due = new Date(DAY_START + i * 1000);
      params.push(newId(), b.tenantId, newId(), newId(), newId(), 'x', due, 'T0', due, null);
      values.push(`(${Array.from({ length: 10 }, (_, j) => `$${k + j + 1}`).join(', ')})`);
    }
    await b.db.query(`insert into rb_plain values ${values.join(', ')}`, params as never[]);
  }
  const rate = n / ((performance.now() - t0) / 1000);
  await b.db.query('drop table rb_plain');
  return rate;
}

export async function benchReminders(b: Bench): Promise<void> {
  await insertPopulation(b);

  // 1. Materialise the horizon (48 h ahead of 00:00 of the simulated day: this day and the next).
  const planAt = new Date(DAY_START);
  let doses = 0;
  let t0 = performance.now();
  for (;;) {
    const r = await b.db.tx((tx) => planDoses(tx, planAt));
    doses += r.doses;
    if (r.medicines === 0) break;
  }
  const planSeconds = (performance.now() - t0) / 1000;
  await b.db.query('analyze medication_intakes');
  note(`reminders: planned ${doses} doses (48 h) in ${planSeconds.toFixed(1)} s`);
  const plain = await plainInsertRate(b, Math.min(doses, 100_000));
  line('reminders-materialise', doses / planSeconds, 'rows/s', 'plain-multirow-insert', plain);

  // 2. One simulated day of sweeps (the demo seed's own doses, planned at the real date, are left out).
  await b.db.query("update medication_intakes set notify_at = null, prealarm_at = null where med_key <> 'benchmed'");
  const latencies: number[] = [];
  let sim = DAY_START + PHASE_MS;
  const end = DAY_START + 24 * 3600_000;
  let sweeps = 0;
  let busyMs = 0;
  t0 = performance.now();
  while (sim < end) {
    const started = performance.now();
    const tickSim = sim;
    const r = await sendDueNotifications(b.db, new Date(tickSim), Date.now() + 10_000, (rows) => {
      const realMs = performance.now() - started;
      for (const row of rows) latencies.push(tickSim - row.due_at.getTime() + realMs);
    });
    const elapsed = performance.now() - started;
    busyMs += elapsed;
    sweeps++;
    // The next sweep: at once when this one ran out of time, otherwise one period later (the elapsed time counts).
    sim += r.more ? Math.ceil(elapsed) : Math.max(SWEEP_MS, Math.ceil(elapsed));
  }
  const dayReal = (performance.now() - t0) / 1000;
  const [{ n: rows } = { n: 0 }] = await b.db.query<{ n: number }>(
    "select count(*)::int as n from deliveries where template = 'medication.dose'",
  );
  note(
    `reminders: simulated day: ${sweeps} sweeps, ${latencies.length} doses notified, ${rows} outbox rows (in-app + push), busy ${(busyMs / 1000).toFixed(1)} s of ${dayReal.toFixed(1)} s real; p50 ${(pct(latencies, 0.5) / 1000).toFixed(1)} s, max ${(latencies.reduce((a, x) => Math.max(a, x), 0) / 1000).toFixed(1)} s`,
  );
  if (latencies.length !== PATIENTS * TIMES.length)
    throw new Error(`expected ${PATIENTS * TIMES.length} doses notified, got ${latencies.length}`);
  line('reminders-due-to-notification-p99', pct(latencies, 0.99) / 1000, 's', 'goal', 60);
}
