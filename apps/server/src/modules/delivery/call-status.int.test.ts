import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TwilioVoiceProvider, twilioSignature } from '../../platform/providers/twilio.ts';

let t: TestApp;
let server: http.Server;
const seen: URLSearchParams[] = [];
let tenantId = '';
const CALLBACK = 'https://care.example.test/api/providers/twilio/call-status';

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push(new URLSearchParams(body));
      res.setHeader('content-type', 'application/json');
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `CA${String(seen.length).padStart(4, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.deps.config.twilio = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid: 'AC1',
    authToken: 'secret-token',
    from: '+15550001',
    statusCallbackUrl: CALLBACK,
  };
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

/** Posts a status callback as the provider would: form-encoded, signed over the full URL and every parameter. */
async function callback(
  params: Record<string, string>,
  query: string,
  opts: { token?: string; signature?: string } = {},
) {
  const signature = opts.signature ?? twilioSignature(opts.token ?? 'secret-token', `${CALLBACK}?${query}`, params);
  return t.call('POST', `/api/providers/twilio/call-status?${query}`, {
    form: params,
    headers: { 'x-twilio-signature': signature },
  });
}

describe('Twilio call status callback', () => {
  it('records the duration and outcome of a placed call, only with a valid signature, only in the call’s tenant', async () => {
    const voice = new TwilioVoiceProvider(t.db, t.deps.config.twilio!);
    const answer = await voice.call({
      tenantId,
      to: '+84905000111',
      text: 'CareWatch SOS test',
      idempotencyKey: 'cs-1',
      at: t.clock.now(),
    });
    const sid = answer.ref!;
    // The provider was told where to report, with the tenant in the (signed) query.
    const cb = seen.at(-1)!.get('StatusCallback')!;
    expect(cb).toBe(`${CALLBACK}?tenant=${tenantId}`);
    const query = cb.split('?')[1]!;
    const row = async () =>
      (
        await t.db.query<{ status: number; duration_s: number; ended_at: Date | null; error: string | null }>(
          'select status, duration_s, ended_at, error from calls where provider_ref = $1',
          [sid],
        )
      )[0]!;
    expect(await row()).toMatchObject({ status: 200, duration_s: 0, ended_at: null });

    // A forged or unsigned report changes nothing.
    const params = { CallSid: sid, CallStatus: 'completed', CallDuration: '42', AccountSid: 'AC1' };
    expect((await callback(params, query, { token: 'wrong' })).status).toBe(403);
    expect((await callback(params, query, { signature: '' })).status).toBe(403);
    // Signed for another tenant's query: the signature no longer matches the URL called.
    const other = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo2'"))[0]!.id;
    expect(
      (
        await callback(params, query, {
          signature: twilioSignature('secret-token', `${CALLBACK}?tenant=${other}`, params),
        })
      ).status,
    ).toBe(403);
    expect((await row()).duration_s).toBe(0);

    // An intermediate status is acknowledged and ignored; the final one is written.
    expect((await callback({ CallSid: sid, CallStatus: 'ringing', AccountSid: 'AC1' }, query)).body).toEqual({
      updated: false,
    });
    const ok = await callback(params, query);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ updated: true });
    expect(await row()).toMatchObject({ status: 200, duration_s: 42, error: null });

    // The call log shows it.
    const { access } = await t.login('cskh');
    const log = await t.get('/api/account/calls?to=84905000111', access);
    expect(log.status).toBe(200);
    expect((log.body.items as { durationS: number; status: number }[])[0]).toMatchObject({
      durationS: 42,
      status: 200,
    });

    // The same call id reported for another tenant finds nothing there.
    const otherQuery = `tenant=${other}`;
    expect((await callback(params, otherQuery)).body).toEqual({ updated: false });
  });

  it('marks an unanswered call as failed (500) in the log', async () => {
    const voice = new TwilioVoiceProvider(t.db, t.deps.config.twilio!);
    const { ref } = await voice.call({
      tenantId,
      to: '+84905000112',
      text: 'CareWatch SOS test',
      idempotencyKey: 'cs-2',
      at: t.clock.now(),
    });
    const res = await callback({ CallSid: ref!, CallStatus: 'no-answer', CallDuration: '0' }, `tenant=${tenantId}`);
    expect(res.body).toEqual({ updated: true });
    const r = (
      await t.db.query<{ status: number; error: string }>('select status, error from calls where provider_ref = $1', [
        ref,
      ])
    )[0]!;
    expect(r).toEqual({ status: 500, error: 'call no-answer' });
  });

  it('answers 404 when no callback address is configured, and 400 naming the field for a bad report', async () => {
    const bad = await callback({ CallSid: 'CA1', CallStatus: 'completed', CallDuration: '-5' }, `tenant=${tenantId}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('CallDuration');
    const saved = t.deps.config.twilio;
    t.deps.config.twilio = undefined;
    try {
      expect((await callback({ CallSid: 'CA1', CallStatus: 'completed' }, `tenant=${tenantId}`)).status).toBe(404);
    } finally {
      t.deps.config.twilio = saved;
    }
  });
});
