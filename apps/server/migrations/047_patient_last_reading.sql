-- Issue 20: the patient list's new sorts and the silent-device flag.
--
-- patients.last_reading_at: the newest measured_at of any reading of the patient (any metric, any source). Written
-- by the ingest service after each stored batch, and only ever moved forward (a historic import leaves it alone).
-- Backfilled here from latest_measurements (one row per patient and metric, moved forward by every stored reading,
-- hot or compacted into the cold store), not from a scan of the whole measurement store under this table's lock.
alter table patients add column last_reading_at timestamptz;

update patients p set last_reading_at = x.at
  from (select tenant_id, patient_id, max(measured_at) as at from latest_measurements group by tenant_id, patient_id) x
 where p.tenant_id = x.tenant_id and p.id = x.patient_id;

-- Keyset pages of the `lastReadingAt` / `-lastReadingAt` sorts: patients without readings last in both directions,
-- so each direction orders on its own coalesced key (ties by id).
create index patients_last_reading_asc_page on patients (tenant_id, (coalesce(last_reading_at, 'infinity'::timestamptz)), id);
create index patients_last_reading_desc_page on patients (tenant_id, (coalesce(last_reading_at, '-infinity'::timestamptz)) desc, id desc);

-- Keyset pages of the `status` / `-status` sorts: severity rank (PATIENT_STATUS_SEVERITY of contracts/patients.ts),
-- ties by id; one index serves both directions.
create index patients_severity_page on patients (tenant_id, (case status when 'sos' then 5 when 'high_risk' then 4 when 'at_risk' then 3
  when 'normal' then 2 when 'unassigned' then 1 else 0 end), id);

