-- Patient app (issue 6): profile, medical profile, sub-users, feedback, account deletion (patient-app spec §3–§5).

-- Spec §3 "User profile": a nickname, and height/weight for an account without a patient record (a follower);
-- a patient's own height/weight stay on the patient record the staff see.
alter table users add column nick_name text;
alter table users add column height_cm double precision;
alter table users add column weight_kg double precision;
-- A follower's self-declared medical profile (a patient's lives on the patient record).
alter table users add column background_diseases text[] not null default '{}';
alter table users add column medical_history text;
-- Self-service deletion (§4 "disabled now, data deleted after 30 days, cannot be undone"): when the data goes.
alter table users add column deletion_due_at timestamptz;

alter table patients add column background_diseases text[] not null default '{}';
alter table patients add column medical_history text;
-- §6 "A patient cannot update their own medical profile" unless their doctor allows it (issue 6).
alter table patients add column medical_profile_editable boolean not null default false;

-- Spec §3 "Feedback": kind, category, description, suggestion and an image (required for ERROR, ≤ 5 MB).
create table app_feedback (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid references users(id) on delete set null,
  kind text not null check (kind in ('ERROR', 'IMPROVE')),
  category text not null check (category in ('SOFTWARE', 'HARDWARE', 'SERVICE')),
  description text not null,
  suggestion text,
  image_path text,
  created_at timestamptz not null default now()
);
create index app_feedback_page on app_feedback (tenant_id, created_at desc, id desc);
