-- Tickets (issue 5, staff-portal spec §2-§4): SOS call, SOS indicator and hotline tickets handled by customer care,
-- with their activities (status changes, schedule confirmed by the assistant, doctor consultation, completion, results).
-- `sos_case_id` / `alert_id` point at the alerts module's rows (no foreign key: the ticket outlives their clean-up).
create table tickets (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  -- Human reference shown in lists, e.g. T-000042 (per tenant).
  seq bigint not null,
  type text not null check (type in ('sos_call', 'sos_indicator', 'hotline')),
  status text not null check (status in ('new', 'confirm', 'processing', 'complete', 'success', 'canceled')),
  patient_id uuid references patients(id) on delete cascade,
  sos_case_id uuid,
  alert_id uuid,
  caller_name text,
  caller_phone text,
  description text,
  cancel_reason text,
  created_by uuid,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  confirmed_at timestamptz,
  processing_at timestamptz,
  completed_at timestamptz,
  closed_at timestamptz
);
create unique index tickets_seq on tickets (tenant_id, seq);
create index tickets_list on tickets (tenant_id, created_at desc);
create index tickets_patient on tickets (tenant_id, patient_id);
-- One ticket per SOS case and type: `openTicketForSos` may run twice (at-least-once workers).
create unique index tickets_sos_case on tickets (tenant_id, sos_case_id, type) where sos_case_id is not null;

-- Per-tenant counter behind `tickets.seq` (upsert ... returning: atomic under concurrency).
create table ticket_counters (
  tenant_id uuid primary key references tenants(id),
  last_seq bigint not null
);

create table ticket_activities (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  ticket_id uuid not null references tickets(id) on delete cascade,
  kind text not null check (kind in ('created', 'status', 'schedule_confirmed', 'doctor_consultation', 'completion', 'results_returned', 'note')),
  from_status text,
  to_status text,
  note text,
  actor_id uuid,
  created_at timestamptz not null,
  -- Insertion order: activities written in the same millisecond keep their order.
  seq bigint generated always as identity
);
create index ticket_activities_ticket on ticket_activities (tenant_id, ticket_id, created_at, seq);
