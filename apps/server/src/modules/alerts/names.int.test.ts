import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

// Issue 13: one person, one name order — the patient page, the alert list, the SOS case and the ticket write the name
// in the reader's language convention (Vietnamese: family name first), never two orders side by side.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

describe('person names', () => {
  test('the same order on every staff answer, following the reader\u2019s language', async () => {
    const app = await t.call('POST', '/api/auth/oauth-token', {
      body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    const sos = await t.post(
      '/api/account/me/sos',
      { message: { kind: 'choice', choice: 'need_help' } },
      String(app.body.access_token),
    );
    expect(sos.status, sos.raw).toBe(201);
    const cskh = (await t.login('cskh')).access;
    const kase = await t.get(`/api/account/sos-cases/${sos.body.sosCaseId}`, cskh);
    const patientId = String(kase.body.patientId);
    const names = async () => ({
      page: (await t.get(`/api/account/patients/${patientId}`, cskh)).body.fullName,
      sosCase: (await t.get(`/api/account/sos-cases/${sos.body.sosCaseId}`, cskh)).body.patientName,
      alerts: (
        (await t.get(`/api/account/alerts?patientId=${patientId}&size=5`, cskh)).body.items as Array<{
          patientName: string;
        }>
      )[0]!.patientName,
      ticket: (await t.get(`/api/account/tickets/${kase.body.ticketId}`, cskh)).body.patientName,
    });
    expect((await t.call('POST', '/api/account/me/profile/update-language?lang=vi', { token: cskh })).status).toBe(200);
    expect(await names()).toEqual({
      page: 'Hoang Phuong',
      sosCase: 'Hoang Phuong',
      alerts: 'Hoang Phuong',
      ticket: 'Hoang Phuong',
    });
    expect((await t.call('POST', '/api/account/me/profile/update-language?lang=en', { token: cskh })).status).toBe(200);
    expect(await names()).toEqual({
      page: 'Phuong Hoang',
      sosCase: 'Phuong Hoang',
      alerts: 'Phuong Hoang',
      ticket: 'Phuong Hoang',
    });
    // The screen says which language it shows (Accept-Language): the names follow it, whatever the profile says.
    const vi = await t.call('GET', `/api/account/patients/${patientId}`, {
      token: cskh,
      headers: { 'accept-language': 'vi' },
    });
    expect(vi.body.fullName).toBe('Hoang Phuong');
    expect(
      (
        await t.post(
          `/api/account/sos-cases/${sos.body.sosCaseId}/close`,
          { outcome: 'false_alarm', note: 'test' },
          cskh,
        )
      ).status,
    ).toBe(200);
  });
});
