-- Issue 20: "not worn". A watch that reports no skin contact (the app, after 2 minutes of BLE heart-rate notifications
-- with sensor contact not detected; a cellular device through device-authenticated ingest) is not worn since that
-- time; worn again (or a real reading from it) clears it. Null: worn, or unknown. The patient of a device with a
-- not_worn_since is flagged in the lists, the worklist and the daily digest.
alter table devices add column not_worn_since timestamptz;

-- The flag's lookups are per patient; only the few not-worn devices are indexed.
create index devices_not_worn on devices (tenant_id, patient_id) where not_worn_since is not null;
