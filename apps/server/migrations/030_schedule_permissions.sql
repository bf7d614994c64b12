-- Issue 15: two new permissions in the Appointment group, granted to the default roles of tenants that already exist
-- (new tenants get them from DEFAULT_ROLE_PERMISSIONS). 34 = request a schedule, 35 = view the calendars.
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, p.id
  from roles r
  join (values (34), (35)) as p(id) on true
 where r.is_default
   and (
     r.code in ('root', 'super_admin', 'system_admin', 'doctor', 'doctor_assistant')
     or (p.id = 35 and r.code in ('admin', 'scope_admin', 'mhsc_admin', 'operator'))
   )
on conflict do nothing;
-- Assistants act for the doctors they follow (move an appointment's status).
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 32 from roles r where r.is_default and r.code = 'doctor_assistant'
on conflict do nothing;
