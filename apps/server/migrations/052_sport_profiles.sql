-- Issue 21: a coach's or player's sport profile (patient-app spec §3 "Coach or player": sport_team_name,
-- sport_club_name, rank, skill), one per app account; the player edits it, their accepted coach reads it on the team
-- dashboard. Keyed by the account (one row per user), so no id of its own.
create table sport_profiles (
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  team_name text check (char_length(team_name) <= 80),
  club_name text check (char_length(club_name) <= 80),
  rank text check (char_length(rank) <= 40),
  skill text check (char_length(skill) <= 80),
  updated_at timestamptz not null,
  primary key (tenant_id, user_id)
);
