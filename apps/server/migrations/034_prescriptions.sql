-- Issue 16: prescriptions (versions linked by edits and reuses), their medicines with reminders, the planned doses
-- (intakes) with the patient's answers, the caregivers' missed-dose notices, and the per-patient threshold.

create table prescriptions (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  seq bigint generated always as identity,
  patient_id uuid not null references patients(id) on delete cascade,
  doctor_id uuid not null references users(id),
  name text not null,
  rx_number text not null,
  diagnosis text,
  note_for_patient text,
  start_date date not null,
  end_date date,
  status text not null check (status in ('ACTIVE', 'DEACTIVATED')),
  origin text not null check (origin in ('NEW', 'EDIT', 'REUSE')),
  -- The version this one replaced (EDIT) or was copied from (REUSE); the version that replaced it (EDIT only).
  previous_id uuid references prescriptions(id) on delete set null,
  next_id uuid references prescriptions(id) on delete set null,
  created_at timestamptz not null,
  created_by uuid references users(id) on delete set null,
  deactivated_at timestamptz,
  deactivated_by uuid references users(id) on delete set null,
  check (end_date is null or end_date >= start_date)
);
create index prescriptions_patient on prescriptions (tenant_id, patient_id, seq desc);
create index prescriptions_active on prescriptions (tenant_id, patient_id) where status = 'ACTIVE';

create table prescription_medicines (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  prescription_id uuid not null references prescriptions(id) on delete cascade,
  patient_id uuid not null references patients(id) on delete cascade,
  position int not null,
  name text not null,
  -- The same medicine across edits (adherence and missed-dose runs follow it): its name, lower-cased and trimmed.
  med_key text not null,
  dose numeric(7, 3) not null check (dose >= 0 and dose <= 300),
  dose_unit text not null,
  strength text,
  route text not null,
  form text not null,
  quantity int,
  when_taken text not null,
  time_of_day jsonb not null default '[]'::jsonb,
  frequency text,
  instruction text,
  side_effect text,
  note text,
  color text,
  image_id uuid,
  total_days int,
  refills int not null default 0,
  schedule_type text not null check (schedule_type in ('ON_SCHEDULE', 'ON_DEMAND')),
  reminder jsonb,
  -- Doses are planned (rows in medication_intakes) up to this instant; null = nothing planned yet / never (on demand).
  planned_until timestamptz,
  -- Stops planning: the prescription was deactivated or the schedule has ended.
  plan_done boolean not null default false,
  check ((schedule_type = 'ON_DEMAND') = (reminder is null))
);
create index prescription_medicines_rx on prescription_medicines (tenant_id, prescription_id, position);
-- The planner's queue: scheduled medicines whose plan needs topping up.
create index prescription_medicines_plan on prescription_medicines (planned_until nulls first) where not plan_done and schedule_type = 'ON_SCHEDULE';

create table medication_intakes (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  seq bigint generated always as identity,
  patient_id uuid not null references patients(id) on delete cascade,
  prescription_id uuid not null references prescriptions(id) on delete cascade,
  medicine_id uuid not null references prescription_medicines(id) on delete cascade,
  med_key text not null,
  due_at timestamptz not null,
  time_label text,
  -- When the next dose notification goes (the due time, or the end of a snooze); null once sent.
  notify_at timestamptz,
  prealarm_at timestamptz,
  notified_at timestamptz,
  action text check (action in ('taken', 'skipped')),
  -- When the dose was taken (the patient's `at`), or when it was skipped.
  action_at timestamptz,
  answered_at timestamptz,
  answered_by uuid references users(id) on delete set null,
  snoozed_until timestamptz,
  -- Set when the dose has settled (answered, or unanswered past the confirmation window) and its missed run was checked.
  settled_at timestamptz,
  unique (tenant_id, medicine_id, due_at)
);
create index medication_intakes_patient on medication_intakes (tenant_id, patient_id, due_at);
create index medication_intakes_key on medication_intakes (tenant_id, patient_id, med_key, due_at);
-- The sweeper's queues (partial: only pending rows are indexed).
create index medication_intakes_notify on medication_intakes (notify_at) where notify_at is not null;
create index medication_intakes_prealarm on medication_intakes (prealarm_at) where prealarm_at is not null;
create index medication_intakes_unsettled on medication_intakes (due_at) where settled_at is null;

-- One caregiver notice per run of missed doses: the run is named by its first missed dose.
create table medication_missed_notices (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  med_key text not null,
  first_intake_id uuid not null references medication_intakes(id) on delete cascade,
  last_intake_id uuid not null references medication_intakes(id) on delete cascade,
  missed int not null,
  alert_id uuid,
  created_at timestamptz not null,
  unique (tenant_id, first_intake_id)
);
create index medication_missed_notices_patient on medication_missed_notices (tenant_id, patient_id, created_at desc);

create table medicine_images (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  path text not null,
  mime text not null,
  uploaded_by uuid references users(id) on delete set null,
  created_at timestamptz not null
);

-- Consecutive missed doses of one medicine that tell the patient's emergency and caring contacts (default 2).
alter table patients add column missed_dose_threshold int not null default 2 check (missed_dose_threshold between 1 and 10);

-- A missed-dose notice is kept on the alert trail as an (informational, closed) at-risk alert of its own source.
alter table alerts drop constraint alerts_source_check;
alter table alerts add constraint alerts_source_check check (source in ('reading', 'sos_button', 'send_sos', 'missed_dose'));
