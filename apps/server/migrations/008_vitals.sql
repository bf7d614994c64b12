-- Vital signs (issue 4): failures of the after-commit readings handlers (alert engine seam), kept for operators.
-- Holds no health values: which handler failed, for which patient, its error text and the batch size.
create table reading_handler_failures (
  tenant_id uuid not null,
  patient_id uuid not null,
  handler text not null,
  error text not null,
  readings int not null,
  failed_at timestamptz not null
);
create index reading_handler_failures_recent on reading_handler_failures (tenant_id, failed_at desc);

-- Hourly rollup of measurements (kept by insertMeasurements in the same statement as the insert), so a chart over
-- months or a year reads at most 24 rows a day instead of every reading. n = rows; c/s/mn/mx = count, sum, min,
-- max of value; c2/s2/mn2/mx2 the same for value2. `hour` is the UTC hour (date_bin, independent of time zone).
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
);
insert into measurement_hourly (tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
  select tenant_id, patient_id, metric, date_bin('1 hour', measured_at, timestamptz '2000-01-01 00:00:00+00'),
         count(*), count(value), sum(value), min(value), max(value), count(value2), sum(value2), min(value2), max(value2)
    from measurements group by 1, 2, 3, 4;
