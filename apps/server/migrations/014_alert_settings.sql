-- Tenant threshold defaults and per-patient alert settings (issue 5, patient-app spec §3).

-- A tenant's own default for an index; indexes without a row use CareWatch's built-in reference values.
create table tenant_thresholds (
  tenant_id uuid not null references tenants(id),
  idx text not null,
  low jsonb not null,
  high jsonb not null,
  personalized boolean not null default false,
  updated_at timestamptz not null,
  updated_by uuid,
  primary key (tenant_id, idx)
);

-- Push, SMS, automatic call, in-app and the alert valid time (HH:mm in the patient's time zone, both null = all day).
-- `confirm_seconds` becomes nullable (null = the 15 s default) so a row can hold settings without a delay of its own.
alter table patient_alert_settings add column push boolean not null default true;
alter table patient_alert_settings add column sms boolean not null default true;
alter table patient_alert_settings add column automatic_call boolean not null default false;
alter table patient_alert_settings add column in_app boolean not null default true;
alter table patient_alert_settings add column valid_from text;
alter table patient_alert_settings add column valid_to text;
alter table patient_alert_settings alter column confirm_seconds drop not null;
