-- Tenants: connection type and dedicated database connections, trial and branding requests.
alter table tenants add column connection_type text not null default 'shared' check (connection_type in ('shared', 'dedicated'));
alter table tenants add column connected boolean not null default true;
alter table tenants add column updated_at timestamptz not null default now();
create unique index tenants_name_lower on tenants (lower(name));

-- Exactly 3 rows for a dedicated tenant (enforced by the service); passwords encrypted (AES-256-GCM).
create table tenant_connections (
  tenant_id uuid not null references tenants(id),
  position int not null check (position between 0 and 2),
  host text not null,
  port int not null check (port between 1 and 65535),
  username text not null,
  password_enc text not null,
  public_url text not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, position)
);

-- Platform-level (like tenants): a trial request exists before its tenant does, so tenant_id is
-- null until approval for TRIAL_REQUEST and the requesting tenant for UPDATE_BRANDING.
create table tenant_requests (
  id uuid primary key,
  type text not null check (type in ('TRIAL_REQUEST', 'UPDATE_BRANDING')),
  status text not null default 'new' check (status in ('new', 'approved', 'rejected')),
  tenant_id uuid references tenants(id),
  requested_by uuid,
  organization_name text not null,
  contact_name text not null,
  email text not null,
  phone text not null default '',
  tenant_code text not null default '',
  color text not null,
  square_logo_url text not null,
  horizontal_logo_url text not null,
  reason text,
  decided_by uuid,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index tenant_requests_list on tenant_requests (type, status, created_at desc);
