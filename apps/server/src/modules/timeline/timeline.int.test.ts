import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TPatientNote, TTimelineEvent, TTimelinePage } from '@carewatch/contracts/timeline';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { pdfText } from '../../test-support/pdf-text.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let doctor: string;
let patientId: string;
let tenantId: string;
let otherTenantPatientId: string;
let note: TPatientNote;
let deviceId: string;
const SEEDED_DEVICE = '0190a1b2-0000-7000-8000-00000000d0e1';

const NOTE_TEXT = 'Ankle swelling since Monday; review diuretic dose — Phương';
const P = (id: string) => `/api/account/patients/${id}`;
const timeline = async (q: Record<string, string> = {}, token = doctor, id = patientId) =>
  t.get(`${P(id)}/timeline?${new URLSearchParams(q).toString()}`, token);
const items = (body: unknown) => (body as TTimelinePage).items;

beforeAll(async () => {
  t = await startTestApp();
  doctor = (await t.login('doctor')).access;
  const [p] = await t.db.query<{ id: string; tenant_id: string }>(
    "select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
  );
  patientId = p!.id;
  tenantId = p!.tenant_id;
  [{ id: otherTenantPatientId }] = (await t.db.query<{ id: string }>(
    "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo2' order by p.patient_code limit 1",
  )) as [{ id: string }];
  // Readings far out of range a few minutes ago (the fake clock: 2026-11-22 08:00 UTC): the alert engine opens an alert.
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  const readings = [
    { metric: 'heart_rate', measuredAt: '2026-11-22T07:50:00Z', value: 150 },
    { metric: 'heart_rate', measuredAt: '2026-11-22T07:52:00Z', value: 155 },
  ];
  const ingest = await t.call('POST', '/api/ingest/measurements', {
    token: String(login.body.access_token),
    body: { readings },
  });
  expect(ingest.body).toMatchObject({ accepted: 2, rejected: [] });
  // A device taken away from the patient and given back (operator), a status change (doctor).
  const operator = (await t.login('operator')).access;
  const [d] = await t.db.query<{ id: string }>(
    'select id from devices where tenant_id = $1 and patient_id = $2 limit 1',
    [tenantId, patientId],
  );
  deviceId = d!.id;
  for (const owner of [null, patientId, null]) {
    t.clock.advance(1000);
    expect((await t.put(`/api/account/devices/${d!.id}/assign`, { patientId: owner }, operator)).status).toBe(200);
  }
  t.clock.advance(1000);
  // A watch given to the patient with no trail of it (as the demo seed does): paired when it was activated.
  await t.db.query(
    `insert into devices (id, tenant_id, model, serial, patient_id, activated_at) values ($1, $2, 'GT2', 'TL-SEEDED-1', $3, $4)`,
    [SEEDED_DEVICE, tenantId, patientId, new Date('2026-11-21T10:00:00Z')],
  );
  doctor = (await t.login('doctor')).access;
}, 30_000);
afterAll(async () => {
  await t?.close();
});

describe('notes', () => {
  test('a doctor writes a note: attributed, listed newest first, audited without its text', async () => {
    const res = await t.post(`${P(patientId)}/notes`, { text: `  ${NOTE_TEXT}  ` }, doctor);
    expect(res.status).toBe(201);
    note = res.body as unknown as TPatientNote;
    expect(note).toMatchObject({ patientId, text: NOTE_TEXT, authorName: 'Duc Nguyen' });
    const list = await t.get(`${P(patientId)}/notes`, doctor);
    expect(list.status).toBe(200);
    expect((list.body.items as TPatientNote[])[0]).toEqual(note);
    const trail = await t.db.query<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where tenant_id = $1 and action = 'patient.note.create' and resource_id = $2",
      [tenantId, patientId],
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.details).toMatchObject({ noteId: note.id });
    expect(JSON.stringify(trail[0]!.details)).not.toContain('Ankle');
  });

  test('empty or too long text: 400 naming the field', async () => {
    for (const text of ['', '   ', 'x'.repeat(4001)]) {
      const res = await t.post(`${P(patientId)}/notes`, { text }, doctor);
      expect(res.status, JSON.stringify(text.slice(0, 5))).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'text' } });
    }
    expect((await t.post(`${P(patientId)}/notes`, { text: 'y'.repeat(4000) }, doctor)).status).toBe(201);
  });

  test("another tenant's patient answers 404, like a missing one; a role without the health record permission gets 403", async () => {
    const res = await t.post(`${P(otherTenantPatientId)}/notes`, { text: 'hello' }, doctor);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PATIENT_NOT_FOUND');
    expect((await t.get(`${P(otherTenantPatientId)}/notes`, doctor)).status).toBe(404);
    const doc2 = (await t.login('doctor', 'demo2')).access;
    expect((await t.get(`${P(patientId)}/notes`, doc2)).status).toBe(404);
    const cskh = (await t.login('cskh')).access;
    expect((await t.post(`${P(patientId)}/notes`, { text: 'hello' }, cskh)).status).toBe(403);
  });
});

describe('timeline', () => {
  test('one list, newest first: readings out of range, the alert with its trail, devices, the note', async () => {
    const res = await timeline();
    expect(res.status).toBe(200);
    const list = items(res.body);
    const ats = list.map((e) => Date.parse(e.at));
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
    const types = new Set(list.map((e) => e.type));
    expect([...types]).toEqual(expect.arrayContaining(['reading', 'alert', 'note', 'device']));
    const reading = list.find(
      (e): e is Extract<TTimelineEvent, { type: 'reading' }> => e.type === 'reading' && e.value === 150,
    );
    expect(reading).toMatchObject({ metric: 'heart_rate', unit: 'bpm' });
    expect(reading!.level).not.toBe('normal');
    const alert = list.find((e): e is Extract<TTimelineEvent, { type: 'alert' }> => e.type === 'alert');
    expect(alert!.alert).toMatchObject({ patientId, metric: 'heart_rate' });
    expect(alert!.alert.trail.map((s) => s.kind)).toEqual(expect.arrayContaining(['reading', 'tier']));
    const devices = list
      .filter((e): e is Extract<TTimelineEvent, { type: 'device' }> => e.type === 'device' && e.deviceId === deviceId)
      .map((e) => [e.action, e.by]);
    expect(devices).toEqual([
      ['unpaired', 'Olivia Pham'],
      ['paired', 'Olivia Pham'],
    ]);
    expect(list.find((e) => e.type === 'device' && e.deviceId === SEEDED_DEVICE)).toMatchObject({
      action: 'paired',
      at: '2026-11-21T10:00:00.000Z',
      serial: 'TL-SEEDED-1',
      by: null,
    });
    expect(list.find((e) => e.type === 'note' && e.id === note.id)).toMatchObject({
      note: { text: NOTE_TEXT, authorName: 'Duc Nguyen' },
    });
  });

  test('status changes are events too (the alert engine moved the patient out of normal)', async () => {
    const list = items((await timeline({ types: 'status' })).body);
    expect(list[0]).toMatchObject({ type: 'status', fromStatus: 'normal' });
    expect(['at_risk', 'high_risk', 'sos']).toContain(
      (list[0] as Extract<TTimelineEvent, { type: 'status' }>).toStatus,
    );
  });

  test('filters by type and by period', async () => {
    const notes = items((await timeline({ types: 'note' })).body);
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(notes.every((e) => e.type === 'note')).toBe(true);
    const two = items((await timeline({ types: 'alert,reading' })).body);
    expect(new Set(two.map((e) => e.type))).toEqual(new Set(['alert', 'reading']));
    // A period before the readings and the note: none of them.
    const before = await timeline({ from: '2026-11-21T00:00:00Z', to: '2026-11-22T07:00:00Z' });
    expect(before.status).toBe(200);
    expect(items(before.body).some((e) => e.type === 'note' || (e.type === 'reading' && e.value === 150))).toBe(false);
  });

  test('pages with a cursor: no event repeated or skipped', async () => {
    const all = items((await timeline({ limit: '500' })).body);
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await timeline({ limit: '2', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      const page = res.body as unknown as TTimelinePage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => `${e.type}:${e.id}`));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((e) => `${e.type}:${e.id}`));
  });

  test('only this tenant: another tenant answers 404; bad parameters answer 400 naming the field', async () => {
    const doc2 = (await t.login('doctor', 'demo2')).access;
    expect((await timeline({}, doc2)).status).toBe(404);
    expect((await timeline({}, doctor, otherTenantPatientId)).status).toBe(404);
    const cases: Array<[Record<string, string>, string]> = [
      [{ types: 'note,bogus' }, 'types'],
      [{ from: '2026-11-22T00:00:00Z', to: '2026-11-21T00:00:00Z' }, 'to'],
      [{ limit: '501' }, 'limit'],
      [{ from: 'yesterday' }, 'from'],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    ];
    for (const [q, field] of cases) {
      const res = await timeline(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
  });
});

describe('report PDF', () => {
  test("the period's report: patient, charts, an alert and the note, as text in the PDF", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P(patientId)}/report.pdf?from=2026-11-21&to=2026-11-22`,
      headers: { authorization: `Bearer ${doctor}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toBe(
      'attachment; filename="report-DEMO-P0001-2026-11-21-2026-11-22.pdf"',
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Patient report');
    expect(text).toContain('Phuong Hoang');
    expect(text).toContain('Heart rate (bpm)');
    expect(text).toMatch(/\b(At risk|High risk|SOS)\b/);
    expect(text).toContain(NOTE_TEXT);
    const trail = await t.db.query(
      "select 1 from audit_log where tenant_id = $1 and action = 'patient.report' and resource_id = $2",
      [tenantId, patientId],
    );
    expect(trail).toHaveLength(1);
  });

  test('in Vietnamese on request; another tenant 404; bad days 400', async () => {
    const vi = await t.app.inject({
      method: 'GET',
      url: `${P(patientId)}/report.pdf?from=2026-11-22&to=2026-11-22&lang=vi`,
      headers: { authorization: `Bearer ${doctor}` },
    });
    expect(vi.statusCode).toBe(200);
    const text = pdfText(vi.rawPayload);
    expect(text).toContain('Báo cáo bệnh nhân');
    expect(text).toContain('Nhịp tim');
    const doc2 = (await t.login('doctor', 'demo2')).access;
    expect((await t.get(`${P(patientId)}/report.pdf?from=2026-11-22&to=2026-11-22`, doc2)).status).toBe(404);
    const bad = await t.get(`${P(patientId)}/report.pdf?from=2026-11-23&to=2026-11-22`, doctor);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'to' } });
  });
});
