-- Foundation: tenants, settings, org tree (minimal, grown by later migrations), roles, users, sessions, OTP, messages, audit.
create table app_secrets (
  key text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

create table tenants (
  id uuid primary key,
  code text not null unique,
  name text not null unique,
  official_name text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table tenant_settings (
  tenant_id uuid not null references tenants(id),
  key text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, key)
);

create table scopes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  name text not null,
  level int not null check (level between 1 and 5),
  type text,
  parent_id uuid references scopes(id),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (tenant_id, level, name)
);
create index scopes_parent on scopes (tenant_id, parent_id);

create table health_centers (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  name text not null,
  scope_id uuid references scopes(id),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  unique (tenant_id, name)
);

create table roles (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  code text not null,
  name text not null,
  description text,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  unique (tenant_id, code)
);
create unique index roles_name_unique on roles (tenant_id, lower(name));

create table role_permissions (
  tenant_id uuid not null references tenants(id),
  role_id uuid not null references roles(id) on delete cascade,
  permission_id int not null,
  primary key (tenant_id, role_id, permission_id)
);

create table users (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  email text,
  phone text,
  password_hash text,
  first_name text not null,
  last_name text not null,
  status text not null default 'active' check (status in ('active', 'pending_approval', 'rejected', 'disabled', 'deactivated', 'deleted')),
  language text not null default 'en',
  timezone text not null default 'Asia/Ho_Chi_Minh',
  unit_system text not null default 'metric',
  thermal_unit text not null default 'C',
  blood_glucose_unit text not null default 'mmol/L',
  avatar_path text,
  failed_logins int not null default 0,
  locked_until timestamptz,
  permissions_version int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_unique on users (tenant_id, email) where email is not null;
create unique index users_phone_unique on users (tenant_id, phone) where phone is not null;

-- A user's levels: one row per (role, scope, health center) they may act at.
create table user_roles (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  role_id uuid not null references roles(id),
  scope_id uuid references scopes(id),
  center_id uuid references health_centers(id),
  is_main boolean not null default false,
  created_at timestamptz not null default now()
);
create index user_roles_user on user_roles (tenant_id, user_id);
create index user_roles_role on user_roles (tenant_id, role_id);

create table sessions (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  user_role_id uuid not null references user_roles(id) on delete cascade,
  client text not null default 'portal',
  remember_me boolean not null default false,
  permissions_version int not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user on sessions (tenant_id, user_id) where revoked_at is null;

create table refresh_tokens (
  token_hash text primary key,
  tenant_id uuid not null references tenants(id),
  session_id uuid not null references sessions(id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);

create table otp_codes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  purpose text not null check (purpose in ('login', 'register', 'reset')),
  channel text not null check (channel in ('email', 'sms')),
  target text not null,
  code_hash text not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_lookup on otp_codes (tenant_id, purpose, target, created_at desc);

create table messages (
  id uuid primary key,
  tenant_id uuid references tenants(id),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  provider text not null,
  status int not null,
  error text,
  created_at timestamptz not null default now()
);
create index messages_tenant_time on messages (tenant_id, created_at desc);

create table audit_log (
  id uuid primary key,
  tenant_id uuid references tenants(id),
  actor_id uuid,
  action text not null,
  resource text,
  resource_id text,
  outcome text not null,
  ip text,
  request_id text,
  details jsonb,
  created_at timestamptz not null default now()
);
create index audit_tenant_time on audit_log (tenant_id, created_at desc);

-- Failed logins counted per (tenant, login name) whether or not the account exists, so a lockout
-- never reveals which accounts exist.
create table login_failures (
  tenant_id uuid not null references tenants(id),
  username text not null,
  failures int not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, username)
);
