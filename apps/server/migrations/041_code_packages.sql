-- Issue 17: code packages (staff-portal spec §2, §3 "Code package", §5). A package is a batch of redemption codes
-- sold to an organization; each code, redeemed once in the app, grants the package's upgrade plan for its months.
create table code_packages (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  -- Per-tenant number; the series prefix of its codes is 'CP' || lpad(number, 4, '0').
  number int not null,
  name text not null,
  type text not null check (type in ('SERVICE_PACKAGE', 'COUPON')),
  total_codes int not null check (total_codes between 1 and 10000),
  -- Days, in the redeeming user's time zone: usable from the start of available_from to the end of expires_on.
  available_from date not null,
  expires_on date not null,
  benefits text not null,
  total_vouchers int not null check (total_vouchers >= 1),
  recipient_organization text not null,
  upgrade_package_id uuid not null references packages(id),
  upgrade_months int not null check (upgrade_months between 1 and 60),
  created_by uuid not null references users(id),
  created_at timestamptz not null,
  check (expires_on >= available_from),
  unique (tenant_id, number),
  unique (tenant_id, name)
);
create index code_packages_list on code_packages (tenant_id, created_at desc, id desc);

-- One redemption code. `code` is the canonical form (12 characters of a 32-letter alphabet, 60 random bits), unique
-- per tenant: staff print and export it, so it is kept readable rather than hashed.
create table code_package_codes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  package_id uuid not null references code_packages(id),
  seq int not null,
  code text not null,
  status text not null default 'not_paid' check (status in ('not_paid', 'paid', 'used', 'locked')),
  -- Purchase date: when the code was marked paid (kept once used).
  purchased_at timestamptz,
  -- Activation date: when it was redeemed, by whom, and the order recorded for it.
  activated_at timestamptz,
  redeemed_by uuid references users(id),
  order_id uuid,
  updated_at timestamptz not null,
  unique (tenant_id, code),
  unique (tenant_id, package_id, seq)
);
create index code_package_codes_status on code_package_codes (tenant_id, package_id, status, seq);
