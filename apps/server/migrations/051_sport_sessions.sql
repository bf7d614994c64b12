-- Issue 21: sport sessions (patient-app spec §3 "Sport session") and coach/player relations.
-- A session is stored once per patient, start time and mode (a resent session answers the stored one). Ids in code.
create table sport_sessions (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  patient_id uuid not null references patients(id) on delete cascade,
  mode text not null check (char_length(mode) between 1 and 30),
  started_at timestamptz not null,
  ended_at timestamptz not null,
  duration_sec integer not null check (duration_sec > 0 and duration_sec <= 86400),
  steps integer check (steps >= 0),
  distance_m double precision check (distance_m >= 0),
  stride_cm double precision check (stride_cm >= 0),
  calories double precision check (calories >= 0),
  avg_speed_kmh double precision check (avg_speed_kmh >= 0),
  pace_sec_per_km double precision check (pace_sec_per_km >= 0),
  elevation_gain_m double precision check (elevation_gain_m >= 0),
  heart_rate_avg integer,
  heart_rate_max integer,
  source text not null check (source in ('watch', 'phone')),
  device_id text,
  created_by uuid,
  created_at timestamptz not null,
  check (ended_at > started_at),
  unique (tenant_id, id),
  unique (tenant_id, patient_id, started_at, mode)
);
-- The history, newest first (keyset on started_at, id).
create index sport_sessions_history on sport_sessions (tenant_id, patient_id, started_at desc, id desc);

-- A player joins a coach through the contacts request flow: a contact of kind 'coach' (owner = the player).
alter table contacts drop constraint contacts_kind_check;
alter table contacts add constraint contacts_kind_check check (kind in ('emergency', 'caring', 'family_doctor', 'specialist', 'coach'));
-- A coach's players are read by coach (visibility of the patient list).
create index contacts_coach on contacts (tenant_id, contact_user_id) where kind = 'coach' and status = 'accepted';

-- Coaches answer their players' requests (RelativeView, 130) in tenants that already exist; new tenants get it from
-- DEFAULT_ROLE_PERMISSIONS.
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 130 from roles r where r.is_default and r.code = 'coach'
on conflict do nothing;
