import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { openTicketForSos } from './tickets.service.ts';

const T = '/api/account/tickets';

describe('tickets', () => {
  let t: TestApp;
  let tenantId: string;
  let patientId: string;
  let otherPatientId: string;
  let cskh: string;
  let doctor: string;
  let doctor2: string;

  beforeAll(async () => {
    t = await startTestApp();
    const [tn] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    tenantId = tn!.id;
    const [p] = await t.db.query<{ id: string }>(
      "select id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'",
      [tenantId],
    );
    patientId = p!.id;
    // A patient of another center, not followed by the demo doctor.
    const [c] = await t.db.query<{ id: string }>(
      "select id from health_centers where tenant_id = $1 and name <> 'Ba Dinh Health Center' limit 1",
      [tenantId],
    );
    otherPatientId = newId();
    await t.db.query(
      `insert into patients (id, tenant_id, center_id, patient_code, first_name, last_name, status) values ($1,$2,$3,'TK-OTHER','Other','Patient','normal')`,
      [otherPatientId, tenantId, c?.id ?? null],
    );
    cskh = (await t.login('cskh')).access;
    doctor = (await t.login('doctor')).access;
    doctor2 = (await t.login('doctor', 'demo2')).access;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('openTicketForSos is idempotent per SOS case and type, and shows in the list', async () => {
    const sosCaseId = newId();
    const now = t.clock.now();
    const a = await openTicketForSos(t.db, tenantId, {
      type: 'sos_indicator',
      patientId,
      sosCaseId,
      alertId: null,
      now,
    });
    const b = await openTicketForSos(t.db, tenantId, {
      type: 'sos_indicator',
      patientId,
      sosCaseId,
      alertId: null,
      now,
    });
    expect(b).toBe(a);
    const c = await t.db.tx((db) =>
      openTicketForSos(db, tenantId, { type: 'sos_call', patientId, sosCaseId, alertId: null, now }),
    );
    expect(c).not.toBe(a);
    const list = await t.call('GET', `${T}?sosCaseId=${sosCaseId}`, { token: cskh });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const items = list.body.items as { type: string; status: string; code: string; patientCode: string }[];
    expect(items.map((i) => i.type).sort()).toEqual(['sos_call', 'sos_indicator']);
    expect(items[0]!.status).toBe('new');
    expect(items[0]!.code).toMatch(/^T-\d{6}$/);
    expect(items[0]!.patientCode).toBe('DEMO-P0001');
  });

  it('walks new → confirm → processing → complete → success with activities and KPI; rejects bad transitions', async () => {
    const id = await openTicketForSos(t.db, tenantId, {
      type: 'sos_indicator',
      patientId,
      sosCaseId: newId(),
      alertId: null,
      now: t.clock.now(),
    });
    const bad = await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'complete' } });
    expect(bad.status).toBe(409);
    expect(bad.body.code).toBe('TICKET_TRANSITION_INVALID');
    t.clock.advance(60_000);
    expect((await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'confirm' } })).status).toBe(200);
    const act = await t.call('POST', `${T}/${id}/activities`, {
      token: doctor,
      body: { kind: 'doctor_consultation', note: 'Called the patient, advised rest' },
    });
    expect(act.status).toBe(200);
    expect((await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'processing' } })).status).toBe(
      200,
    );
    t.clock.advance(120_000);
    expect(
      (await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'complete', note: 'done' } })).status,
    ).toBe(200);
    const done = await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'success' } });
    expect(done.status).toBe(200);
    const d = done.body as {
      status: string;
      kpi: { secondsToConfirm: number; secondsToComplete: number };
      activities: { kind: string; toStatus: string | null; actorName: string | null }[];
      closedAt: string;
    };
    expect(d.status).toBe('success');
    expect(d.kpi).toEqual({ secondsToConfirm: 60, secondsToComplete: 180 });
    expect(d.closedAt).not.toBeNull();
    expect(d.activities.map((a) => a.kind)).toEqual([
      'created',
      'status',
      'doctor_consultation',
      'status',
      'status',
      'status',
    ]);
    expect(d.activities[2]!.actorName).toBeTruthy();
    const again = await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'canceled', reason: 'x' } });
    expect(again.status).toBe(409);
    const noteOnClosed = await t.call('POST', `${T}/${id}/activities`, {
      token: cskh,
      body: { kind: 'note', note: 'late' },
    });
    expect(noteOnClosed.status).toBe(409);
    // History lists it (final statuses), the open list does not.
    const hist = await t.call('GET', `${T}?open=false&patientId=${patientId}`, { token: cskh });
    expect((hist.body.items as { id: string }[]).some((i) => i.id === id)).toBe(true);
    const open = await t.call('GET', `${T}?open=true&patientId=${patientId}`, { token: cskh });
    expect((open.body.items as { id: string }[]).some((i) => i.id === id)).toBe(false);
  });

  it('cancel needs a reason (400 naming the field); bad input is 400', async () => {
    const id = await openTicketForSos(t.db, tenantId, {
      type: 'sos_call',
      patientId,
      sosCaseId: newId(),
      alertId: null,
      now: t.clock.now(),
    });
    const noReason = await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'canceled' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details?.field).toBe('reason');
    const ok = await t.call('POST', `${T}/${id}/transition`, {
      token: cskh,
      body: { to: 'canceled', reason: 'False alarm, patient called back' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.cancelReason).toBe('False alarm, patient called back');
    expect(
      (await t.call('POST', `${T}/${id}/transition`, { token: cskh, body: { to: 'nope' } })).body.details?.field,
    ).toBe('to');
    expect((await t.call('GET', `${T}/not-a-uuid`, { token: cskh })).status).toBe(400);
    expect((await t.call('GET', `${T}?from=2026-12-01&to=2026-11-01`, { token: cskh })).status).toBe(400);
  });

  it('hotline tickets: customer care creates, doctor cannot; validation', async () => {
    const res = await t.call('POST', T, {
      token: cskh,
      body: { patientId, callerName: 'Daughter', callerPhone: '0912345678', description: 'Mother feels dizzy' },
    });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('hotline');
    expect(res.body.createdBy).toBeTruthy();
    const noPatient = await t.call('POST', T, {
      token: cskh,
      body: { callerName: 'Stranger', description: 'Asked about the service' },
    });
    expect(noPatient.status).toBe(201);
    expect((await t.call('POST', T, { token: doctor, body: { callerName: 'X', description: 'Y' } })).status).toBe(403);
    const missing = await t.call('POST', T, { token: cskh, body: { callerName: 'X' } });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.field).toBe('description');
    const unknownPatient = await t.call('POST', T, {
      token: cskh,
      body: { patientId: newId(), callerName: 'X', description: 'Y' },
    });
    expect(unknownPatient.status).toBe(404);
    // The doctor does not see a hotline ticket without a patient.
    const d = await t.call('GET', `${T}/${String(noPatient.body.id)}`, { token: doctor });
    expect(d.status).toBe(404);
  });

  it('visibility: doctors see tickets of visible patients only; another tenant gets 404', async () => {
    const mine = await openTicketForSos(t.db, tenantId, {
      type: 'sos_indicator',
      patientId,
      sosCaseId: newId(),
      alertId: null,
      now: t.clock.now(),
    });
    const other = await openTicketForSos(t.db, tenantId, {
      type: 'sos_indicator',
      patientId: otherPatientId,
      sosCaseId: newId(),
      alertId: null,
      now: t.clock.now(),
    });
    expect((await t.call('GET', `${T}/${mine}`, { token: doctor })).status).toBe(200);
    expect((await t.call('GET', `${T}/${other}`, { token: doctor })).status).toBe(404);
    expect((await t.call('GET', `${T}/${other}`, { token: cskh })).status).toBe(200);
    const list = await t.call('GET', `${T}?size=200`, { token: doctor });
    expect((list.body.items as { id: string }[]).some((i) => i.id === other)).toBe(false);
    const foreign = await t.call('GET', `${T}/${mine}`, { token: doctor2 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('TICKET_NOT_FOUND');
    expect((await t.call('POST', `${T}/${mine}/transition`, { token: doctor2, body: { to: 'confirm' } })).status).toBe(
      404,
    );
  });

  it('statistics count by type and status over a date range', async () => {
    const s = await t.call('GET', `${T}/statistics?from=2026-11-22&to=2026-11-22`, { token: cskh });
    expect(s.status).toBe(200);
    const body = s.body as {
      total: number;
      byType: Record<string, number>;
      byStatus: Record<string, number>;
      avgSecondsToConfirm: number | null;
    };
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.byType.hotline).toBe(2);
    expect(body.byStatus.success).toBe(1);
    expect(body.byStatus.canceled).toBe(1);
    expect(body.avgSecondsToConfirm).toBe(60);
    const none = await t.call('GET', `${T}/statistics?from=2025-01-01&to=2025-01-31`, { token: cskh });
    expect(none.body.total).toBe(0);
  });
});
