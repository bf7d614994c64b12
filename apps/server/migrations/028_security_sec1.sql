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

-- One-time codes and temporary passwords are masked in every log view. The unmasked text is kept only for a tenant
-- that allows its super admin to reveal it (the demo tenants: the README's walk-through reads codes there).
alter table tenants add column reveal_codes boolean not null default false;
alter table messages add column masked boolean not null default false;
alter table messages add column secret_subject text;
alter table messages add column secret_body text;
-- Messages recorded before: six-digit codes and temporary passwords are masked for good (alert texts are left alone).
update messages
   set body = regexp_replace(regexp_replace(body, 'Temporary password: \S+', 'Temporary password: ••••••', 'g'), '\m\d{6}\M', '••••••', 'g'),
       subject = case when subject is null then null else regexp_replace(subject, '\m\d{6}\M', '••••••', 'g') end,
       masked = true
 where alert_id is null and (body ~ '\m\d{6}\M' or body ~ 'Temporary password: ' or coalesce(subject, '') ~ '\m\d{6}\M');
