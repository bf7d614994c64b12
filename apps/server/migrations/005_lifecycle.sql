-- Account lifecycle (temporary disable, deactivation with 30-day recovery, scheduled deletion) and the durable job queue.
alter table users add column disabled_until timestamptz;
alter table users add column disabled_reason text;
alter table users add column deactivated_at timestamptz;
alter table users add column deleted_at timestamptz;

create table deactivation_requests (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  reason text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reject_reason text,
  decided_by uuid,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index deactivation_one_pending on deactivation_requests (tenant_id, user_id) where status = 'pending';

-- Durable timers: a row per job, claimed with FOR UPDATE SKIP LOCKED so several server copies share the work.
create table jobs (
  id uuid primary key,
  tenant_id uuid references tenants(id),
  kind text not null,
  run_at timestamptz not null,
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts int not null default 0,
  locked_until timestamptz,
  last_error text,
  dedupe_key text,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index jobs_due on jobs (run_at) where status in ('pending', 'running');
create unique index jobs_dedupe on jobs (dedupe_key) where dedupe_key is not null and status in ('pending', 'running');
