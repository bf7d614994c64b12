import { BASIC_PACKAGE_CODE, ZERO_PACKAGE_CODE } from '@carewatch/contracts/billing';
import type { Db } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import { ensureDefaultPackages } from '../modules/packages/packages.service.ts';
import { findByCode } from '../modules/packages/packages.repo.ts';
import { activatePlanTx } from '../modules/subscriptions/subscriptions.service.ts';
import { DEMO_PASSWORD } from '../modules/seed/demo.ts';
import type { TestApp } from './test-app.ts';

/** A watch bound to the user (devices.user_id), synced at `now`: the account has a connected wearable. */
export async function connectWearable(db: Db, tenantId: string, userId: string, now: Date): Promise<string> {
  const id = newId();
  const serial = `TEST-${id.slice(-12)}`;
  await db.query(
    `insert into devices (id, tenant_id, model, name, serial, user_id, connection_status, latest_sync, first_connect, last_connect, activated_at, import_date, created_at, updated_at)
     values ($1,$2,'GT5','Test watch',$3,$4,1,$5,$5,$5,$5,$5,$5,$5)`,
    [id, tenantId, serial, userId, now],
  );
  return id;
}

/**
 * Puts an app account on Basic (12 months from `now`) with a connected wearable, so the Basic-gated app routes
 * (medical records, doctor requests) answer as before issue 17. `wearable: false` leaves out the watch.
 */
export async function grantBasic(
  db: Db,
  tenantId: string,
  userId: string,
  now: Date,
  o: { wearable?: boolean; months?: 6 | 12 | 24 } = {},
): Promise<void> {
  await ensureDefaultPackages(db, tenantId, now);
  const basic = (await findByCode(db, tenantId, BASIC_PACKAGE_CODE))!;
  await db.tx((tx) =>
    activatePlanTx(
      tx,
      tenantId,
      userId,
      { packageId: basic.id, months: o.months ?? 12, source: 'code', sourceId: `TEST-${newId()}` },
      now,
    ),
  );
  if (o.wearable !== false) await connectWearable(db, tenantId, userId, now);
}

/** The tenant's Zero and Basic package ids. */
export async function defaultPackageIds(db: Db, tenantId: string, now: Date): Promise<{ zero: string; basic: string }> {
  await ensureDefaultPackages(db, tenantId, now);
  return {
    zero: (await findByCode(db, tenantId, ZERO_PACKAGE_CODE))!.id,
    basic: (await findByCode(db, tenantId, BASIC_PACKAGE_CODE))!.id,
  };
}

/** Signs an app account in through the patient app (X-Client: app) and answers its access token. */
export async function appLogin(
  t: Pick<TestApp, 'call'>,
  email: string,
  tenant = email.endsWith('@demo2.test') ? 'demo2' : 'demo',
): Promise<string> {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    form: { tenant, username: email, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  if (res.status !== 200) throw new Error(`app login ${email}: ${res.status} ${res.raw}`);
  return String(res.body.access_token);
}
