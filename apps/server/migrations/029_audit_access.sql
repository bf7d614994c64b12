-- Issue 14 item 9: every read, write and export of patient data and every denied attempt leaves one row: the
-- caller's role and the route are columns, the patients concerned an array (who saw this patient?).
alter table audit_log add column role text;
alter table audit_log add column route text;
alter table audit_log add column patient_ids text[];
create index audit_patients on audit_log using gin (patient_ids);

-- The audit log is append-only for the application: no update, delete or truncate, whoever asks.
-- (Function bodies stay on one line: migrations are split on semicolons at line ends.)
create function cw_audit_append_only() returns trigger language plpgsql as $$
begin raise exception 'audit_log is append-only' ; end
$$;
create trigger audit_log_no_update before update or delete on audit_log for each statement execute function cw_audit_append_only();
create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function cw_audit_append_only();
