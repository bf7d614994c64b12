-- Ratings and reviews, announcements, feedback management (issue 17; staff-portal spec §2, §3 "Rating/review",
-- "Announcement", "Feedback"; §9 star ratings 1 to 5).

-- A patient-app user's rating of a doctor: 1 to 5 stars and an optional comment, after a completed appointment
-- (appointment_id) or from the doctor's profile (appointment_id null) when they have a relationship with the doctor.
-- One per (user, doctor, appointment) — a second rating updates it. Staff may report an abusive review: while
-- reported_at is set it is hidden from the doctor's average and the public list; restoring clears it.
create table doctor_ratings (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  doctor_id uuid not null references users(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  appointment_id uuid references appointments(id) on delete cascade,
  stars int not null check (stars between 1 and 5),
  comment text check (comment is null or char_length(comment) <= 1000),
  reported_at timestamptz,
  reported_by uuid references users(id) on delete set null,
  report_message text check (report_message is null or char_length(report_message) <= 500),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index doctor_ratings_once on doctor_ratings (tenant_id, user_id, doctor_id, coalesce(appointment_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index doctor_ratings_doctor on doctor_ratings (tenant_id, doctor_id, created_at desc) where reported_at is null;
create index doctor_ratings_page on doctor_ratings (tenant_id, created_at desc, id desc);

-- An announcement composed to a tenant: stored here, fanned out by a job (announcements.fanout) to every active
-- patient-app user of the tenant as in-app and push deliveries through the outbox. `cursor_user_id` is how far the
-- fan-out got (users by id), so a retried or resumed job goes on where it stopped; `recipients` counts the users reached.
create table announcements (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  title text not null check (char_length(title) between 1 and 200),
  message text not null check (char_length(message) between 1 and 2000),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent')),
  cursor_user_id uuid,
  recipients int not null default 0,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index announcements_page on announcements (tenant_id, created_at desc, id desc);
-- Delivery counts per announcement (the portal's list): its outbox rows carry the announcement id in the payload.
create index deliveries_announcement on deliveries (tenant_id, (payload->>'announcementId')) where template = 'announcement';

-- Feedback management: who marked a feedback handled, and when.
alter table app_feedback add column handled_at timestamptz;
alter table app_feedback add column handled_by uuid references users(id) on delete set null;
create index app_feedback_filter on app_feedback (tenant_id, kind, category, created_at desc);
