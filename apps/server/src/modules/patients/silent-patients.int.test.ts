import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import {
  PATIENT_STATUS_SEVERITY,
  type TPatientPage,
  type TPatientRow,
  type TPatientStatus,
} from '@carewatch/contracts/patients';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { runDueDeliveries } from '../delivery/delivery.worker.ts';
import { ingestReadings } from '../vitals/ingest.service.ts';
import {
  ensureSilentDigest,
  nextDigestAt,
  runSilentDigestJob,
  sendSilentDigests,
  SILENT_DIGEST_JOB,
  SILENT_DIGEST_TEMPLATE,
} from './silent-digest.service.ts';

// Issue 20: the patient list's status / last-reading sorts (keyset across pages), patients.last_reading_at kept by
// the ingest (forward only), the silent-device flag with the tenant's SILENT_AFTER_HOURS, and the daily digest.
let t: TestApp;
let sysadmin: string;
let app: string;
let demoTenant: string;
let demo2Tenant: string;
let demoPatient: string;
let doctorId: string;

const P = '/api/account/patients';
const HOUR = 3600_000;

const one = async <T>(sql: string, p: unknown[] = []) =>
  (await t.db.query<T & Record<string, unknown>>(sql, p as string[]))[0]!;
const list = async (q: string, token = sysadmin) => {
  const res = await t.get(`${P}?${q}`, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as unknown as TPatientPage;
};
/** Every row of a sort, page by page through nextCursor. */
async function walk(sort: string, size: number): Promise<TPatientRow[]> {
  const rows: TPatientRow[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: TPatientPage = await list(
      `sort=${sort}&size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return rows;
  }
  throw new Error('too many pages');
}
const ingest = async (readings: unknown[]) => {
  const res = await t.call('POST', '/api/ingest/measurements', { token: app, body: { readings } });
  expect(res.status, res.raw).toBe(200);
  return res.body as { accepted: number };
};
const lastReadingOf = async (id: string) =>
  (await one<{ at: Date | null }>('select last_reading_at as at from patients where id = $1', [id])).at;
/** Moves the fake clock (signing in again: an idle session would have expired meanwhile). */
const setClock = async (d: Date) => {
  t.clock.set(d);
  sysadmin = (await t.login('sysadmin')).access;
};
const otherSettings = (extra: Record<string, unknown>) => ({
  language: 'en',
  country: 'VN',
  dialCode: '+84',
  allowWebSosPopup: true,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  sysadmin = (await t.login('sysadmin')).access;
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  app = String(login.body.access_token);
  demoTenant = (await one<{ id: string }>("select id from tenants where code = 'demo'")).id;
  demo2Tenant = (await one<{ id: string }>("select id from tenants where code = 'demo2'")).id;
  demoPatient = (await one<{ id: string }>("select id from patients where patient_code = 'DEMO-P0001'")).id;
  doctorId = (await one<{ id: string }>("select id from users where email = 'doctor@demo.test'")).id;
  // Two patients without any reading (created through the API), so "no reading: last" is exercised.
  for (const n of [1, 2]) {
    const res = await t.post(
      P,
      {
        patientCode: `SIL-${n}`,
        firstName: 'Quiet',
        lastName: n === 1 ? 'Nobody' : 'Noone',
        birthday: '1960-01-01',
        gender: 'male',
        heightCm: null,
        weightKg: null,
        bloodType: null,
        phone: `090555000${n}`,
        email: null,
        address: '1 Hang Bai',
        centerId: null,
        packageExpiry: null,
        contractId: null,
        relatives: [],
      },
      sysadmin,
    );
    expect(res.status, res.raw).toBe(201);
  }
});
afterAll(async () => t?.close());

describe('sorts', () => {
  test('status: most severe first (ties by id), -status the reverse; keyset pages give the same order as one page', async () => {
    const rank = (s: TPatientStatus) => PATIENT_STATUS_SEVERITY[s];
    const all = (await list('sort=status&size=200')).items;
    expect(all.length).toBeGreaterThan(40);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1]!,
        b = all[i]!;
      expect(
        rank(a.status) > rank(b.status) || (rank(a.status) === rank(b.status) && a.id > b.id),
        `${a.status} ${a.id} before ${b.status} ${b.id}`,
      ).toBe(true);
    }
    expect(new Set(all.map((r) => r.status)).size).toBeGreaterThan(2);
    expect((await walk('status', 7)).map((r) => r.id)).toEqual(all.map((r) => r.id));
    const reverse = (await list('sort=-status&size=200')).items;
    expect(reverse.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
    expect((await walk('-status', 9)).map((r) => r.id)).toEqual(reverse.map((r) => r.id));
  });

  test('lastReadingAt: oldest first, -lastReadingAt newest first, patients without readings last in both; keyset too', async () => {
    for (const sort of ['lastReadingAt', '-lastReadingAt']) {
      const all = (await list(`sort=${sort}&size=200`)).items;
      const withTimes = all.filter((r) => r.lastReadingAt !== null);
      const nulls = all.filter((r) => r.lastReadingAt === null);
      expect(nulls.length).toBeGreaterThanOrEqual(2);
      expect(all.slice(withTimes.length).every((r) => r.lastReadingAt === null)).toBe(true);
      const times = withTimes.map((r) => Date.parse(r.lastReadingAt!));
      const sorted = [...times].sort((a, b) => (sort.startsWith('-') ? b - a : a - b));
      expect(times).toEqual(sorted);
      expect((await walk(sort, 6)).map((r) => r.id)).toEqual(all.map((r) => r.id));
      // A page ending on a patient without readings: the cursor carries ±infinity and the next page the other ones.
      expect((await walk(sort, withTimes.length + 1)).map((r) => r.id)).toEqual(all.map((r) => r.id));
    }
  });

  test('seeded last_reading_at is the newest stored reading', async () => {
    const newest = await one<{ at: Date }>('select max(measured_at) as at from measurements where patient_id = $1', [
      demoPatient,
    ]);
    expect((await lastReadingOf(demoPatient))?.toISOString()).toBe(new Date(newest.at).toISOString());
  });

  test('a bad sort and a foreign cursor are 400 naming the field', async () => {
    const bad = await t.get(`${P}?sort=severity`, sysadmin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('sort');
    const page = await list('sort=status&size=3');
    const wrong = await t.get(`${P}?sort=lastReadingAt&cursor=${encodeURIComponent(page.nextCursor!)}`, sysadmin);
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toMatchObject({ field: 'cursor' });
    // A hand-made cursor with a well-shaped but impossible time: a 400, not a database error.
    for (const [sort, key] of [
      ['lastReadingAt', '2026-13-45 99:99:99'],
      ['-createdAt', '2026-02-30 10:00:00'],
    ]) {
      const forged = Buffer.from(JSON.stringify([sort, key, '01a21c56-5a0a-764b-9388-dd5210805f28'])).toString(
        'base64url',
      );
      const res = await t.get(`${P}?sort=${sort}&cursor=${forged}`, sysadmin);
      expect(res.status, `${sort} ${key}`).toBe(400);
      expect(res.body.details).toMatchObject({ field: 'cursor' });
    }
  });

  test('the xlsx export honours the sort', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/export?sort=-status`,
      headers: { authorization: `Bearer ${sysadmin}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const code = rows[0]!.indexOf('Patient ID');
    const listed = (await list('sort=-status&size=200')).items.map((i) => i.patientCode ?? '');
    expect(rows.slice(1).map((r) => r[code])).toEqual(listed);
  });
});

describe('last reading and the silent flag', () => {
  test('the seeded patient whose watch stopped 8 h ago is flagged; those sending are not', async () => {
    const rows = (await list('sort=-lastReadingAt&size=200')).items;
    const quiet = rows.find((r) => r.patientCode === 'DEMO-P0005')!;
    expect(quiet.silent).toBe(true);
    expect(Date.parse(quiet.silentSince!)).toBe(Date.parse(quiet.lastReadingAt!) + 6 * HOUR);
    expect(t.clock.now().getTime() - Date.parse(quiet.lastReadingAt!)).toBeGreaterThanOrEqual(8 * HOUR);
    expect(rows.filter((r) => r.silent).map((r) => r.patientCode)).toEqual(['DEMO-P0005']);
  });

  test('ingest moves last_reading_at forward; a historic Apple Health import does not move it back', async () => {
    t.clock.advance(60_000);
    const now = t.clock.now();
    expect((await ingest([{ metric: 'heart_rate', measuredAt: now.toISOString(), value: 72 }])).accepted).toBe(1);
    expect((await lastReadingOf(demoPatient))?.toISOString()).toBe(now.toISOString());
    const old = new Date(now.getTime() - 3 * 24 * HOUR).toISOString();
    expect(
      (await ingest([{ metric: 'heart_rate', measuredAt: old, value: 70, source: 'apple_health' }])).accepted,
    ).toBe(1);
    expect((await lastReadingOf(demoPatient))?.toISOString()).toBe(now.toISOString());
    const row = (await list('sort=-lastReadingAt&size=1')).items[0]!;
    expect(row).toMatchObject({ id: demoPatient, lastReadingAt: now.toISOString(), silent: false, silentSince: null });
  });

  test('a device batch (the MQTT and device HTTP path) moves it too', async () => {
    const d = await one<{ id: string; patient_id: string; model: string; tenant_id: string }>(
      "select d.id, d.patient_id, d.model, d.tenant_id from devices d where d.patient_id is not null and d.patient_id <> $1 and d.model in ('GT2', 'GT5', 'V19') order by d.id limit 1",
      [demoPatient],
    );
    t.clock.advance(60_000);
    const at = t.clock.now();
    const out = await ingestReadings(
      t.deps,
      { tenantId: d.tenant_id, patientId: d.patient_id, deviceId: d.id, deviceModel: d.model },
      [{ metric: 'heart_rate', measuredAt: at.toISOString(), value: 64 }],
    );
    expect(out.accepted).toBe(1);
    expect((await lastReadingOf(d.patient_id))?.toISOString()).toBe(at.toISOString());
  });

  test('silent after 6 h without readings; a tenant setting of 12 h: not yet; a bad setting is 400', async () => {
    const last = (await lastReadingOf(demoPatient))!;
    const rowOf = async () => (await list('sort=-lastReadingAt&size=200')).items.find((r) => r.id === demoPatient)!;
    await setClock(new Date(last.getTime() + 6 * HOUR - 60_000));
    expect((await rowOf()).silent).toBe(false);
    await setClock(new Date(last.getTime() + 6 * HOUR + 60_000));
    expect(await rowOf()).toMatchObject({
      silent: true,
      silentSince: new Date(last.getTime() + 6 * HOUR).toISOString(),
    });
    // Patients who never sent anything and have no paired device are never silent.
    const never = (await list('sort=lastReadingAt&size=200')).items.filter((r) => r.lastReadingAt === null);
    expect(never.every((r) => !r.silent)).toBe(true);

    const put = await t.put(
      `/api/account/tenant/${demoTenant}/settings/other`,
      otherSettings({ silentAfterHours: 12 }),
      sysadmin,
    );
    expect(put.status, put.raw).toBe(200);
    expect((put.body.settings as Record<string, string>).SILENT_AFTER_HOURS).toBe('12');
    expect(await rowOf()).toMatchObject({ silent: false, silentSince: null });
    await setClock(new Date(last.getTime() + 12 * HOUR + 60_000));
    expect((await rowOf()).silent).toBe(true);

    for (const bad of [0, 169, 2.5, '6']) {
      const res = await t.put(
        `/api/account/tenant/${demoTenant}/settings/other`,
        otherSettings({ silentAfterHours: bad }),
        sysadmin,
      );
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.details).toMatchObject({ field: 'silentAfterHours' });
    }
    // Back to the default for the digest below.
    expect(
      (
        await t.put(
          `/api/account/tenant/${demoTenant}/settings/other`,
          otherSettings({ silentAfterHours: 6 }),
          sysadmin,
        )
      ).status,
    ).toBe(200);
  });
});

describe('daily digest', () => {
  test('once a day per doctor, listing their silent patients of their own tenant, in their language', async () => {
    await t.db.query("update users set language = 'vi' where id = $1", [doctorId]);
    await ensureSilentDigest(t.deps);
    const job = await one<{ run_at: Date }>("select run_at from jobs where kind = $1 and status = 'pending'", [
      SILENT_DIGEST_JOB,
    ]);
    expect(new Date(job.run_at).toISOString()).toBe(nextDigestAt(t.clock.now()).toISOString());
    t.clock.set(new Date(job.run_at));
    await t.runJobs();

    const digests = async () =>
      t.db.query<{
        tenant_id: string;
        recipient_user_id: string;
        channel: string;
        payload: { patients: Array<{ id: string }>; total: number };
      }>(
        'select tenant_id, recipient_user_id, channel, payload from deliveries where template = $1 order by created_at, id',
        [SILENT_DIGEST_TEMPLATE],
      );
    const first = await digests();
    const mine = first.filter((d) => d.recipient_user_id === doctorId);
    expect(mine.map((d) => d.channel).sort()).toEqual(['email', 'in_app']);
    // Exactly the doctor's followed patients that are silent now (every one with readings: all went quiet 6 h ago).
    const expected = await t.db.query<{ id: string }>(
      `select p.id from patients p join patient_doctors pd on pd.tenant_id = p.tenant_id and pd.patient_id = p.id
        where pd.doctor_id = $1 and p.last_reading_at < $2 order by p.id`,
      [doctorId, new Date(t.clock.now().getTime() - 6 * HOUR)],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(mine[0]!.payload.patients.map((p) => p.id).sort()).toEqual(expected.map((r) => r.id));
    // Never another tenant's patients: each digest lists patients of its own tenant only.
    for (const d of first) {
      const ids = d.payload.patients.map((p) => p.id);
      const foreign = await t.db.query('select 1 from patients where id = any($1::uuid[]) and tenant_id <> $2', [
        ids,
        d.tenant_id,
      ]);
      expect(foreign).toHaveLength(0);
    }
    expect(first.some((d) => d.tenant_id === demo2Tenant)).toBe(true);

    // A second run the same day (another process, a retry) adds nothing; the next day's run sends again.
    expect(await sendSilentDigests(t.deps)).toEqual([]);
    expect(await digests()).toHaveLength(first.length);
    // The same run repeated (a crash after its next run was scheduled) starts no second daily chain.
    await runSilentDigestJob(t.deps, job);
    expect(
      await t.db.query("select 1 from jobs where kind = $1 and status = 'pending'", [SILENT_DIGEST_JOB]),
    ).toHaveLength(1);
    expect(await digests()).toHaveLength(first.length);
    const next = await one<{ run_at: Date }>("select run_at from jobs where kind = $1 and status = 'pending'", [
      SILENT_DIGEST_JOB,
    ]);
    expect(new Date(next.run_at).getTime() - new Date(job.run_at).getTime()).toBe(24 * HOUR);

    // Delivered through the notification path: an in-app notification and an e-mail, in Vietnamese for this doctor.
    await runDueDeliveries(t.deps);
    const n = await one<{ title: string; body: string }>(
      "select title, body from notifications where user_id = $1 and type = 'system' order by created_at desc limit 1",
      [doctorId],
    );
    expect(n.title).toMatch(/^Thiết bị im lặng: \d+ bệnh nhân$/);
    expect(n.body).toContain('không gửi dữ liệu trong hơn 6 giờ');
    const mail = await one<{ subject: string }>(
      "select subject from messages where channel = 'email' and recipient = 'doctor@demo.test' order by created_at desc limit 1",
    );
    expect(mail.subject).toBe(n.title);

    t.clock.set(new Date(new Date(next.run_at).getTime()));
    await t.runJobs();
    expect((await digests()).filter((d) => d.recipient_user_id === doctorId)).toHaveLength(4);
  });
});
