import { BASIC_PACKAGE_CODE } from '@carewatch/contracts/billing';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { findByCode } from '../packages/packages.repo.ts';
import { insertSub, setPatientExpiry } from '../subscriptions/subscriptions.repo.ts';
import { addMonths } from '../../platform/clock.ts';

/**
 * Issue 17: the demo patient of tenant `demo` (patient@demo.test, who wears a connected GT5) is on Basic for 12
 * months, so the app's Basic screens (medical records, doctor requests) work in the walk-through and the E2E tests.
 * patient@demo2.test stays on the free Zero package (with a connected watch too): the account for the billing walk.
 */
export async function seedDemoBasic(db: Db, tenantId: string, userId: string, now: Date): Promise<void> {
  const basic = await findByCode(db, tenantId, BASIC_PACKAGE_CODE);
  if (!basic) return;
  const endsAt = addMonths(now, 12);
  await insertSub(db, tenantId, {
    id: newId(now.getTime()),
    userId,
    packageId: basic.id,
    months: 12,
    priceMinor: 12 * 10_000,
    currency: basic.currency,
    startsAt: now,
    endsAt,
    source: 'seed',
    sourceId: null,
    receiptId: null,
    now,
  });
  await setPatientExpiry(db, tenantId, userId, endsAt);
}
