import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '../routes.ts';
import { DEMO_ACCOUNTS } from '../modules/seed/demo.ts';
import {
  RecordingMailProvider,
  RecordingSmsProvider,
  type OutgoingMail,
  type OutgoingSms,
} from '../platform/providers/messaging.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { fillPath, loginToken, ownParams, permissionsByAccount } from './fuzz-harness.ts';
import { queryString, validSample } from './fuzz-schema.ts';

/**
 * One-time codes and temporary passwords (issue 14, item 11: customer care and system admins read other staff
 * members' reset codes under Messages — account takeover). What was really sent is captured at the providers and
 * the secrets are read out of the sent text itself (not from what the sender declared secret, so a new sender that
 * forgets to declare one is caught). Then every GET route of the route table, as every demo account allowed to
 * call it, must answer without any of them. Only the demo's super admin may reveal a code, and every reveal is
 * audited.
 */

const sent: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    providers: (db) => {
      const mail = new RecordingMailProvider(db);
      const sms = new RecordingSmsProvider(db);
      return {
        mail: {
          name: mail.name,
          send: async (m: OutgoingMail) => {
            sent.push(`${m.subject}\n${m.text}`);
            await mail.send(m);
          },
        },
        sms: {
          name: sms.name,
          send: async (m: OutgoingSms) => {
            sent.push(m.text);
            return sms.send(m);
          },
        },
      };
    },
  });
});
afterAll(async () => {
  await t?.close();
});

/** The secrets in a sent text: six-digit codes and temporary passwords. */
const secretsIn = (text: string) =>
  [...text.matchAll(/\b\d{6}\b/g)]
    .map((m) => m[0])
    .concat([...text.matchAll(/Temporary password: (\S+)/g)].map((m) => m[1]!));

/**
 * The secret as a value of its own, not as digits inside a longer number or id (a code "284913" inside a follower's
 * phone number or a UUID is not that code: random codes made this check fail now and then).
 */
const standsAlone = (text: string, secret: string) =>
  new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`).test(text);

async function sendEverySecret() {
  const sa = await t.login('superadmin');
  const [center] = await t.db.query<{ id: string }>(
    "select id from health_centers where tenant_id = (select id from tenants where code = 'demo') order by name limit 1",
  );
  const calls: Array<[string, unknown, string?]> = [
    ['/api/auth/oauth/otp/send', { tenant: 'demo', phoneNumber: '0900000010' }],
    ['/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'assistant@demo.test' }],
    ['/api/auth/forgot-password/send', { tenant: 'demo', email: 'operator@demo.test' }],
    ['/api/auth/oauth/create-verification-token', { tenant: 'demo', email: 'someone.new@demo.test' }],
    ['/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone: '0977000001' }],
    ['/api/auth/app/forgot-password/otp', { tenant: 'demo', channel: 'phone', phone: '0900000011' }],
    [
      '/api/account/staff',
      {
        firstName: 'Kim',
        lastName: 'Secret',
        email: 'kim.secret@demo.test',
        phone: '0977000002',
        levels: [{ roleCode: 'doctor', centerId: center!.id, isMain: true }],
      },
      sa.access,
    ],
    [
      '/api/account/sadmin/tenant',
      { name: 'Secret Clinic', code: 'SECRETS', adminEmail: 'admin@secrets.test', connectionType: 'shared' },
      sa.access,
    ],
  ];
  for (const [url, body, token] of calls) {
    const res = await t.post(url, body, token);
    expect(res.status, `${url} ${res.raw}`).toBeLessThan(300);
  }
}

describe('one-time codes and temporary passwords', () => {
  test('no GET answer of any role holds a code or a temporary password that was sent', async () => {
    await sendEverySecret();
    const secrets = [...new Set(sent.flatMap(secretsIn))];
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const perms = await permissionsByAccount(t.db, 'demo');
    const [tenant] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    const failures: string[] = [];
    let checked = 0;
    for (const a of DEMO_ACCOUNTS) {
      const app = a.role === 'patient';
      const token = await loginToken(t, a.local);
      for (const r of ROUTES) {
        if (r.method !== 'GET' || r.permission === 'public' || !perms.get(a.local)?.has(Number(r.permission))) continue;
        const query = (r.query ? validSample(r.query, 'query') : {}) as Record<string, unknown>;
        // Lists: the largest page, so that every recorded message is on it.
        if (r.query?.safeParse({ ...query, size: '200' }).success) query.size = '200';
        const qs = queryString(query);
        const url = fillPath(r.url, await ownParams(t.db, tenant!.id, r.url)) + (qs ? `?${qs}` : '');
        const res = await t.call('GET', url, { token, headers: app ? { 'x-client': 'app' } : {} });
        checked++;
        const found = secrets.filter((s) => standsAlone(res.raw, s));
        if (found.length) failures.push(`${r.url} as ${a.local} → ${res.status}: holds ${found.length} secret(s)`);
      }
    }
    console.log(
      `secrets in views: ${secrets.length} secrets sent, ${checked} GET answers checked, ${failures.length} holding one`,
    );
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 180_000);

  test("only the demo's super admin reveals a code; every reveal is audited; a tenant that does not allow it: nobody", async () => {
    const sa = await t.login('superadmin');
    const list = await t.get('/api/account/messages?search=assistant@demo.test&channel=email', sa.access);
    const item = (list.body.items as Array<{ id: string; body: string; masked: boolean; revealable: boolean }>)[0]!;
    expect(item).toMatchObject({ masked: true, revealable: true });
    for (const local of ['root', 'sysadmin', 'cskh']) {
      const who = await t.login(local);
      const view = (await t.get('/api/account/messages?search=assistant@demo.test&channel=email', who.access)).body
        .items as Array<{ revealable: boolean }> | undefined;
      if (view) expect(view[0]!.revealable, local).toBe(false);
      const res = await t.post(`/api/account/messages/${item.id}/reveal`, {}, who.access);
      expect(res.status, local).toBe(403);
    }
    const revealed = await t.post(`/api/account/messages/${item.id}/reveal`, {}, sa.access);
    expect(revealed.status).toBe(200);
    expect(String(revealed.body.body)).toMatch(/\b\d{6}\b/);
    const audits = await t.db.query<{ outcome: string }>(
      "select outcome from audit_log where action = 'messages.reveal' and resource_id = $1 order by outcome",
      [item.id],
    );
    expect(audits.map((x) => x.outcome)).toEqual(['denied', 'denied', 'denied', 'ok']);
    // demo2 does not allow reveals: its super admin gets 403, and its new codes keep no unmasked copy.
    await t.db.query("update tenants set reveal_codes = false where code = 'demo2'");
    await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo2', email: 'coach@demo2.test' });
    const [row] = await t.db.query<{ id: string; secret_body: string | null; masked: boolean }>(
      "select id, secret_body, masked from messages where recipient = 'coach@demo2.test' order by created_at desc, id desc limit 1",
    );
    expect(row).toMatchObject({ secret_body: null, masked: true });
    const sa2 = await t.login('superadmin', 'demo2');
    expect((await t.post(`/api/account/messages/${row!.id}/reveal`, {}, sa2.access)).status).toBe(403);
    // Another tenant's message: 404 like a missing one.
    expect((await t.post(`/api/account/messages/${row!.id}/reveal`, {}, sa.access)).status).toBe(404);
  });
});
