-- Issue 20: saved views of the portal's lists. A staff user names a list's state (its URL search string: filters, sort,
-- page size) to apply it again; at most one default per user and list, applied when the list opens without params.
-- Personal rows: only their owner reads or changes them. Ids are generated in code.
create table saved_views (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  list_key text not null check (char_length(list_key) between 1 and 40),
  name text not null check (char_length(name) between 1 and 60),
  query text not null check (char_length(query) <= 2000),
  is_default boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (tenant_id, id)
);
-- A name once per user and list, whatever its case; the list's views are read through this index too.
create unique index saved_views_name on saved_views (tenant_id, user_id, list_key, lower(name));
create unique index saved_views_default on saved_views (tenant_id, user_id, list_key) where is_default;
