-- Issue 20: clinicians' notes on a patient (the patient timeline and the patient report PDF show them). A note is
-- written once and kept (attributed to its author; the write is in the audit log); ids are generated in code.
create table patient_notes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  author_id uuid references users(id) on delete set null,
  text text not null check (char_length(text) between 1 and 4000),
  created_at timestamptz not null,
  unique (tenant_id, id)
);
create index patient_notes_patient on patient_notes (tenant_id, patient_id, created_at desc, id desc);
