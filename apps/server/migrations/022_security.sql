-- Security hardening (issue 14).

-- Lockout per account: counters are keyed 'user:<id>' for an account (whichever login name was typed) and
-- 'name:<login name>' for a name no account has. Existing counters move to their account's key.
insert into login_failures (tenant_id, username, failures, locked_until, updated_at)
select lf.tenant_id, 'user:' || u.id::text, max(lf.failures), max(lf.locked_until), max(lf.updated_at)
  from login_failures lf
  join users u on u.tenant_id = lf.tenant_id and (lower(u.email) = lf.username or u.phone = lf.username)
 group by lf.tenant_id, u.id
on conflict (tenant_id, username) do nothing;
delete from login_failures lf
 using users u
 where u.tenant_id = lf.tenant_id and (lower(u.email) = lf.username or u.phone = lf.username);
update login_failures set username = 'name:' || username where username not like 'user:%';

-- Rate limits shared by every server process on PostgreSQL: one counter per (hashed) key and window.
create table rate_limits (
  key text primary key,
  hits int not null,
  reset_at timestamptz not null
);
create index rate_limits_reset on rate_limits (reset_at);
