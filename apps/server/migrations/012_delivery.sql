-- Delivery (issue 5): the transactional outbox of notifications, in-app notifications, web-push subscriptions,
-- the SMS log's sender and idempotency key, the call log (CDR) and the daily CDR export files.

-- One row per (tenant, dedupe key): an alert's notification to one recipient on one channel is delivered once.
create table deliveries (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  dedupe_key text not null,
  channel text not null check (channel in ('in_app', 'push', 'sms', 'call', 'email')),
  alert_id uuid,
  recipient_user_id uuid,
  recipient_phone text,
  recipient_email text,
  template text not null,
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  provider_answer text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  unique (tenant_id, dedupe_key)
);
create index deliveries_due on deliveries (next_attempt_at) where status in ('pending', 'sending');
create index deliveries_alert on deliveries (tenant_id, alert_id) where alert_id is not null;

-- In-app notifications (staff portal bell, patient app inbox). `delivery_id` makes an in-app delivery idempotent.
create table notifications (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  type text not null,
  title text not null,
  body text not null,
  alert_id uuid,
  patient_id uuid,
  sender_id uuid,
  delivery_id uuid unique,
  read_at timestamptz,
  created_at timestamptz not null
);
create index notifications_user on notifications (tenant_id, user_id, created_at desc);
create index notifications_unread on notifications (tenant_id, user_id) where read_at is null;

create table push_subscriptions (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null,
  unique (tenant_id, endpoint)
);
create index push_subscriptions_user on push_subscriptions (tenant_id, user_id);

-- SMS log: who sent it (the provider's number), the outbox key given to the provider, and the alert it belongs to.
alter table messages add column sender text;
alter table messages add column idempotency_key text;
alter table messages add column alert_id uuid;
create index messages_sms on messages (tenant_id, channel, created_at desc);

-- Call log (CDR): one row per voice call placed by a provider.
create table calls (
  id uuid primary key,
  tenant_id uuid references tenants(id),
  from_number text not null,
  to_number text not null,
  provider text not null,
  status int not null,
  duration_s int not null default 0,
  started_at timestamptz not null,
  ended_at timestamptz,
  provider_ref text,
  idempotency_key text,
  alert_id uuid,
  message text,
  error text,
  created_at timestamptz not null default now()
);
create index calls_tenant_time on calls (tenant_id, started_at desc);

-- Daily CDR exports written under DATA_DIR/cdr/<tenant>/ by the midnight job.
create table cdr_files (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  day date not null,
  file_name text not null,
  rows int not null,
  size_bytes int not null,
  created_at timestamptz not null,
  unique (tenant_id, day)
);
