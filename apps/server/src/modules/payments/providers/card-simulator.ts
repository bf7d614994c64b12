import crypto from 'node:crypto';
import type { CARD_PROVIDERS } from '@carewatch/contracts/billing';
import type { Db } from '../../../platform/db.ts';
import type { Deps } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { settleOrder } from '../orders.service.ts';
import * as repo from '../checkout.repo.ts';
import type { PaymentProvider, StartInput } from './provider.ts';

type TCardProvider = (typeof CARD_PROVIDERS)[number];

/**
 * Scratch cards / phone accounts (Viettel Pay, BCCS) behind the provider interface, served by a local simulator:
 * the sim_cards table (seeded for the demo tenants). A card pays once, for its whole value; 3 wrong security codes
 * lock it. Wrong card code or security code → CARD_WRONG; the third wrong one (and any later try) → CARD_LOCKED;
 * a value below the order total, another currency, or an already used card → PAYMENT_FAILED ("not enough money").
 * The order stays pending on every refusal (the customer may try another card).
 */
export const CARD_LOCK_AFTER = 3;

export const securityHash = (securityCode: string) =>
  crypto.createHash('sha256').update(`cw-sim-card:${securityCode}`).digest('hex');
const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

type CardOutcome = 'paid' | 'CARD_WRONG' | 'CARD_LOCKED' | 'PAYMENT_FAILED' | 'ORDER_NOT_PENDING';

async function charge(deps: Deps, tenantId: string, provider: TCardProvider, input: StartInput): Promise<CardOutcome> {
  const card = input.card;
  if (!card) return 'CARD_WRONG';
  const order = input.order;
  const now = deps.clock.now();
  try {
    return await deps.db.tx(async (tx): Promise<CardOutcome> => {
      const row = await repo.lockCard(tx, tenantId, provider, card.code);
      if (!row) return 'CARD_WRONG';
      if (row.locked_at) return 'CARD_LOCKED';
      if (!same(row.security_hash, securityHash(card.securityCode))) {
        // Returned, not thrown: the count is committed.
        const n = await repo.cardFailed(tx, tenantId, row.id, CARD_LOCK_AFTER, now);
        return n >= CARD_LOCK_AFTER ? 'CARD_LOCKED' : 'CARD_WRONG';
      }
      if (row.used_at || row.currency !== order.currency || Number(row.value_minor) < order.totalMinor)
        return 'PAYMENT_FAILED';
      if (!(await repo.useCard(tx, tenantId, row.id, order.code, now))) return 'PAYMENT_FAILED';
      const r = await settleOrder({ ...deps, db: tx }, tenantId, {
        provider,
        orderCode: order.code,
        amountMinor: order.totalMinor,
        providerRef: `SIM-${row.id.slice(0, 8)}`,
        merchant: provider,
        responseCode: 'success',
        responseMessage: 'success',
      });
      // Not confirmed (paid meanwhile by another way): undo the card's use with the whole transaction.
      if (r.outcome !== 'confirmed') throw new NotSettled();
      return 'paid';
    });
  } catch (e) {
    if (e instanceof NotSettled) return 'ORDER_NOT_PENDING';
    throw e;
  }
}
class NotSettled extends Error {}

function cardProvider(id: TCardProvider): PaymentProvider {
  return {
    id,
    kind: 'card',
    // The simulator is always there (it is the embedded card network).
    available: async () => true,
    async start(input) {
      const out = await charge(input.deps, input.tenantId, id, input);
      if (out !== 'paid') throw new AppError(out);
      return { kind: 'settled' };
    },
  };
}
export const viettelPayProvider = cardProvider('VIETTEL_PAY');
export const bccsProvider = cardProvider('BCCS');

/**
 * The demo tenants' simulated cards (documented in the README): per provider, a card of 500,000 đ, one of
 * 200,000 đ and one of 10,000 đ (too little for a plan). Codes: <prefix><n>; security code 1234567890 + n.
 * Viettel Pay prefix 1000 0000 0000 0, BCCS 2000 0000 0000 0 (13 digits + n, 14 digits in all).
 */
export const DEMO_CARDS: ReadonlyArray<{
  provider: TCardProvider;
  code: string;
  securityCode: string;
  valueMinor: number;
}> = [
  { provider: 'VIETTEL_PAY', code: '10000000000001', securityCode: '12345678901', valueMinor: 500_000 },
  { provider: 'VIETTEL_PAY', code: '10000000000002', securityCode: '12345678902', valueMinor: 200_000 },
  { provider: 'VIETTEL_PAY', code: '10000000000003', securityCode: '12345678903', valueMinor: 10_000 },
  { provider: 'BCCS', code: '20000000000001', securityCode: '12345678901', valueMinor: 500_000 },
  { provider: 'BCCS', code: '20000000000002', securityCode: '12345678902', valueMinor: 200_000 },
  { provider: 'BCCS', code: '20000000000003', securityCode: '12345678903', valueMinor: 10_000 },
];

export async function seedDemoCards(db: Db, tenantId: string, now: Date): Promise<void> {
  for (const c of DEMO_CARDS) {
    await repo.insertCard(db, tenantId, {
      id: newId(),
      provider: c.provider,
      code: c.code,
      securityHash: securityHash(c.securityCode),
      valueMinor: c.valueMinor,
      currency: 'VND',
      now,
    });
  }
}

/** Adds one simulated card (tests, demos). */
export async function addSimCard(
  db: Db,
  tenantId: string,
  c: { provider: TCardProvider; code: string; securityCode: string; valueMinor: number; currency?: string },
  now: Date,
): Promise<void> {
  await repo.insertCard(db, tenantId, {
    id: newId(),
    provider: c.provider,
    code: c.code,
    securityHash: securityHash(c.securityCode),
    valueMinor: c.valueMinor,
    currency: c.currency ?? 'VND',
    now,
  });
}
