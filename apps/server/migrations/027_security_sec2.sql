-- Issue 14 (security hardening), part sec2.

-- Fixed-window counters of rate limits that must hold across server processes (e.g. tenant database connection
-- tests per user). One row per bucket; the window restarts in place.
create table rate_counters (
  bucket text primary key,
  window_start timestamptz not null,
  hits int not null
);

-- Who may be signed in changed (issue 14: sockets must not outlive their session). Every change that can end or
-- alter a session notifies 'carewatch_sessions' with {t: tenant, u: user} ({t} alone: the whole tenant) in the same
-- transaction, whichever code path made it; each server process's realtime hub re-checks the matching sockets at
-- commit. Function bodies stay on single lines: migrations are split on semicolons at line ends.
create function cw_notify_session_user() returns trigger language plpgsql as $$
begin if tg_op = 'DELETE' then perform pg_notify('carewatch_sessions', json_build_object('t', old.tenant_id, 'u', old.user_id)::text) ; else perform pg_notify('carewatch_sessions', json_build_object('t', new.tenant_id, 'u', new.user_id)::text) ; end if ; return null ; end
$$;

create function cw_notify_session_account() returns trigger language plpgsql as $$
begin perform pg_notify('carewatch_sessions', json_build_object('t', new.tenant_id, 'u', new.id)::text) ; return null ; end
$$;

create function cw_notify_session_tenant() returns trigger language plpgsql as $$
begin if tg_table_name = 'tenants' then perform pg_notify('carewatch_sessions', json_build_object('t', new.id)::text) ; elsif tg_op = 'DELETE' then perform pg_notify('carewatch_sessions', json_build_object('t', old.tenant_id)::text) ; else perform pg_notify('carewatch_sessions', json_build_object('t', new.tenant_id)::text) ; end if ; return null ; end
$$;

create trigger sessions_changed after update on sessions for each row
  when (old.revoked_at is distinct from new.revoked_at or old.user_role_id is distinct from new.user_role_id or old.expires_at > new.expires_at)
  execute function cw_notify_session_user();

create trigger user_roles_changed after update or delete on user_roles for each row execute function cw_notify_session_user();

create trigger users_access_changed after update on users for each row
  when (old.status is distinct from new.status or old.permissions_version is distinct from new.permissions_version)
  execute function cw_notify_session_account();

create trigger tenants_active_changed after update on tenants for each row
  when (old.active is distinct from new.active)
  execute function cw_notify_session_tenant();

create trigger role_permissions_changed after insert or delete on role_permissions for each row execute function cw_notify_session_tenant();

-- MQTT through an external broker (MQTT_URL): messages carry an HMAC signature made with the device secret instead of
-- the secret. The server keeps the secret sealed (SecretBox, under the master key) to check signatures; the hash
-- beside it still checks HTTP Basic and the embedded broker's CONNECT. Credentials issued before this have no sealed
-- secret: such a device signs in as before over HTTP and the embedded broker, and needs new credentials for MQTT_URL.
alter table devices add column secret_enc text;

-- Batch ids seen per device within the replay window, so a replayed signed message is not handled twice by any of
-- the server processes sharing the subscription. Rows older than the window are deleted.
create table mqtt_batches (
  tenant_id uuid not null references tenants(id),
  device_id uuid not null references devices(id) on delete cascade,
  batch_id text not null,
  seen_at timestamptz not null,
  primary key (tenant_id, device_id, batch_id)
);
create index mqtt_batches_seen on mqtt_batches (seen_at);

-- Resumable patient imports (issue 14): each batch of rows commits together with the import's progress — the last
-- spreadsheet line it covers and the size of the error file after its lines — so an import interrupted by a crash
-- resumes after that line (by whichever process claims its job) and its counts are exactly what was committed.
alter table patient_imports add column committed_line int not null default 0;
alter table patient_imports add column error_file_bytes bigint not null default 0;
