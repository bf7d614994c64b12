-- Issue 19: the read-only FHIR R4 API and its Bulk Data export.
--
-- One row per Bulk export ($export kick-off). The job `fhir.export` (modules/fhir/fhir-export.service.ts) writes one
-- NDJSON file per resource type into the file store (files/fhir-export/<tenant>/<id>-<type>.ndjson) and lists them in
-- `output` ([{type, key, count}]). `visibility` is the requester's patient visibility when they asked (the same rule
-- as the staff API: a doctor's patients, a center, a scope, the tenant), so the job exports what they may see.
create table fhir_exports (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  requested_by uuid not null references users(id) on delete cascade,
  request_url text not null,
  base_url text not null,
  types text[] not null,
  since timestamptz,
  -- A Group export: the health center whose patients are exported (null: every patient the requester sees).
  group_id uuid references health_centers(id) on delete cascade,
  visibility jsonb not null,
  status text not null check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  progress text,
  output jsonb not null default '[]'::jsonb,
  error text,
  transaction_time timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz
);
create index fhir_exports_requester on fhir_exports (tenant_id, requested_by, created_at desc);

-- Permission 96 (FHIR API and Bulk export), granted to the default roles that read patients and health data in
-- tenants that already exist (new tenants get it from DEFAULT_ROLE_PERMISSIONS).
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 96
  from roles r
 where r.is_default and r.code in ('root', 'super_admin', 'system_admin', 'admin', 'scope_admin', 'mhsc_admin', 'operator', 'doctor', 'doctor_assistant')
on conflict do nothing;
