import type { Db } from '../../platform/db.ts';

export type OtpRow = {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
  verified_at: Date | null;
  created_at: Date;
};
export type OtpPurpose = 'login' | 'register' | 'reset';

export async function insertOtp(
  db: Db,
  tenantId: string,
  o: {
    id: string;
    purpose: OtpPurpose;
    channel: 'email' | 'sms';
    target: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  },
) {
  // A new code replaces any earlier live one for the same purpose and target.
  await db.query(
    'update otp_codes set used_at = $4 where tenant_id = $1 and purpose = $2 and target = $3 and used_at is null',
    [tenantId, o.purpose, o.target, o.now],
  );
  await db.query(
    'insert into otp_codes (id, tenant_id, purpose, channel, target, code_hash, expires_at, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8)',
    [o.id, tenantId, o.purpose, o.channel, o.target, o.codeHash, o.expiresAt, o.now],
  );
}
export async function latestOtp(db: Db, tenantId: string, purpose: OtpPurpose, target: string): Promise<OtpRow | null> {
  const rows = await db.query<OtpRow>(
    'select id, code_hash, attempts, expires_at, used_at, verified_at, created_at from otp_codes where tenant_id = $1 and purpose = $2 and target = $3 order by created_at desc, id desc limit 1',
    [tenantId, purpose, target],
  );
  return rows[0] ?? null;
}
export async function addAttempt(db: Db, tenantId: string, id: string): Promise<number> {
  const rows = await db.query<{ attempts: number }>(
    'update otp_codes set attempts = attempts + 1 where tenant_id = $1 and id = $2 returning attempts',
    [tenantId, id],
  );
  return rows[0]?.attempts ?? 0;
}
export async function markUsed(db: Db, tenantId: string, id: string, now: Date) {
  await db.query('update otp_codes set used_at = $3 where tenant_id = $1 and id = $2', [tenantId, id, now]);
}
export async function markVerified(db: Db, tenantId: string, id: string, now: Date) {
  await db.query('update otp_codes set verified_at = $3 where tenant_id = $1 and id = $2', [tenantId, id, now]);
}
