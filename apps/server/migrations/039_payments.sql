-- Issue 17 (H2): a tenant's payment configuration (partner verification, verified payment methods, tax), the provider
-- events already applied (each provider event once), and the scratch-card / phone-account simulator.

-- Step 1 (partner) and step 3 (tax) of the spec's setup order. The partner API key is sealed (SecretBox).
create table payment_configs (
  tenant_id uuid primary key references tenants(id),
  partner_id text,
  partner_api_key_enc text,
  partner_verified_at timestamptz,
  -- Basis points: 1000 = 10 %.
  tax_rate_bp int not null default 0 check (tax_rate_bp >= 0 and tax_rate_bp <= 10000),
  tax_set_at timestamptz,
  updated_at timestamptz not null,
  updated_by uuid references users(id) on delete set null
);

-- Step 2: one verified method per kind. access_key is public (VNPay TmnCode, Stripe publishable key); the share key
-- and the secret key are sealed.
create table payment_methods (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  method text not null check (method in ('stripe', 'vnpay', 'sandbox')),
  access_key text not null,
  share_key_enc text not null,
  secret_key_enc text not null,
  callback_url text not null,
  verified_at timestamptz not null,
  updated_by uuid references users(id) on delete set null,
  unique (tenant_id, method)
);
-- The VNPay IPN finds its tenant by vnp_TmnCode.
create index payment_methods_access on payment_methods (method, access_key);

-- Provider events (Stripe event ids, VNPay transaction numbers, sandbox callbacks) applied once.
create table payment_events (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  provider text not null,
  event_id text not null,
  event_type text not null,
  order_code text,
  outcome text not null,
  received_at timestamptz not null,
  unique (tenant_id, provider, event_id)
);

-- The scratch-card / phone-account simulator (VIETTEL_PAY, BCCS): cards with a value; 3 wrong security codes lock a card.
create table sim_cards (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  provider text not null check (provider in ('VIETTEL_PAY', 'BCCS')),
  code text not null,
  -- sha256 hex of the security code.
  security_hash text not null,
  value_minor bigint not null check (value_minor >= 0),
  currency text not null,
  failed_attempts int not null default 0,
  locked_at timestamptz,
  used_at timestamptz,
  used_order_code text,
  created_at timestamptz not null,
  unique (tenant_id, provider, code)
);
