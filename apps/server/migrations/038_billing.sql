-- Issue 17 (billing core): service packages and add-on packs, subscriptions, add-on balances and orders.
-- Money is an integer in minor units (bigint) with its currency. Every tenant has a default Zero package and a Basic
-- plan (created by code: tenant creation, and lazily for tenants that predate this migration — ids are made in code).

create table packages (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  code text not null,
  name text not null,
  kind text not null check (kind in ('plan', 'addon')),
  tier text not null default 'standard' check (tier in ('standard', 'silver', 'gold')),
  currency text not null check (currency in ('VND', 'USD', 'CAD')),
  -- [{ "months": 6, "monthlyPriceMinor": 14000 }, ...]; plans only.
  options jsonb not null default '[]',
  addon_uses int,
  addon_price_minor bigint,
  features jsonb not null default '[]',
  limits jsonb not null default '{"timeMinutes": -1, "storageMb": -1, "uses": -1}',
  icon text,
  description text not null default '',
  enabled boolean not null default true,
  is_default boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  seq bigint generated always as identity
);
-- Code and name are unique per tenant, whatever their case.
create unique index packages_code_unique on packages (tenant_id, lower(code));
create unique index packages_name_unique on packages (tenant_id, lower(name));
create unique index packages_one_default on packages (tenant_id) where is_default;
create index packages_list on packages (tenant_id, kind, seq);

-- A user's paid plan. At most one `active` row per user; none means the user is on the tenant's Zero package.
-- Extending the same plan moves `ends_at`; a different plan supersedes the active row.
create table subscriptions (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  package_id uuid not null references packages(id),
  status text not null check (status in ('active', 'cancelled', 'expired', 'superseded')),
  months int not null,
  price_minor bigint not null default 0,
  currency text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  source text not null check (source in ('order', 'code', 'seed')),
  source_id text,
  -- The order code of the latest purchase (the receipt id).
  receipt_id text,
  -- "About to expire" notices sent for the current end (reset when the end moves).
  notified_7d_at timestamptz,
  notified_1d_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index subscriptions_one_active on subscriptions (tenant_id, user_id) where status = 'active';
create index subscriptions_user on subscriptions (tenant_id, user_id, created_at desc);
create index subscriptions_due on subscriptions (ends_at) where status = 'active';

-- Remaining uses of add-on packs, per user and pack.
create table addon_balances (
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  package_id uuid not null references packages(id),
  remaining_uses int not null default 0 check (remaining_uses >= 0),
  updated_at timestamptz not null,
  primary key (tenant_id, user_id, package_id)
);

create table orders (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  code text not null,
  -- The customer; null only once a deleted account is purged (the order stays for the accounts, anonymous).
  user_id uuid references users(id) on delete set null,
  package_id uuid not null references packages(id),
  item_type text not null check (item_type in ('SERVICE_PACKAGE', 'COUPON')),
  months int,
  quantity int not null default 1,
  amount_minor bigint not null check (amount_minor >= 0),
  tax_minor bigint not null check (tax_minor >= 0),
  total_minor bigint not null check (total_minor >= 0),
  currency text not null check (currency in ('VND', 'USD', 'CAD')),
  provider text,
  channel text not null check (channel in ('APP', 'PORTAL', 'CODE')),
  -- 0 failed, 1 pending, 2 success, 3 refund.
  status smallint not null default 1 check (status in (0, 1, 2, 3)),
  provider_ref text,
  merchant text,
  response_code text,
  response_message text,
  created_at timestamptz not null,
  paid_at timestamptz,
  updated_at timestamptz not null,
  seq bigint generated always as identity
);
create unique index orders_code_unique on orders (tenant_id, code);
create index orders_user on orders (tenant_id, user_id, seq desc);
create index orders_list on orders (tenant_id, created_at desc, id desc);
create index orders_status on orders (tenant_id, status, created_at desc);
