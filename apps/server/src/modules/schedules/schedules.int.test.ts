import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { loadExcel } from '../../platform/lazy.ts';

const S = '/api/account/doctor-schedules';
// The test clock starts at 2026-11-22T08:00Z (15:00 in Ho Chi Minh); the demo doctor works 08:00–12:00 HCM daily.
const at = (isoLocal: string) => new Date(`${isoLocal}+07:00`).toISOString();

type Sched = {
  id: string;
  status: string;
  slotCount: number;
  bookedCount: number;
  doctorId: string;
  rejectReason: string | null;
  approverName: string | null;
  actionAt: string | null;
};
type Result = { id: string; ok: boolean; status: string | null; code: string | null };

describe('doctor schedules', () => {
  let t: TestApp;
  let doctor: string;
  let doctorId: string;
  let admin: string;
  let assistant: string;
  let operator: string;
  let otherAdmin: string;
  let otherDoctorId: string;

  beforeAll(async () => {
    t = await startTestApp();
    doctor = (await t.login('doctor')).access;
    admin = (await t.login('mhscadmin')).access;
    assistant = (await t.login('assistant')).access;
    operator = (await t.login('operator')).access;
    otherAdmin = (await t.login('mhscadmin', 'demo2')).access;
    const [d] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'doctor@demo.test'",
    );
    doctorId = d!.id;
    const [d2] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo2' and u.email = 'doctor@demo2.test'",
    );
    otherDoctorId = d2!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const request = (token: string, body: Record<string, unknown>) => t.post(S, body, token);
  const slots = (token: string, id: string, date: string) =>
    t.get(`/api/account/doctors/${id}/slots?date=${date}`, token);

  it('the demo doctor has a week of approved schedules with free slots and the booked ones marked', async () => {
    const res = await slots(operator, doctorId, '2026-11-23');
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{ start: string; booked: boolean }>;
    expect(items).toHaveLength(8);
    expect(items[0]!.start).toBe(at('2026-11-23T08:00:00'));
    expect(items.filter((s) => s.booked).map((s) => s.start)).toEqual([at('2026-11-23T09:00:00')]);
    const week = await t.get(
      `${S}?from=${at('2026-11-23T00:00:00')}&to=${at('2026-11-30T00:00:00')}&mine=true`,
      doctor,
    );
    expect(week.status).toBe(200);
    expect((week.body.items as Sched[]).map((s) => s.status)).toEqual(Array(6).fill('approved'));
  });

  it('a request awaits approval: no bookable slots until an admin of the level approves it', async () => {
    const res = await request(doctor, {
      start: at('2026-11-24T13:00:00'),
      end: at('2026-11-24T15:00:00'),
      slotMinutes: 30,
    });
    expect(res.status).toBe(201);
    const [s] = res.body.items as Sched[];
    expect(s).toMatchObject({ status: 'new', slotCount: 4, doctorId });
    expect((await slots(operator, doctorId, '2026-11-24')).body.items).toHaveLength(8);

    const pending = await t.get(`${S}/requests`, admin);
    expect(pending.status).toBe(200);
    expect((pending.body.items as Sched[]).map((x) => x.id)).toContain(s!.id);
    // Doctors and operators do not approve.
    expect((await t.post(`${S}/requests/approve`, { ids: [s!.id] }, doctor)).status).toBe(403);
    expect((await t.post(`${S}/requests/approve`, { ids: [s!.id] }, operator)).status).toBe(403);
    // Another tenant's admin does not even see it.
    const foreign = await t.post(`${S}/requests/approve`, { ids: [s!.id] }, otherAdmin);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'SCHEDULE_NOT_FOUND', details: { field: 'ids' } });

    const ok = await t.post(`${S}/requests/approve`, { ids: [s!.id] }, admin);
    expect(ok.status).toBe(200);
    expect((ok.body.results as Result[])[0]).toMatchObject({ ok: true, status: 'approved' });
    const day = (await slots(operator, doctorId, '2026-11-24')).body.items as Array<{ start: string; booked: boolean }>;
    expect(day).toHaveLength(12);
    expect(day.filter((x) => x.start >= at('2026-11-24T13:00:00')).every((x) => !x.booked)).toBe(true);
    const history = await t.get(`${S}/requests?view=history`, admin);
    const decided = (history.body.items as Sched[]).find((x) => x.id === s!.id)!;
    expect(decided.approverName).toBeTruthy();
    expect(decided.actionAt).toBe(t.clock.now().toISOString());
    // Deciding twice names why not.
    expect(
      ((await t.post(`${S}/requests/approve`, { ids: [s!.id] }, admin)).body.results as Result[])[0],
    ).toMatchObject({ ok: false, code: 'SCHEDULE_NOT_PENDING' });
  });

  it('overlapping schedules and invalid times are refused with the spec messages', async () => {
    const overlap = await request(doctor, { start: at('2026-11-25T11:00:00'), end: at('2026-11-25T13:00:00') });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toMatchObject({ code: 'SCHEDULE_OVERLAP', message: 'existing schedule for doctor' });
    const past = await request(doctor, { start: at('2026-11-21T13:00:00'), end: at('2026-11-21T14:00:00') });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'INVALID_SCHEDULE_TIME', details: { field: 'start' } });
    const ragged = await request(doctor, {
      start: at('2026-11-25T13:00:00'),
      end: at('2026-11-25T13:45:00'),
      slotMinutes: 30,
    });
    expect(ragged.status).toBe(400);
    expect(ragged.body).toMatchObject({ code: 'INVALID_SCHEDULE_TIME', details: { field: 'slotMinutes' } });
    const backwards = await request(doctor, { start: at('2026-11-25T15:00:00'), end: at('2026-11-25T14:00:00') });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain("Start time can't after end time");
    // A series overlapping on any one day is refused whole.
    const series = await request(doctor, { start: at('2026-12-01T07:00:00'), end: at('2026-12-01T08:30:00'), days: 3 });
    expect(series.status).toBe(201);
    expect(series.body.items).toHaveLength(3);
    const again = await request(doctor, { start: at('2026-11-30T07:30:00'), end: at('2026-11-30T08:00:00'), days: 3 });
    expect(again.status).toBe(409);
    const count = await t.db.query<{ n: number }>(
      "select count(*)::int as n from doctor_schedules where doctor_id = $1 and start_at >= '2026-11-30T00:00:00Z'",
      [doctorId],
    );
    expect(count[0]!.n).toBe(3);
  });

  it('reject needs a reason and takes one or many; the reason is kept', async () => {
    const a = (
      (await request(doctor, { start: at('2026-12-10T13:00:00'), end: at('2026-12-10T14:00:00') })).body
        .items as Sched[]
    )[0]!;
    const b = (
      (await request(doctor, { start: at('2026-12-11T13:00:00'), end: at('2026-12-11T14:00:00') })).body
        .items as Sched[]
    )[0]!;
    const none = await t.post(`${S}/requests/reject`, { ids: [a.id, b.id] }, admin);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('reason');
    const res = await t.post(
      `${S}/requests/reject`,
      { ids: [a.id, b.id], reason: 'Clinic closed for training' },
      admin,
    );
    expect((res.body.results as Result[]).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const rows = await t.db.query<{ status: string; reject_reason: string }>(
      'select status, reject_reason from doctor_schedules where id = any($1::uuid[])',
      [[a.id, b.id]],
    );
    expect(rows.every((r) => r.status === 'rejected' && r.reject_reason === 'Clinic closed for training')).toBe(true);
  });

  it('deleting is itself a request: withdrawn when new, leave when approved, refused with appointments', async () => {
    const n = (
      (await request(doctor, { start: at('2026-12-12T13:00:00'), end: at('2026-12-12T14:00:00') })).body
        .items as Sched[]
    )[0]!;
    const withdrawn = await t.call('DELETE', `${S}/${n.id}`, { token: doctor });
    expect(withdrawn.body).toEqual({ id: n.id, status: null });

    // The seeded schedule of 23/11 holds the video visit: it cannot go.
    const week = (
      await t.get(`${S}?from=${at('2026-11-23T00:00:00')}&to=${at('2026-11-24T00:00:00')}&mine=true`, doctor)
    ).body.items as Sched[];
    const busy = week.find((s) => s.bookedCount > 0)!;
    const refused = await t.call('DELETE', `${S}/${busy.id}`, { token: doctor });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'SCHEDULE_HAS_APPOINTMENTS',
      message: 'cannot delete schedule with appointments',
    });

    const free = (
      (await t.get(`${S}?from=${at('2026-11-27T00:00:00')}&to=${at('2026-11-28T00:00:00')}&mine=true`, doctor)).body
        .items as Sched[]
    )[0]!;
    expect(free.bookedCount).toBe(0);
    const leave = await t.call('DELETE', `${S}/${free.id}`, { token: doctor });
    expect(leave.body).toEqual({ id: free.id, status: 'requesting_leave' });
    // Still bookable while the leave awaits a decision? No booking on a schedule being given up.
    const rejected = await t.post(`${S}/requests/reject`, { ids: [free.id], reason: 'No cover that day' }, admin);
    expect((rejected.body.results as Result[])[0]).toMatchObject({ ok: true, status: 'approved' });
    await t.call('DELETE', `${S}/${free.id}`, { token: doctor });
    const approved = await t.post(`${S}/requests/approve`, { ids: [free.id] }, admin);
    expect((approved.body.results as Result[])[0]).toMatchObject({ ok: true, status: null });
    expect(await t.db.query('select id from doctor_schedules where id = $1', [free.id])).toHaveLength(0);
    expect((await slots(operator, doctorId, '2026-11-27')).body.items).toHaveLength(0);
  });

  it('a new request whose start passes unapproved is disabled (expired) and cannot be approved', async () => {
    const s = (
      (await request(doctor, { start: at('2026-11-22T15:10:00'), end: at('2026-11-22T15:40:00') })).body
        .items as Sched[]
    )[0]!;
    // Within the tokens' 15 minutes.
    t.clock.advance(11 * 60_000);
    const list = await t.get(`${S}/requests?view=history`, admin);
    expect((list.body.items as Sched[]).find((x) => x.id === s.id)?.status).toBe('disabled');
    const res = await t.post(`${S}/requests/approve`, { ids: [s.id] }, admin);
    expect((res.body.results as Result[])[0]).toMatchObject({ ok: false, code: 'SCHEDULE_NOT_PENDING' });
    t.clock.advance(-11 * 60_000);
  });

  it('doctors request for themselves, assistants for the doctors they follow, nobody for another tenant', async () => {
    const mine = await request(assistant, {
      doctorId,
      start: at('2026-12-15T13:00:00'),
      end: at('2026-12-15T14:00:00'),
    });
    expect(mine.status).toBe(201);
    const [other] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'operator@demo.test'",
    );
    const notDoctor = await request(admin, {
      doctorId: other!.id,
      start: at('2026-12-15T15:00:00'),
      end: at('2026-12-15T16:00:00'),
    });
    expect([403, 404]).toContain(notDoctor.status);
    const foreign = await request(assistant, {
      doctorId: otherDoctorId,
      start: at('2026-12-16T13:00:00'),
      end: at('2026-12-16T14:00:00'),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'DOCTOR_NOT_FOUND', details: { field: 'doctorId' } });
    expect((await slots(otherAdmin, doctorId, '2026-11-23')).status).toBe(404);
    const doctors = await t.get('/api/account/doctors', operator);
    expect((doctors.body.items as Array<{ id: string }>).map((d) => d.id)).toContain(doctorId);
  });

  it('the statistical report counts offered, booked, completed, cancelled and no-shows, and exports .xlsx', async () => {
    const res = await t.get(`${S}/report?from=2026-11-21&to=2026-11-28&doctorId=${doctorId}`, admin);
    expect(res.status).toBe(200);
    const row = (res.body.items as Array<Record<string, number | string>>)[0]!;
    expect(row).toMatchObject({ doctorId, booked: 3, completed: 1, canceled: 0, noShows: 0 });
    expect(row.offered).toBeGreaterThanOrEqual(40);
    expect(row.utilisation).toBeCloseTo(3 / Number(row.offered), 5);
    const file = await t.app.inject({
      method: 'GET',
      url: `${S}/report/export?from=2026-11-21&to=2026-11-28`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new (await loadExcel()).Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Doctor');
    expect(ws.rowCount).toBeGreaterThanOrEqual(2);
    expect((await t.get(`${S}/report?from=2026-11-28&to=2026-11-21`, admin)).status).toBe(400);
  });
});
