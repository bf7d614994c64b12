// patient-list: p95 of a filtered, sorted page through the API at 100k patients vs the same SQL run directly;
// patient-list-page1000: page 1,000 (keyset cursor when the API gives one) vs page 1.
import type { SqlValue } from '../apps/server/src/platform/db.ts';
import { api, line, login, note, pct, type Bench } from './lib.ts';

const PATIENTS = 100_000;
const N = 150;
const QUERY = 'status=normal&sort=-createdAt&size=20';

type Page = { items: Array<{ id: string }>; total: number; nextCursor: string | null };

export async function insertBenchPatients(b: Bench) {
  const centers = await b.db.query<{ id: string }>('select id from health_centers where tenant_id = $1 order by name', [
    b.tenantId,
  ]);
  const t0 = performance.now();
  // ids: version-7-shaped uuids from md5 (generated in SQL only for the benchmark's bulk data).
  await b.db.query(
    `insert into patients (id, tenant_id, center_id, patient_code, first_name, last_name, birthday, gender, phone, email, address, status,
       height_cm, weight_kg, search_text, created_at, updated_at)
     select (substr(h, 1, 12) || '7' || substr(h, 14, 3) || '8' || substr(h, 18))::uuid, $1, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)], 'BP' || lpad(g::text, 7, '0'),
            (array['Minh','Lan','Huy','Mai','Tuấn','Hà','Sơn','Thảo'])[1 + g % 8], (array['Nguyễn','Trần','Lê','Phạm','Hoàng','Vũ','Đặng'])[1 + g % 7],
            date '1940-01-01' + (g % 25000), case when g % 2 = 0 then 'male' else 'female' end, '07' || lpad(g::text, 8, '0'),
            case when g % 3 = 0 then 'bench' || g || '@example.vn' end, g || ' Kim Mã, Hà Nội',
            (array['normal','normal','normal','normal','normal','at_risk','high_risk','unassigned','assigned','normal'])[1 + g % 10],
            150 + g % 30, 45 + g % 40, lower('bp' || lpad(g::text, 7, '0') || ' 07' || lpad(g::text, 8, '0')),
            now() - make_interval(secs => g * 600), now()
       from generate_series(1, $3::int) g, lateral (select md5('bench-patient-' || g) as h) x`,
    [b.tenantId, centers.map((c) => c.id), PATIENTS],
  );
  await b.db.query('analyze patients');
  note(`patient-list: inserted ${PATIENTS} patients in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

export async function benchPatientList(b: Bench) {
  const token = await login(b.base, 'sysadmin@demo.test');
  const get = (qs: string) => api<Page>(b.base, 'GET', `/api/account/patients?${qs}`, { token });
  const first = await get(`${QUERY}&page=0`);
  if (first.status !== 200)
    throw new Error(`patient list: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
  if (first.body.total < 50_000) note(`patient-list: total ${first.body.total} (expected ~60k normal patients)`);
  for (let i = 0; i < 20; i++) await get(`${QUERY}&page=0`);

  // The statements the server runs for the page (the list and count queries, not authentication).
  b.rec.recording = [];
  await get(`${QUERY}&page=0`);
  const statements = b.rec.recording.filter((s) => /\bpatients\b/i.test(s.text) && !/\bsessions?\b/i.test(s.text));
  b.rec.recording = null;
  if (statements.length === 0) throw new Error('patient-list: no patients statement recorded');

  // Interleaved, so load from other processes on the machine hits both sides alike.
  const httpTimes: number[] = [];
  const sqlTimes: number[] = [];
  for (let i = 0; i < N; i++) {
    httpTimes.push((await get(`${QUERY}&page=0`)).ms);
    const s = performance.now();
    for (const st of statements) await b.db.query(st.text, st.params as SqlValue[]);
    sqlTimes.push(performance.now() - s);
  }
  note(`patient-list: ${statements.length} statement(s) per page, replayed sequentially:`);
  for (const st of statements) {
    const ts: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      await b.db.query(st.text, st.params as SqlValue[]);
      ts.push(performance.now() - s);
    }
    note(`  ${pct(ts, 0.5).toFixed(1)} ms  ${st.text.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  line('patient-list', pct(httpTimes, 0.95), 'ms', 'same-sql-p95', pct(sqlTimes, 0.95));

  // Page 1,000: follow the keyset cursor 999 pages when the API gives one, else ask page=1000 (offset).
  let page1000 = `${QUERY}&page=999`; // pages are 0-based
  if (first.body.nextCursor) {
    // The cursor is the last row's sort key, so walk 99 pages of 200 then 9 of 20: 19,980 rows, the start of page 1,000.
    const wide = QUERY.replace('size=20', 'size=200');
    let cursor: string | null = (await get(`${wide}&page=0`)).body.nextCursor;
    for (let p = 1; p < 99 && cursor; p++)
      cursor = (await get(`${wide}&cursor=${encodeURIComponent(cursor)}`)).body.nextCursor;
    for (let p = 0; p < 9 && cursor; p++)
      cursor = (await get(`${QUERY}&cursor=${encodeURIComponent(cursor)}`)).body.nextCursor;
    if (cursor) {
      page1000 = `${QUERY}&cursor=${encodeURIComponent(cursor)}`;
      const viaOffset = await get(`${QUERY}&page=999`);
      const viaCursor = await get(page1000);
      if (viaOffset.body.items[0]?.id !== viaCursor.body.items[0]?.id)
        note('patient-list: cursor page differs from page=999');
    } else note('patient-list: cursor ended before page 1,000; using page=999 (offset)');
  }
  const check = await get(page1000);
  if (check.status !== 200 || check.body.items.length === 0)
    throw new Error(`patient-list page 1000: ${check.status} ${check.body.items?.length ?? 0} items`);
  const p1: number[] = [];
  const p1000: number[] = [];
  for (let i = 0; i < N; i++) {
    p1.push((await get(`${QUERY}&page=0`)).ms);
    p1000.push((await get(page1000)).ms);
  }
  note(`patient-list: page 1,000 via ${page1000.includes('cursor=') ? 'keyset cursor' : 'offset'}`);
  line('patient-list-page1000', pct(p1000, 0.95), 'ms', 'page1-p95', pct(p1, 0.95));
}
