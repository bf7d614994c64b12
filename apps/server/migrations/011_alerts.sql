-- Alerts (issue 5): per-patient thresholds and alert settings, alerts with their escalation state and trail, SOS cases.

-- A patient's own thresholds, one row per index (indexes without a row follow the tenant defaults).
-- `low` / `high` hold the levels of each side as JSON ({"atRisk":…, "highRisk":…, "sos":…}, canonical units).
create table patient_thresholds (
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  idx text not null,
  low jsonb not null,
  high jsonb not null,
  locked boolean not null default false,
  patient_may_edit boolean not null default false,
  updated_at timestamptz not null,
  updated_by uuid,
  primary key (tenant_id, patient_id, idx)
);

-- Per-patient alert settings: seconds the patient has to answer a high-risk prompt (default 15).
create table patient_alert_settings (
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  confirm_seconds int not null,
  updated_at timestamptz not null,
  updated_by uuid,
  primary key (tenant_id, patient_id)
);

-- One alert per (patient, metric) while open; an SOS-button alert has no metric. `state` is the escalation machine's
-- state (`@carewatch/clinical/escalation`), `status` / `level` mirror it for lists.
create table alerts (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  metric text,
  idx text,
  level text not null check (level in ('normal', 'at_risk', 'high_risk', 'sos')),
  status text not null check (status in ('open', 'acknowledged', 'closed', 'suppressed')),
  source text not null check (source in ('reading', 'sos_button', 'send_sos')),
  value double precision,
  rule jsonb,
  state jsonb not null,
  opened_at timestamptz not null,
  acknowledged_at timestamptz,
  acknowledged_by uuid,
  closed_at timestamptz,
  sos_case_id uuid,
  updated_at timestamptz not null
);
create unique index alerts_open_per_metric on alerts (tenant_id, patient_id, coalesce(metric, '')) where status <> 'closed';
create index alerts_list on alerts (tenant_id, opened_at desc, id desc);
create index alerts_patient on alerts (tenant_id, patient_id, opened_at desc);

-- The trail of an alert: reading → rule → tier → each notification → patient response / acknowledgement → closed.
create table alert_trail (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  alert_id uuid not null references alerts(id) on delete cascade,
  seq int not null,
  at timestamptz not null,
  kind text not null,
  entry jsonb not null
);
create index alert_trail_alert on alert_trail (alert_id, at, seq);

-- SOS cases for customer care: one per alert that reached SOS (level, button or "Send SOS").
create table sos_cases (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  alert_id uuid not null references alerts(id) on delete cascade,
  reason text not null check (reason in ('sos_level', 'sos_button', 'send_sos')),
  status text not null check (status in ('open', 'closed')),
  message jsonb,
  location jsonb,
  ticket_id uuid,
  opened_at timestamptz not null,
  closed_at timestamptz,
  closed_by uuid,
  close_note text
);
create unique index sos_cases_alert on sos_cases (tenant_id, alert_id);
create index sos_cases_list on sos_cases (tenant_id, opened_at desc, id desc);
create index sos_cases_open on sos_cases (tenant_id, status, opened_at desc);
