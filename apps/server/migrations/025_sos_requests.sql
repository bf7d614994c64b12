-- Issue 13: the app may queue an SOS pressed offline and send it when the connection returns, retrying until it has an
-- answer. Each press carries a client-made id, so a resend after a lost answer is the same SOS (no second round of
-- calls), and the moment it was pressed is kept beside the moment it arrived.
create table sos_requests (
  tenant_id uuid not null references tenants(id),
  client_id uuid not null,
  patient_id uuid not null references patients(id) on delete cascade,
  alert_id uuid not null,
  sos_case_id uuid,
  pressed_at timestamptz,
  received_at timestamptz not null,
  primary key (tenant_id, client_id)
);
