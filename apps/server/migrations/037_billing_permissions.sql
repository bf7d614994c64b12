-- Issue 17: new permissions, granted to the default roles of tenants that already exist (new tenants get them from
-- DEFAULT_ROLE_PERMISSIONS). 114 rating management, 115 feedback management, 203 code packages, 204 reconciliation;
-- admins also export transactions (201) and compose announcements (112).
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, p.id
  from roles r
  join (values (114), (115), (203), (204)) as p(id) on true
 where r.is_default and r.code in ('root', 'super_admin', 'system_admin')
on conflict do nothing;
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, p.id
  from roles r
  join (values (112), (114), (115), (201), (203), (204)) as p(id) on true
 where r.is_default and r.code = 'admin'
on conflict do nothing;
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, p.id
  from roles r
  join (values (114), (115)) as p(id) on true
 where r.is_default and r.code = 'customer_care'
on conflict do nothing;
