-- Patient app (issue 6): a sub-user is a patient record managed by a main account instead of signing in itself
-- (patient-app spec §1 "Sub-users, which are managed profiles under a main account"). Its readings, thresholds and
-- alerts are a patient's like any other; the managing account sees and enters them ("viewing as").
alter table patients add column manager_user_id uuid references users(id) on delete set null;
alter table patients add column relationship text;
create index patients_manager on patients (tenant_id, manager_user_id) where manager_user_id is not null;
