-- Files every server process can read (issue 18): the default file store keeps each file in the database, so a
-- second process on the same database sees an upload the first one received (FILE_STORE=s3 keeps them in a bucket
-- instead and leaves these tables empty).
--
-- A key names a file (files/<area>/<tenant>/<random>.<ext>, cdr/<tenant>/cdr-<day>.xlsx: the relative paths the
-- files had under DATA_DIR, so the columns that hold them keep working). Its bytes are a blob: chunks of 256 KiB
-- under a blob id. A put writes a new blob chunk by chunk (short statements: no transaction held open while an
-- upload arrives, which on the embedded database would stop every other request), then points the key at it in one
-- short transaction and drops the blob it replaces: a reader sees the old file or the new one, never half of one.
create table stored_files (
  key text primary key,
  blob_id uuid not null unique,
  -- The tenant segment of the key (not a foreign key: trial requests' logos are filed under the request's id).
  tenant_id text,
  size bigint not null check (size >= 0),
  content_type text,
  created_at timestamptz not null default now()
);
create index stored_files_tenant on stored_files (tenant_id);

create table stored_file_chunks (
  blob_id uuid not null,
  seq int not null check (seq >= 0),
  data bytea not null,
  primary key (blob_id, seq)
);
-- Uploads are already compressed (images, audio, PDF, xlsx): storing them as is saves the work of compressing them.
alter table stored_file_chunks alter column data set storage external;

-- A blob being written: chunks of one left behind by a process that stopped mid-upload are swept after a day.
create table stored_file_uploads (
  blob_id uuid primary key,
  started_at timestamptz not null default now()
);

-- A patient import's error lines, committed with each batch's progress (any process may resume the import); the
-- error file is written to the file store from them when the import ends.
create table patient_import_error_parts (
  import_id uuid not null references patient_imports(id) on delete cascade,
  up_to_line int not null,
  body text not null,
  primary key (import_id, up_to_line)
);
