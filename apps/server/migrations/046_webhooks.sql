-- Issue 19: outgoing webhooks. A tenant's admins register endpoints (webhook_endpoints); an event is written in the
-- same transaction as the change it reports (webhook_events, the outbox) together with one delivery per subscribed
-- endpoint (webhook_deliveries), which the webhook worker of any server process claims (FOR UPDATE SKIP LOCKED, with
-- a lease), POSTs, and retries with backoff. Deliveries of one endpoint sharing an aggregate key (one alert) go out in
-- event order. Each attempt is logged (webhook_attempts). Secrets are sealed (SecretBox), never stored plain.
create table webhook_endpoints (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  url text not null,
  description text not null default '',
  events text[] not null,
  enabled boolean not null default true,
  secret_sealed text not null,
  -- A rotation keeps the previous secret signing (a second v1 signature) until previous_expires_at.
  previous_secret_sealed text,
  previous_expires_at timestamptz,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, id)
);
create index webhook_endpoints_tenant on webhook_endpoints (tenant_id, created_at);

create table webhook_events (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  type text not null,
  -- Deliveries of one endpoint with the same key are sent in seq order (alert:<id>, patient:<id>, device:<id>).
  aggregate_key text not null,
  data jsonb not null,
  occurred_at timestamptz not null,
  seq bigint generated always as identity,
  unique (tenant_id, id)
);
create index webhook_events_tenant on webhook_events (tenant_id, occurred_at);

create table webhook_deliveries (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  event_id uuid not null references webhook_events(id) on delete cascade,
  aggregate_key text not null,
  seq bigint not null,
  status text not null check (status in ('pending', 'sending', 'delivered', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_status_code int,
  last_error text,
  last_duration_ms int,
  delivered_at timestamptz,
  -- A replay is a new delivery of a past event (its own aggregate key: it waits for nothing).
  replay_of uuid references webhook_deliveries(id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, id)
);
create unique index webhook_deliveries_once on webhook_deliveries (tenant_id, endpoint_id, event_id) where replay_of is null;
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'sending');
create index webhook_deliveries_order on webhook_deliveries (endpoint_id, aggregate_key, seq) where status in ('pending', 'sending');
create index webhook_deliveries_log on webhook_deliveries (tenant_id, endpoint_id, created_at desc);

create table webhook_attempts (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
  attempt int not null,
  at timestamptz not null,
  status_code int,
  duration_ms int not null,
  error text,
  unique (tenant_id, id)
);
create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempt);

-- Permission 177 (manage webhooks), granted to the default admin roles of tenants that already exist (new tenants get
-- it from DEFAULT_ROLE_PERMISSIONS).
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 177
  from roles r
 where r.is_default and r.code in ('root', 'super_admin', 'system_admin', 'admin')
on conflict do nothing;
