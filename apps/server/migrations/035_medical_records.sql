-- Issue 16: medical records of a patient (title, examination date, place, doctor, note) and their typed papers
-- (examination card, result card, otoscope result, prescription, bill, other), each a jpg, png or pdf file.

create table medical_records (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  -- Orders records of the same examination day (newest written first) without relying on uuid order.
  seq bigint generated always as identity,
  patient_id uuid not null references patients(id) on delete cascade,
  title text not null,
  examined_on date not null,
  place text,
  -- A staff doctor of the tenant, or only a typed name (doctor_id null) for a doctor outside the organisation.
  doctor_id uuid references users(id) on delete set null,
  doctor_name text,
  note text,
  created_at timestamptz not null,
  created_by uuid references users(id) on delete set null,
  updated_at timestamptz not null,
  updated_by uuid references users(id) on delete set null
);
create index medical_records_patient on medical_records (tenant_id, patient_id, examined_on desc, seq desc);

create table medical_record_attachments (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  seq bigint generated always as identity,
  record_id uuid not null references medical_records(id) on delete cascade,
  type text not null check (type in ('EXAMINATION_CARD', 'RESULT_CARD', 'OTOSCOPE_RESULT', 'PRESCRIPTION', 'BILL', 'OTHER')),
  file_name text not null,
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes bigint not null,
  -- Where platform/files.ts keeps the bytes (never shown to a user).
  path text not null,
  created_at timestamptz not null,
  created_by uuid references users(id) on delete set null
);
create index medical_record_attachments_record on medical_record_attachments (tenant_id, record_id, seq);
