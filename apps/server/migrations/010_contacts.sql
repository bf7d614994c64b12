-- Followers and contacts (issue 5): emergency and caring contacts, family doctor, specialists, and their requests.
-- One row per relation: `owner_id` is the person followed (the patient-app user whose data and alerts are shared),
-- `contact_user_id` the follower or doctor (null for a plain emergency phone number with a name).
-- `requested_by` is who sent the request; the other party answers it. A plain contact is active at once.
create table contacts (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  owner_id uuid not null references users(id) on delete cascade,
  contact_user_id uuid references users(id) on delete cascade,
  kind text not null check (kind in ('emergency', 'caring', 'family_doctor', 'specialist')),
  status text not null check (status in ('pending', 'accepted', 'rejected', 'cancelled', 'removed')),
  requested_by uuid not null references users(id) on delete cascade,
  -- A plain contact's name and phone; for a registered user the phone they were found by.
  name text,
  phone text,
  relationship text check (relationship in ('father', 'mother', 'son', 'daughter', 'husband', 'wife', 'sister', 'relative', 'friend', 'other')),
  -- How each side names the other.
  owner_alias text,
  contact_alias text,
  specialty text,
  last_invited_at timestamptz not null,
  responded_at timestamptz,
  ended_by uuid,
  ended_reason text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (contact_user_id is not null or (kind = 'emergency' and phone is not null and name is not null)),
  check (kind <> 'specialist' or specialty is not null)
);
create index contacts_owner on contacts (tenant_id, owner_id, status);
create index contacts_contact on contacts (tenant_id, contact_user_id, status) where contact_user_id is not null;
-- Not twice: one live relation per (owner, user, follower-or-doctor kind), one live plain contact per phone.
create unique index contacts_live_user on contacts (tenant_id, owner_id, contact_user_id, (case when kind in ('emergency', 'caring') then 'follower' else kind end))
  where contact_user_id is not null and status in ('pending', 'accepted');
create unique index contacts_live_phone on contacts (tenant_id, owner_id, phone) where contact_user_id is null and status in ('pending', 'accepted');
-- Only 1 family doctor.
create unique index contacts_one_family_doctor on contacts (tenant_id, owner_id) where kind = 'family_doctor' and status = 'accepted';
