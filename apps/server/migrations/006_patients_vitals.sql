-- Patients, devices and vital signs (issue 4).

-- A monitored person. `user_id` is their patient-app account, when they have one.
create table patients (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid references users(id),
  center_id uuid references health_centers(id),
  patient_code text,
  first_name text not null,
  last_name text not null,
  birthday date,
  gender text check (gender in ('male', 'female')),
  height_cm double precision,
  weight_kg double precision,
  blood_type text,
  phone text,
  email text,
  address text,
  status text not null default 'unassigned' check (status in ('normal', 'at_risk', 'high_risk', 'sos', 'unassigned', 'assigned')),
  package_expiry date,
  contract_id text,
  sleep_target_minutes int,
  steps_target int,
  -- Lower-cased name, code, phone and e-mail, for the list's search box.
  search_text text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index patients_code_unique on patients (tenant_id, patient_code) where patient_code is not null;
create unique index patients_phone_unique on patients (tenant_id, phone) where phone is not null;
create unique index patients_contract_unique on patients (tenant_id, contract_id) where contract_id is not null;
create unique index patients_user_unique on patients (tenant_id, user_id) where user_id is not null;
create index patients_email on patients (tenant_id, lower(email)) where email is not null;
-- Paging: newest first by default, by center and status; (created_at, id) is the keyset.
create index patients_page on patients (tenant_id, created_at desc, id desc);
create index patients_center_page on patients (tenant_id, center_id, created_at desc, id desc);
create index patients_status_page on patients (tenant_id, status, created_at desc, id desc);
create index patients_name_page on patients (tenant_id, lower(last_name || ' ' || first_name), id);

-- Doctors following a patient (a doctor's follow list).
create table patient_doctors (
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  doctor_id uuid not null references users(id),
  created_at timestamptz not null default now(),
  primary key (tenant_id, patient_id, doctor_id)
);
create index patient_doctors_doctor on patient_doctors (tenant_id, doctor_id);

create table patient_relatives (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  name text not null,
  phone text,
  relationship text not null,
  created_at timestamptz not null default now()
);
create index patient_relatives_patient on patient_relatives (tenant_id, patient_id);

create table patient_attachments (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  file_name text not null,
  content_type text not null,
  size_bytes bigint not null,
  path text not null,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index patient_attachments_patient on patient_attachments (tenant_id, patient_id);

create table patient_status_history (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  from_status text not null,
  to_status text not null,
  changed_by uuid,
  reason text,
  changed_at timestamptz not null default now()
);
create index patient_status_history_patient on patient_status_history (tenant_id, patient_id, changed_at desc);

-- Bulk patient imports: one row per uploaded file, with progress; one running import per tenant.
create table patient_imports (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  created_by uuid,
  file_name text not null,
  file_path text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  total_rows int not null default 0,
  processed_rows int not null default 0,
  imported_rows int not null default 0,
  error_rows int not null default 0,
  error_file_path text,
  failure text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index patient_imports_one_running on patient_imports (tenant_id) where status in ('queued', 'running');
create index patient_imports_recent on patient_imports (tenant_id, created_at desc);

create table devices (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  model text not null check (model in ('V19', 'GT2', 'GT5', 'J2025E', 'J2025B')),
  name text,
  mac text,
  imei text,
  serial text not null,
  account text,
  user_id uuid references users(id),
  patient_id uuid references patients(id) on delete set null,
  os_version text,
  firmware_version text,
  connection_status int not null default -1 check (connection_status in (1, 0, -1, 2)),
  app_status text check (app_status in ('online', 'offline', 'killed', 'no_sync')),
  latest_sync timestamptz,
  first_connect timestamptz,
  last_connect timestamptz,
  activated_at timestamptz,
  credential_hash text,
  import_date timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index devices_mac_unique on devices (tenant_id, mac) where mac is not null;
create unique index devices_imei_unique on devices (tenant_id, imei) where imei is not null;
create unique index devices_serial_unique on devices (tenant_id, serial);
create index devices_patient on devices (tenant_id, patient_id);
create index devices_model on devices (tenant_id, model, created_at desc);

create table device_connection_history (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  device_id uuid not null references devices(id) on delete cascade,
  user_id uuid references users(id),
  username text,
  status int not null check (status in (1, 0, -1, 2)),
  model text,
  device_name text,
  event_at timestamptz not null default now()
);
create index device_connection_history_user on device_connection_history (tenant_id, username, event_at desc);
create index device_connection_history_device on device_connection_history (tenant_id, device_id, event_at desc);

create table phone_history (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid references users(id),
  username text,
  phone_name text,
  os text check (os in ('IOS', 'Android', 'Web')),
  app_version text,
  status text not null check (status in ('online', 'offline', 'killed', 'no_sync')),
  event_at timestamptz not null default now()
);
create index phone_history_user on phone_history (tenant_id, username, event_at desc);

-- Device and app logs uploaded on request ("log history") or forced by staff ("log force").
create table device_logs (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid references users(id),
  device_id uuid references devices(id) on delete cascade,
  kind text not null check (kind in ('history', 'force_request', 'status_force_request', 'upload')),
  note text,
  requested_by uuid,
  created_at timestamptz not null default now()
);
create index device_logs_user on device_logs (tenant_id, user_id, created_at desc);

-- Vital signs. Stored in SI/metric units; one row per (patient, metric, time, source) so retries never duplicate.
-- `value` is the main number (systolic for blood pressure), `value2` the second (diastolic), `data` the rest
-- (sleep stages, ECG samples, body composition).
create table measurements (
  tenant_id uuid not null,
  patient_id uuid not null,
  metric text not null,
  measured_at timestamptz not null,
  source text not null,
  value double precision,
  value2 double precision,
  data jsonb,
  device_id uuid,
  received_at timestamptz not null default now(),
  primary key (tenant_id, patient_id, metric, measured_at, source)
);

-- The newest reading of each metric per patient (dashboard, latest values) without scanning history.
create table latest_measurements (
  tenant_id uuid not null,
  patient_id uuid not null,
  metric text not null,
  measured_at timestamptz not null,
  value double precision,
  value2 double precision,
  data jsonb,
  primary key (tenant_id, patient_id, metric)
);
