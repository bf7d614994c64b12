-- Scopes and health centers (issue 3): every health-center field of spec §3, case-insensitive unique names,
-- lookups of the users linked to a scope or a center (user_roles rows).
alter table scopes add column updated_at timestamptz not null default now();
create unique index scopes_name_level_ci on scopes (tenant_id, level, lower(name));

alter table health_centers add column logo_path text;
alter table health_centers add column type text;
alter table health_centers add column representative text;
alter table health_centers add column phone_prefix text;
alter table health_centers add column phone_number text;
alter table health_centers add column hotline text;
alter table health_centers add column email text;
alter table health_centers add column website text;
alter table health_centers add column lat double precision;
alter table health_centers add column lng double precision;
alter table health_centers add column address text;
alter table health_centers add column level text;
alter table health_centers add column region text;
alter table health_centers add column province text;
alter table health_centers add column city text;
alter table health_centers add column area text;
alter table health_centers add column specialties text[] not null default '{}';
alter table health_centers add column updated_at timestamptz not null default now();
create unique index health_centers_name_ci on health_centers (tenant_id, lower(name));
create index health_centers_scope on health_centers (tenant_id, scope_id);

create index user_roles_center on user_roles (tenant_id, center_id) where center_id is not null;
create index user_roles_scope on user_roles (tenant_id, scope_id) where scope_id is not null;
