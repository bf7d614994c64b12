-- Issue 15: doctor schedules (each one its own approval request), their slots, appointments booked on slots with every
-- status change kept, and the patient app's event reminders.

create table doctor_schedules (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  doctor_id uuid not null references users(id) on delete cascade,
  center_id uuid references health_centers(id),
  start_at timestamptz not null,
  end_at timestamptz not null,
  slot_minutes int not null check (slot_minutes between 10 and 240),
  status text not null check (status in ('new', 'approved', 'rejected', 'disabled', 'requesting_leave')),
  submitted_at timestamptz not null,
  submitted_by uuid references users(id) on delete set null,
  approver_id uuid references users(id) on delete set null,
  action_at timestamptz,
  reject_reason text,
  check (end_at > start_at)
);
create index doctor_schedules_doctor on doctor_schedules (tenant_id, doctor_id, start_at);
create index doctor_schedules_range on doctor_schedules (tenant_id, start_at);
create index doctor_schedules_pending on doctor_schedules (tenant_id, status, submitted_at);

create table doctor_slots (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  schedule_id uuid not null references doctor_schedules(id) on delete cascade,
  doctor_id uuid not null references users(id) on delete cascade,
  start_at timestamptz not null,
  end_at timestamptz not null
);
create index doctor_slots_doctor on doctor_slots (tenant_id, doctor_id, start_at);
create index doctor_slots_schedule on doctor_slots (tenant_id, schedule_id);

-- Per-tenant counter behind `appointments.seq` (the printed A-000042).
create table appointment_counters (
  tenant_id uuid primary key references tenants(id),
  last_seq bigint not null
);

create table appointments (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  seq bigint not null,
  patient_id uuid not null references patients(id) on delete cascade,
  doctor_id uuid not null references users(id),
  -- Kept after the slot's schedule is gone (a deleted schedule never had open appointments; history keeps its times).
  slot_id uuid references doctor_slots(id) on delete set null,
  start_at timestamptz not null,
  end_at timestamptz not null,
  location text not null check (location in ('AT_THE_CLINIC', 'PATIENT_ADDRESS', 'ONLINE')),
  address text,
  reason text not null,
  note text,
  diagnosis text,
  advice text,
  status text not null check (status in ('UPCOMING', 'WAITING_FOR_DOCTOR', 'PROCESSING', 'PENDING', 'COMPLETED', 'CANCELED')),
  cancel_reason text,
  paid boolean not null default false,
  meeting_room text,
  created_at timestamptz not null,
  created_by uuid references users(id) on delete set null,
  updated_at timestamptz not null
);
create unique index appointments_seq on appointments (tenant_id, seq);
-- One slot, one appointment: a second booking of a slot fails here whatever the race (a canceled one frees it).
create unique index appointments_slot_once on appointments (slot_id) where slot_id is not null and status <> 'CANCELED';
create index appointments_start on appointments (tenant_id, start_at);
create index appointments_patient on appointments (tenant_id, patient_id, start_at);
create index appointments_doctor on appointments (tenant_id, doctor_id, start_at);

create table appointment_changes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  appointment_id uuid not null references appointments(id) on delete cascade,
  from_status text,
  to_status text not null,
  actor_id uuid references users(id) on delete set null,
  note text,
  at timestamptz not null,
  -- Insertion order for changes of the same instant.
  seq bigint generated always as identity
);
create index appointment_changes_appointment on appointment_changes (tenant_id, appointment_id, at);

create table event_reminders (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  arrival_at timestamptz not null,
  label text not null,
  icon text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- "No duplicate event at the same time", whatever the race.
create unique index event_reminders_time on event_reminders (tenant_id, patient_id, arrival_at);

-- Doctors create appointments too (staff-portal §2: "the doctor picks a date then a slot").
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 31 from roles r where r.is_default and r.code = 'doctor'
on conflict do nothing;
