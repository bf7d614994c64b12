import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import type { OutgoingSms, ProviderAnswer, SmsProvider } from '../../platform/providers/messaging.ts';
import { RecordingVoiceProvider, type OutgoingCall, type VoiceProvider } from '../../platform/providers/voice.ts';
import { RecordingSmsProvider } from '../../platform/providers/messaging.ts';
import { TwilioSmsProvider, TwilioVoiceProvider } from '../../platform/providers/twilio.ts';
import { backoffMs, DELIVERY_LOCK_MS, MAX_DELIVERY_ATTEMPTS, runDueDeliveries } from './delivery.worker.ts';
import * as repo from './delivery.repo.ts';
import { CDR_JOB, ensureCdrJob } from './logs.service.ts';

/** Deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fails 30 % of the time: half before sending, half after sending (the answer is lost: the worst case for duplicates). */
class FlakySms implements SmsProvider {
  readonly name = 'record';
  failures = 0;
  constructor(
    private readonly inner: SmsProvider,
    private readonly rnd: () => number,
  ) {}
  async send(m: OutgoingSms): Promise<ProviderAnswer | void> {
    const r = this.rnd();
    if (r < 0.15) {
      this.failures++;
      throw new Error('provider unavailable');
    }
    const a = await this.inner.send(m);
    if (r < 0.3) {
      this.failures++;
      throw new Error('answer lost');
    }
    return a;
  }
}
class FlakyVoice implements VoiceProvider {
  readonly name = 'record';
  constructor(
    private readonly inner: VoiceProvider,
    private readonly rnd: () => number,
  ) {}
  async call(c: OutgoingCall): Promise<ProviderAnswer> {
    const r = this.rnd();
    if (r < 0.15) throw new Error('provider unavailable');
    const a = await this.inner.call(c);
    if (r < 0.3) throw new Error('answer lost');
    return a;
  }
}

describe('delivery outbox, providers, SMS / call logs and CDR', () => {
  let t: TestApp;
  let tenantId: string;
  let patientId: string;
  /** A fresh token (the tests move the clock past a token's life). */
  const token = async (who: string, tenant = 'demo') => (await t.login(who, tenant)).access;

  async function newAlert(): Promise<string> {
    const id = newId();
    const now = t.clock.now();
    await t.db.query(
      "insert into alerts (id, tenant_id, patient_id, metric, idx, level, status, source, value, state, opened_at, updated_at) values ($1,$2,$3,'heart_rate','heart_rate','sos','closed','reading',190,'{}',$4,$4)",
      [id, tenantId, patientId, now],
    );
    return id;
  }
  const item = (
    alertId: string | null,
    key: string,
    channel: OutboxItem['channel'],
    to: { user?: string; phone?: string; email?: string },
  ): OutboxItem => ({
    dedupeKey: key,
    channel,
    alertId,
    recipientUserId: to.user ?? null,
    recipientPhone: to.phone ?? null,
    recipientEmail: to.email ?? null,
    template: 'sos',
    payload: {
      patientName: 'Demo Patient',
      index: 'heart_rate',
      value: 190,
      unit: 'bpm',
      level: 'sos',
      patientId,
      recipientName: to.phone ?? null,
    },
  });
  const enqueue = (items: OutboxItem[]) => t.db.tx((tx) => enqueueDeliveries(tx, tenantId, items, t.clock.now()));

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
    patientId = (
      await t.db.query<{ id: string }>("select id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'", [
        tenantId,
      ])
    )[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enqueues each dedupe key once per tenant, inside the caller transaction', async () => {
    const alertId = await newAlert();
    const items = [
      item(alertId, `${alertId}:sos:0:sos:a:sms`, 'sms', { phone: '0901000001' }),
      item(alertId, `${alertId}:sos:0:sos:a:call`, 'call', { phone: '0901000001' }),
    ];
    expect(await enqueue(items)).toBe(2);
    expect(await enqueue(items)).toBe(0);
    // Rolled back with the caller's transaction.
    await expect(
      t.db.tx(async (tx) => {
        await enqueueDeliveries(tx, tenantId, [item(alertId, 'rolled-back', 'sms', { phone: '1' })], t.clock.now());
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.query("select 1 from deliveries where dedupe_key = 'rolled-back'")).toHaveLength(0);
    await runDueDeliveries(t.deps);
    const rows = await t.db.query<{ status: string; provider_answer: string }>(
      'select status, provider_answer from deliveries where alert_id = $1',
      [alertId],
    );
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const sms = await t.db.query<{ sender: string; body: string; status: number }>(
      'select sender, body, status from messages where alert_id = $1',
      [alertId],
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('Demo Patient');
    expect(sms[0]!.sender).toBe('CareWatch');
    const calls = await t.db.query<{ to_number: string; duration_s: number }>(
      'select to_number, duration_s from calls where alert_id = $1',
      [alertId],
    );
    expect(calls).toEqual([{ to_number: '0901000001', duration_s: expect.any(Number) }]);
    // The trail has one notification entry per attempt with channel, recipient and provider answer.
    const trail = await t.db.query<{
      kind: string;
      entry: { channel: string; recipient: string; providerStatus: string };
    }>('select kind, entry from alert_trail where alert_id = $1 order by seq', [alertId]);
    expect(trail.map((r) => r.entry.channel).sort()).toEqual(['call', 'sms']);
    expect(
      trail.every(
        (r) =>
          r.kind === 'notification' && r.entry.recipient === '0901000001' && r.entry.providerStatus.startsWith('200'),
      ),
    ).toBe(true);
  });

  it('delivers every notification exactly once per (alert, tier, recipient, channel) with a provider failing 30 % of the time', async () => {
    const rnd = prng(20261122);
    const sms = new FlakySms(new RecordingSmsProvider(t.db), rnd);
    const voice = new FlakyVoice(new RecordingVoiceProvider(t.db), rnd);
    const deps = { ...t.deps, sms, voice };
    const alerts = [await newAlert(), await newAlert(), await newAlert()];
    const items: OutboxItem[] = [];
    for (const a of alerts) {
      for (let r = 0; r < 10; r++) {
        for (const tier of ['high_risk', 'sos']) {
          const phone = `09020000${String(r).padStart(2, '0')}`;
          items.push(
            item(a, `${a}:${tier}:0:x:${phone}:sms`, 'sms', { phone }),
            item(a, `${a}:${tier}:0:x:${phone}:call`, 'call', { phone }),
          );
        }
      }
    }
    expect(await enqueue(items)).toBe(120);
    expect(await enqueue(items)).toBe(0); // a second evaluation of the same tier enqueues nothing
    for (let round = 0; round < 40; round++) {
      await runDueDeliveries(deps, 500);
      const left = await t.db.query(
        "select 1 from deliveries where tenant_id = $1 and alert_id = any($2::uuid[]) and status <> 'sent'",
        [tenantId, alerts],
      );
      if (left.length === 0) break;
      t.clock.advance(5 * 60_000);
    }
    expect(sms.failures).toBeGreaterThan(10);
    const states = await t.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from deliveries where alert_id = any($1::uuid[]) group by status',
      [alerts],
    );
    expect(states).toEqual([{ status: 'sent', n: 120 }]);
    const smsSent = await t.db.query<{ k: string; n: number }>(
      'select idempotency_key as k, count(*)::int as n from messages where alert_id = any($1::uuid[]) and status = 200 group by 1',
      [alerts],
    );
    const callsSent = await t.db.query<{ k: string; n: number }>(
      'select idempotency_key as k, count(*)::int as n from calls where alert_id = any($1::uuid[]) and status = 200 group by 1',
      [alerts],
    );
    expect(smsSent).toHaveLength(60);
    expect(callsSent).toHaveLength(60);
    expect([...smsSent, ...callsSent].every((r) => r.n === 1)).toBe(true);
  });

  it('retries with exponential backoff on the injected clock, then gives up (not urgent)', async () => {
    const failing: SmsProvider = {
      name: 'down',
      send: async () => {
        throw new Error('down');
      },
    };
    const deps = { ...t.deps, sms: failing };
    const alertId = await newAlert();
    const atRisk = item(alertId, `${alertId}:backoff`, 'sms', { phone: '0903000000' });
    await enqueue([{ ...atRisk, template: 'at_risk', payload: { ...atRisk.payload, level: 'at_risk' } }]);
    const row = async () =>
      (
        await t.db.query<{ status: string; attempts: number; next_attempt_at: Date; last_error: string }>(
          'select status, attempts, next_attempt_at, last_error from deliveries where alert_id = $1',
          [alertId],
        )
      )[0]!;
    const start = t.clock.now().getTime();
    expect(await runDueDeliveries(deps)).toBe(1);
    let r = await row();
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: '500 down' });
    expect(r.next_attempt_at.getTime() - start).toBe(2000);
    t.clock.advance(1999);
    expect(await runDueDeliveries(deps)).toBe(0);
    t.clock.advance(1);
    expect(await runDueDeliveries(deps)).toBe(1);
    r = await row();
    expect(r.next_attempt_at.getTime() - t.clock.now().getTime()).toBe(4000);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(20)]).toEqual([2000, 4000, 8000, 300_000]);
    for (let i = 0; i < 20 && (await row()).status === 'pending'; i++) {
      t.clock.advance(300_000);
      await runDueDeliveries(deps);
    }
    r = await row();
    expect(r).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    const trail = await t.db.query<{ entry: { providerStatus: string; detail: string } }>(
      'select entry from alert_trail where alert_id = $1 order by seq',
      [alertId],
    );
    expect(trail).toHaveLength(MAX_DELIVERY_ATTEMPTS);
    expect(trail.at(-1)!.entry.detail).toContain('gave up');
    // No address for the channel: fails at once, no retry.
    await enqueue([item(null, 'no-phone', 'sms', {})]);
    await runDueDeliveries(t.deps);
    expect(
      (
        await t.db.query<{ status: string; attempts: number }>(
          "select status, attempts from deliveries where dedupe_key = 'no-phone'",
        )
      )[0],
    ).toEqual({ status: 'failed', attempts: 1 });
  });

  it('a delivery claimed by a worker that died is claimed again when its lock expires', async () => {
    await enqueue([item(null, 'crashed-worker', 'sms', { phone: '0904000000' })]);
    const now = t.clock.now();
    const claimed = await repo.claimDue(t.db, now, new Date(now.getTime() + DELIVERY_LOCK_MS), 100); // the worker dies here
    expect(claimed.map((c) => c.dedupe_key)).toContain('crashed-worker');
    expect(await runDueDeliveries(t.deps)).toBe(0);
    t.clock.advance(DELIVERY_LOCK_MS + 1);
    expect(await runDueDeliveries(t.deps)).toBeGreaterThanOrEqual(1);
    expect(
      (
        await t.db.query<{ status: string; attempts: number }>(
          "select status, attempts from deliveries where dedupe_key = 'crashed-worker'",
        )
      )[0],
    ).toEqual({ status: 'sent', attempts: 2 });
    expect(await t.db.query("select 1 from messages where idempotency_key = 'crashed-worker'")).toHaveLength(1);
  });

  it('a live worker renews its claim; a renewal of a claim another worker took over changes nothing', async () => {
    await enqueue([item(null, 'slow-provider', 'sms', { phone: '0904000001' })]);
    const now = t.clock.now();
    const [first] = (await repo.claimDue(t.db, now, new Date(now.getTime() + DELIVERY_LOCK_MS), 100)).filter(
      (c) => c.dedupe_key === 'slow-provider',
    );
    const lockOf = async () =>
      (
        await t.db.query<{ locked_until: Date }>(
          "select locked_until from deliveries where dedupe_key = 'slow-provider'",
        )
      )[0]!.locked_until.getTime();
    // Still sending after most of the lease: the renewal keeps another worker off it.
    t.clock.advance(DELIVERY_LOCK_MS - 1000);
    await repo.renewClaim(t.db, first!.id, first!.attempts, new Date(t.clock.now().getTime() + DELIVERY_LOCK_MS));
    t.clock.advance(2000);
    expect(await runDueDeliveries(t.deps)).toBe(0);
    // The worker dies; past the renewed lease another claims it (attempt 2), and the dead one's late renewal is ignored.
    t.clock.advance(DELIVERY_LOCK_MS);
    const [second] = (
      await repo.claimDue(t.db, t.clock.now(), new Date(t.clock.now().getTime() + DELIVERY_LOCK_MS), 100)
    ).filter((c) => c.dedupe_key === 'slow-provider');
    expect(second!.attempts).toBe(first!.attempts + 1);
    const held = await lockOf();
    await repo.renewClaim(t.db, first!.id, first!.attempts, new Date(t.clock.now().getTime() + 10 * DELIVERY_LOCK_MS));
    expect(await lockOf()).toBe(held);
  });

  it('sends SMS and calls through a Twilio-compatible HTTP API (local stub) and logs 200 / 500', async () => {
    const seen: { url: string; auth: string; idem: string; form: URLSearchParams }[] = [];
    let failNext = false;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          auth: String(req.headers.authorization),
          idem: String(req.headers['i-twilio-idempotency-token']),
          form: new URLSearchParams(body),
        });
        res.setHeader('content-type', 'application/json');
        if (failNext && req.url?.endsWith('/Messages.json')) {
          failNext = false;
          res.statusCode = 500;
          res.end(JSON.stringify({ message: 'stub failure' }));
          return;
        }
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: `SM${seen.length}`, status: 'queued' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const cfg = {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        accountSid: 'AC123',
        authToken: 'tok',
        from: '+15550001',
      };
      const deps = { ...t.deps, sms: new TwilioSmsProvider(t.db, cfg), voice: new TwilioVoiceProvider(t.db, cfg) };
      const alertId = await newAlert();
      failNext = true;
      await enqueue([
        item(alertId, `${alertId}:tw:sms`, 'sms', { phone: '+84905000000' }),
        item(alertId, `${alertId}:tw:call`, 'call', { phone: '+84905000000' }),
      ]);
      await runDueDeliveries(deps);
      t.clock.advance(2000);
      await runDueDeliveries(deps);
      expect(seen).toHaveLength(3);
      const msgs = seen.filter((s) => s.url === '/2010-04-01/Accounts/AC123/Messages.json');
      expect(msgs).toHaveLength(2); // failed once (500), retried after the backoff
      expect(msgs[1]!.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
      expect(msgs.map((m) => m.idem)).toEqual([`${alertId}:tw:sms`, `${alertId}:tw:sms`]);
      expect(msgs[1]!.form.get('To')).toBe('+84905000000');
      expect(msgs[1]!.form.get('From')).toBe('+15550001');
      const call = seen.find((s) => s.url.endsWith('/Calls.json'))!;
      expect(call.form.get('Twiml')).toMatch(/^<Response><Say>CareWatch SOS: Demo Patient/);
      const log = await t.db.query<{ provider: string; status: number; sender: string }>(
        'select provider, status, sender from messages where alert_id = $1 order by created_at, status desc',
        [alertId],
      );
      expect(log.map((l) => l.status).sort()).toEqual([200, 500]);
      expect(log.every((l) => l.provider === 'twilio' && l.sender === '+15550001')).toBe(true);
      expect(await t.db.query<{ status: number }>('select status from calls where alert_id = $1', [alertId])).toEqual([
        { status: 200 },
      ]);
      const states = await t.db.query<{ status: string }>('select status from deliveries where alert_id = $1', [
        alertId,
      ]);
      expect(states.every((s) => s.status === 'sent')).toBe(true);
      // The SMS log shows both attempts.
      const res = await t.get(`/api/account/sms?provider=twilio&to=84905`, await token('cskh'));
      expect(res.status).toBe(200);
      expect((res.body.items as { status: number; from: string }[]).map((i) => i.status).sort()).toEqual([200, 500]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('lists the SMS and call logs with filters and paging, only with MessageLogView, only the own tenant', async () => {
    const cskh = await token('cskh');
    const sms = await t.get('/api/account/sms?size=2&status=200', cskh);
    expect(sms.status).toBe(200);
    expect(sms.body.size).toBe(2);
    expect((sms.body.items as unknown[]).length).toBe(2);
    expect(sms.body.total as number).toBeGreaterThan(2);
    const item0 = (sms.body.items as Record<string, unknown>[])[0]!;
    expect(Object.keys(item0).sort()).toEqual([
      'alertId',
      'body',
      'error',
      'from',
      'id',
      'provider',
      'sendDate',
      'status',
      'to',
    ]);
    const day = t.clock.now().toISOString().slice(0, 10);
    const calls = await t.get(`/api/account/calls?start=${day}&end=${day}&to=0902000001`, cskh);
    expect(calls.status).toBe(200);
    expect((calls.body.items as { to: string }[]).every((c) => c.to === '0902000001')).toBe(true);
    expect(calls.body.total).toBeGreaterThan(0);
    expect((await t.get('/api/account/calls?start=2026-01-01&end=2026-01-02', cskh)).body.total).toBe(0);
    expect(await t.get('/api/account/sms?status=201', cskh)).toMatchObject({
      status: 400,
      body: { details: { field: 'status' } },
    });
    expect(await t.get('/api/account/sms?start=2026-02-02&end=2026-02-01', cskh)).toMatchObject({
      status: 400,
      body: { details: { field: 'end' } },
    });
    expect((await t.get('/api/account/sms', await token('doctor'))).status).toBe(403);
    const other = (await t.login('cskh', 'demo2')).access;
    expect((await t.get('/api/account/calls', other)).body.total).toBe(0);
  });

  it('exports the CDR as .xlsx on demand and writes the daily file at 00:00 UTC', async () => {
    let cskh = await token('cskh');
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await t.call('GET', `/api/account/calls/export?from=${day}&to=${day}`, { token: cskh });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/account/calls/export?from=${day}&to=${day}`,
      headers: { authorization: `Bearer ${cskh}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const count = (
      await t.db.query<{ n: number }>('select count(*)::int as n from calls where tenant_id = $1', [tenantId])
    )[0]!.n;
    expect(ws.rowCount).toBe(count + 1);
    expect(ws.getRow(1).getCell(2).value).toBe('From');
    expect((await t.get('/api/account/calls/export?from=2026-02-02&to=2026-02-01', cskh)).status).toBe(400);
    expect(await t.get('/api/account/calls/export?from=x&to=2026-02-01', cskh)).toMatchObject({
      status: 400,
      body: { details: { field: 'from' } },
    });

    // Daily job: scheduled for the next midnight UTC, writes the previous day's file, then schedules the next.
    await ensureCdrJob(t.deps);
    await ensureCdrJob(t.deps);
    const jobs = await t.db.query<{ run_at: Date }>("select run_at from jobs where kind = $1 and status = 'pending'", [
      CDR_JOB,
    ]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at.toISOString()).toBe(
      `${new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()}`,
    );
    t.clock.set(new Date(jobs[0]!.run_at.getTime() + 1000));
    await t.runJobs();
    cskh = await token('cskh');
    const files = await t.get('/api/account/calls/cdr-files', cskh);
    expect(files.status).toBe(200);
    const f = (files.body.items as { id: string; day: string; rows: number; fileName: string }[])[0]!;
    expect(f).toMatchObject({ day, rows: count, fileName: `cdr-${day}.xlsx` });
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/account/calls/cdr-files/${f.id}`,
      headers: { authorization: `Bearer ${cskh}` },
    });
    expect(dl.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(dl.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.rowCount).toBe(count + 1);
    const next = await t.db.query<{ run_at: Date }>("select run_at from jobs where kind = $1 and status = 'pending'", [
      CDR_JOB,
    ]);
    expect(next).toHaveLength(1);
    expect(next[0]!.run_at.getTime() - jobs[0]!.run_at.getTime()).toBe(86_400_000);
    // Another tenant cannot download it; an unknown id is 404.
    const other = (await t.login('cskh', 'demo2')).access;
    expect((await t.get(`/api/account/calls/cdr-files/${f.id}`, other)).status).toBe(404);
    // demo2 has its own (empty) file of that day.
    expect((await t.get('/api/account/calls/cdr-files', other)).body.items).toEqual([
      expect.objectContaining({ day, rows: 0 }),
    ]);
    expect(((await t.get('/api/account/calls/cdr-files', other)).body.items as { id: string }[])[0]!.id).not.toBe(f.id);
  });
});
