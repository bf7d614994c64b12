-- Watch firmware and watch-face packages (issue 21). Per tenant, like the rest of the product: a tenant's staff
-- upload packages for the watch models they hand out, and their patients' apps see only those. The bytes are in the
-- file store (file_key, never shown); sha256 is of those bytes, for the watch to check before applying.
create table firmware_packages (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  model text not null check (model in ('GT2', 'GT5')),
  kind text not null check (kind in ('firmware', 'watch_face')),
  version text not null,
  name text not null default '',
  notes text not null default '',
  file_key text not null,
  size_bytes bigint not null check (size_bytes > 0),
  sha256 text not null,
  is_current boolean not null default false,
  uploaded_by uuid references users(id) on delete set null,
  created_at timestamptz not null,
  unique (tenant_id, id),
  unique (tenant_id, model, kind, version)
);
-- One current package per tenant, model and kind.
create unique index firmware_packages_current on firmware_packages (tenant_id, model, kind) where is_current;

-- Permission 73 (manage firmware), granted to the default admin roles of tenants that already exist (new tenants get
-- it from DEFAULT_ROLE_PERMISSIONS).
insert into role_permissions (tenant_id, role_id, permission_id)
select r.tenant_id, r.id, 73
  from roles r
 where r.is_default and r.code in ('root', 'super_admin', 'system_admin', 'admin')
on conflict do nothing;
