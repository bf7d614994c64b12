import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import type { OutgoingSms, ProviderAnswer, SmsProvider } from '../../platform/providers/messaging.ts';
import { MAX_DELIVERY_ATTEMPTS, runDueDeliveries, startDeliveryWorker, URGENT_RETRY_MS } from './delivery.worker.ts';

/** Answers at once, except for one number whose sends hang until released (a provider timing out). */
class HangingSms implements SmsProvider {
  readonly name = 'record';
  readonly sent: string[] = [];
  hangingStarted = false;
  private release!: () => void;
  private readonly gate = new Promise<void>((r) => {
    this.release = r;
  });
  constructor(private readonly slowNumber: string) {}
  async send(m: OutgoingSms): Promise<ProviderAnswer> {
    if (m.to === this.slowNumber) {
      this.hangingStarted = true;
      await this.gate;
    }
    this.sent.push(m.to);
    return { status: 200, ref: m.to };
  }
  open() {
    this.release();
  }
}

describe('delivery worker lanes', () => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const sms = (key: string, phone: string): OutboxItem => ({
    dedupeKey: key,
    channel: 'sms',
    alertId: null,
    recipientUserId: null,
    recipientPhone: phone,
    recipientEmail: null,
    template: 'sos',
    payload: { patientName: 'Demo Patient', index: 'heart_rate', value: 190, unit: 'bpm', level: 'sos' },
  });
  const enqueue = (items: OutboxItem[]) => t.db.tx((tx) => enqueueDeliveries(tx, tenantId, items, t.clock.now()));
  const statusOf = async (key: string) =>
    (await t.db.query<{ status: string }>('select status from deliveries where dedupe_key = $1', [key]))[0]?.status;
  const until = async (what: () => Promise<boolean> | boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('a hanging provider call holds one lane: an SOS text due meanwhile goes out at once on another', async () => {
    const provider = new HangingSms('0901999001');
    const stop = startDeliveryWorker({ ...t.deps, sms: provider }, 20, 2);
    try {
      const k1 = `lane-${newId()}`;
      await enqueue([sms(k1, '0901999001')]);
      await until(() => provider.hangingStarted);
      // While that send hangs, an SOS text falls due.
      const k2 = `lane-${newId()}`;
      await enqueue([sms(k2, '0901999002')]);
      await until(async () => (await statusOf(k2)) === 'sent', 5_000);
      expect(await statusOf(k1)).toBe('sending');
      expect(provider.sent).toEqual(['0901999002']);
      provider.open();
      await until(async () => (await statusOf(k1)) === 'sent');
      expect(provider.sent).toEqual(['0901999002', '0901999001']);
    } finally {
      provider.open();
      await stop();
    }
  });

  it('an SOS text keeps trying past MAX_DELIVERY_ATTEMPTS while the provider is down, for a day', async () => {
    const down: SmsProvider = {
      name: 'down',
      send: async () => {
        throw new Error('down');
      },
    };
    const deps = { ...t.deps, sms: down };
    const key = `urgent-${newId()}`;
    await enqueue([sms(key, '0903000001')]);
    const row = async () =>
      (
        await t.db.query<{ status: string; attempts: number }>(
          'select status, attempts from deliveries where dedupe_key = $1',
          [key],
        )
      )[0]!;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 5; i++) {
      await runDueDeliveries(deps);
      t.clock.advance(300_000);
    }
    expect(await row()).toMatchObject({ status: 'pending', attempts: MAX_DELIVERY_ATTEMPTS + 5 });
    t.clock.advance(URGENT_RETRY_MS);
    await runDueDeliveries(deps);
    expect((await row()).status).toBe('failed');
  });
});
