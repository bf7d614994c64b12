import type { Db } from '../../platform/db.ts';

export type PaymentConfigRow = {
  tenant_id: string;
  partner_id: string | null;
  partner_api_key_enc: string | null;
  partner_verified_at: Date | null;
  tax_rate_bp: number;
  tax_set_at: Date | null;
  updated_at: Date;
};
export type PaymentMethodKind = 'stripe' | 'vnpay' | 'sandbox';
export type PaymentMethodRow = {
  id: string;
  tenant_id: string;
  method: PaymentMethodKind;
  access_key: string;
  share_key_enc: string;
  secret_key_enc: string;
  callback_url: string;
  verified_at: Date;
};

export async function getConfig(db: Db, tenantId: string): Promise<PaymentConfigRow | null> {
  const rows = await db.query<PaymentConfigRow>(
    `select tenant_id, partner_id, partner_api_key_enc, partner_verified_at, tax_rate_bp, tax_set_at, updated_at
       from payment_configs where tenant_id = $1`,
    [tenantId],
  );
  return rows[0] ?? null;
}

export async function savePartner(
  db: Db,
  tenantId: string,
  v: { partnerId: string; apiKeyEnc: string; now: Date; by: string },
): Promise<void> {
  await db.query(
    `insert into payment_configs (tenant_id, partner_id, partner_api_key_enc, partner_verified_at, updated_at, updated_by)
     values ($1, $2, $3, $4, $4, $5)
     on conflict (tenant_id) do update set partner_id = excluded.partner_id, partner_api_key_enc = excluded.partner_api_key_enc,
       partner_verified_at = excluded.partner_verified_at, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [tenantId, v.partnerId, v.apiKeyEnc, v.now, v.by],
  );
}

export async function saveTax(db: Db, tenantId: string, v: { rateBp: number; now: Date; by: string }): Promise<void> {
  await db.query(
    `update payment_configs set tax_rate_bp = $2, tax_set_at = $3, updated_at = $3, updated_by = $4 where tenant_id = $1`,
    [tenantId, v.rateBp, v.now, v.by],
  );
}

export async function taxRateBp(db: Db, tenantId: string): Promise<number> {
  const rows = await db.query<{ tax_rate_bp: number }>('select tax_rate_bp from payment_configs where tenant_id = $1', [
    tenantId,
  ]);
  return Number(rows[0]?.tax_rate_bp ?? 0);
}

const METHOD_COLS = 'id, tenant_id, method, access_key, share_key_enc, secret_key_enc, callback_url, verified_at';

export async function listMethods(db: Db, tenantId: string): Promise<PaymentMethodRow[]> {
  return db.query<PaymentMethodRow>(`select ${METHOD_COLS} from payment_methods where tenant_id = $1 order by method`, [
    tenantId,
  ]);
}

export async function getMethod(db: Db, tenantId: string, method: PaymentMethodKind): Promise<PaymentMethodRow | null> {
  const rows = await db.query<PaymentMethodRow>(
    `select ${METHOD_COLS} from payment_methods where tenant_id = $1 and method = $2`,
    [tenantId, method],
  );
  return rows[0] ?? null;
}

/** Every tenant's verified method of a kind with this access key (the VNPay IPN's vnp_TmnCode). Spans tenants by design. */
export async function methodsByAccessKey(
  db: Db,
  method: PaymentMethodKind,
  accessKey: string,
): Promise<PaymentMethodRow[]> {
  return db.query<PaymentMethodRow>(
    `select ${METHOD_COLS} from payment_methods where method = $1 and access_key = $2`,
    [method, accessKey],
  );
}

/** Every tenant's verified method of a kind (the Stripe webhook tries each tenant's webhook secret). Spans tenants by design. */
export async function methodsOfKind(db: Db, method: PaymentMethodKind): Promise<PaymentMethodRow[]> {
  return db.query<PaymentMethodRow>(
    `select ${METHOD_COLS} from payment_methods where method = $1 order by verified_at`,
    [method],
  );
}

export async function saveMethod(
  db: Db,
  tenantId: string,
  v: {
    id: string;
    method: PaymentMethodKind;
    accessKey: string;
    shareKeyEnc: string;
    secretKeyEnc: string;
    callbackUrl: string;
    now: Date;
    by: string;
  },
): Promise<void> {
  await db.query(
    `insert into payment_methods (id, tenant_id, method, access_key, share_key_enc, secret_key_enc, callback_url, verified_at, updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (tenant_id, method) do update set access_key = excluded.access_key, share_key_enc = excluded.share_key_enc,
       secret_key_enc = excluded.secret_key_enc, callback_url = excluded.callback_url, verified_at = excluded.verified_at,
       updated_by = excluded.updated_by`,
    [v.id, tenantId, v.method, v.accessKey, v.shareKeyEnc, v.secretKeyEnc, v.callbackUrl, v.now, v.by],
  );
}
