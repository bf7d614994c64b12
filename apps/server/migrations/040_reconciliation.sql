-- Issue 17 (H3): reconciliations of a provider's settlement file against the tenant's orders, and their items in four
-- groups (matched, missing on our side, missing on theirs, amount mismatch), each resolvable with a note.
-- Orders are referenced by id and code without a foreign key: the settlement file may name codes we never had, and
-- a reconciliation is a record of what the file said at the time.
create table reconciliations (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  provider text not null,
  currency text not null,
  file_name text not null,
  period_from date not null,
  period_to date not null,
  lines int not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null,
  seq bigint generated always as identity
);
create index reconciliations_list on reconciliations (tenant_id, seq desc);

create table reconciliation_items (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  reconciliation_id uuid not null references reconciliations(id) on delete cascade,
  position int not null,
  grp text not null check (grp in ('matched', 'missing_ours', 'missing_theirs', 'amount_mismatch')),
  line int,
  order_code text not null,
  order_id uuid,
  our_status smallint,
  file_amount_minor bigint,
  our_amount_minor bigint,
  provider_ref text,
  day date,
  resolved_at timestamptz,
  resolved_by uuid references users(id) on delete set null,
  resolution_note text,
  unique (tenant_id, reconciliation_id, position)
);
create index reconciliation_items_group on reconciliation_items (tenant_id, reconciliation_id, grp, position);
