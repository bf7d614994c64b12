-- Issue 13: an SOS case is closed with an outcome and a note (what happened, for the record and the KPI); its ticket
-- moves with it.
alter table sos_cases add column outcome text;
