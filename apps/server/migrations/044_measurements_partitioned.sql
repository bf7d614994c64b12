-- Issue 18: measurements, their hourly rollup and a new cold store, range-partitioned by UTC month.
--
-- Partitions are named <parent>_yYYYYmMM and cover [first of the month, first of the next month) in UTC; a DEFAULT
-- partition per table takes anything outside the created ranges, so an insert never fails for want of a partition.
-- The job `measurements.storage` (vitals/measurement-storage.jobs.ts) creates the next months ahead with
-- cw_month_partition, which also moves rows of the new range out of the DEFAULT partition (PostgreSQL refuses to add
-- a partition whose range has rows in DEFAULT).
--
-- cw_month_partition(parent, month): creates (if missing) the partition of `parent` for the UTC month containing
-- `month`; answers true when it created one. Serialised by a transaction advisory lock, so server processes running
-- it at once never race. While it moves rows the DEFAULT partition is locked against writes (reads go on).
-- (Function bodies: statements are separated by semicolons at the start of lines, because migrations are split on
-- semicolons at line ends.)
create function cw_month_partition(parent text, month timestamptz) returns boolean language plpgsql as $$
declare
  m timestamp := date_trunc('month', month at time zone 'UTC')
  ; lo text := to_char(m, 'YYYY-MM-DD HH24:MI:SS') || '+00'
  ; hi text := to_char(m + interval '1 month', 'YYYY-MM-DD HH24:MI:SS') || '+00'
  ; part text := parent || '_' || to_char(m, '"y"YYYY"m"MM')
  ; def text := parent || '_default'
  ; keycol text := substring(pg_get_partkeydef(parent::regclass) from '\((\w+)\)')
; begin
  perform pg_advisory_xact_lock(727044)
  ; if to_regclass(part) is not null then return false
  ; end if
  ; execute format('lock table %I in exclusive mode', def)
  ; execute format('create table %I (like %I including defaults)', part, parent)
  ; execute format('with moved as (delete from %I where %I >= %L::timestamptz and %I < %L::timestamptz returning *) insert into %I select * from moved', def, keycol, lo, keycol, hi, part)
  ; execute format('alter table %I attach partition %I for values from (%L) to (%L)', parent, part, lo, hi)
  ; return true
; end
$$;

-- Hot readings: as in migration 006, now partitioned on measured_at.
alter table measurements rename to measurements_unpartitioned;
alter index measurements_pkey rename to measurements_unpartitioned_pkey;
create table measurements (
  tenant_id uuid not null,
  patient_id uuid not null,
  metric text not null,
  measured_at timestamptz not null,
  source text not null,
  value double precision,
  value2 double precision,
  data jsonb,
  device_id uuid,
  received_at timestamptz not null default now(),
  primary key (tenant_id, patient_id, metric, measured_at, source)
) partition by range (measured_at);
create table measurements_default partition of measurements default;

-- Hourly rollup: as in migration 008, partitioned on hour.
alter table measurement_hourly rename to measurement_hourly_unpartitioned;
alter index measurement_hourly_pkey rename to measurement_hourly_unpartitioned_pkey;
create table measurement_hourly (
  tenant_id uuid not null,
  patient_id uuid not null,
  metric text not null,
  hour timestamptz not null,
  n int not null,
  c int not null,
  s double precision,
  mn double precision,
  mx double precision,
  c2 int not null,
  s2 double precision,
  mn2 double precision,
  mx2 double precision,
  primary key (tenant_id, patient_id, metric, hour)
) partition by range (hour);
create table measurement_hourly_default partition of measurement_hourly default;

-- Cold readings: one row per (patient, metric, UTC day) holding that day's compacted readings as arrays, in the
-- order of (measured_at, source). offs = milliseconds after `day`; vals/vals2 = value/value2 (vals2 null when every
-- value2 was null); sources = one element when every reading had that source, else one per reading; devices = null
-- when no reading had a device, one element when all had that one, else one per reading. `data` and `received_at`
-- are not kept: readings with `data` (sleep, ECG, body composition) are never compacted, and `received_at` is read
-- by nothing. Written only by compactMeasurements (vitals/measurement-storage.ts).
create table measurements_cold (
  tenant_id uuid not null,
  patient_id uuid not null,
  metric text not null,
  day timestamptz not null,
  n int not null,
  offs int[] not null,
  vals double precision[] not null,
  vals2 double precision[],
  sources text[] not null,
  devices uuid[],
  primary key (tenant_id, patient_id, metric, day)
) partition by range (day);
create table measurements_cold_default partition of measurements_cold default;

-- Partitions for the months holding data and the current month with the next three, then the rows.
select cw_month_partition('measurements', m) from (
  select distinct date_trunc('month', measured_at at time zone 'UTC') at time zone 'UTC' as m from measurements_unpartitioned
  union select (date_trunc('month', now() at time zone 'UTC') + make_interval(months => g)) at time zone 'UTC' from generate_series(0, 3) g
) x order by m;
select cw_month_partition('measurement_hourly', m) from (
  select distinct date_trunc('month', hour at time zone 'UTC') at time zone 'UTC' as m from measurement_hourly_unpartitioned
  union select (date_trunc('month', now() at time zone 'UTC') + make_interval(months => g)) at time zone 'UTC' from generate_series(0, 3) g
) x order by m;
select cw_month_partition('measurements_cold', (date_trunc('month', now() at time zone 'UTC') + make_interval(months => g)) at time zone 'UTC')
  from generate_series(-1, 3) g order by g;

insert into measurements (tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at)
  select tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at from measurements_unpartitioned;
insert into measurement_hourly (tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
  select tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2 from measurement_hourly_unpartitioned;
drop table measurements_unpartitioned;
drop table measurement_hourly_unpartitioned;
