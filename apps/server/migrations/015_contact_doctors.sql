-- A family doctor or specialist accepted through the patient's contacts (issue 5) is also assigned to the patient, so
-- the patient appears in that doctor's portal. `contact_id` names the relation that added the row: ending it removes
-- only that row, never an assignment made by staff (null).
alter table patient_doctors add column contact_id uuid references contacts(id) on delete set null;
create index patient_doctors_contact on patient_doctors (contact_id) where contact_id is not null;
