-- Patient app (issue 6): the weight goal of a metric page (patient-app spec §2 "weight goal and records", §3
-- target_weight). Kept on the patient record beside steps_target, so a sub-user (a patient without an account) has one too.
alter table patients add column target_weight_kg double precision;
