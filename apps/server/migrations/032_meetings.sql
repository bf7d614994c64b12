-- Issue 15: video visits. Who is in an appointment's meeting room (the patient waits until admitted), and the WebRTC
-- signals between them (kept here and announced by a small realtime frame: an SDP offer does not fit a NOTIFY).
create table meeting_participants (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  appointment_id uuid not null references appointments(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('doctor', 'patient', 'assistant')),
  state text not null check (state in ('waiting', 'admitted', 'left')),
  joined_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, appointment_id, user_id)
);

create table meeting_signals (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  appointment_id uuid not null references appointments(id) on delete cascade,
  from_user_id uuid not null references users(id) on delete cascade,
  to_user_id uuid not null references users(id) on delete cascade,
  kind text not null check (kind in ('offer', 'answer', 'candidate', 'bye')),
  data text not null,
  seq bigint generated always as identity,
  created_at timestamptz not null
);
create index meeting_signals_to on meeting_signals (tenant_id, appointment_id, to_user_id, seq);
