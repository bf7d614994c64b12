-- Patient-app self-registration (issue 6, patient-app spec §3 "User profile", §5 "Account fields").
-- The account holder's own profile: a follower has no patient record, so these live on the user.
alter table users add column middle_name text;
alter table users add column birthday date;
alter table users add column gender text check (gender in ('male', 'female'));
alter table users add column address text;
alter table users add column blood_type text;
-- Fitzpatrick type_1…type_6: wrist optical sensors read differently on darker skin.
alter table users add column skin_colour text;
-- The holder's relationship to the person monitored ('self' for their own account).
alter table users add column relationship text;
alter table users add column region text;
-- When the terms and the health-data processing consent were given (proof of consent).
alter table users add column terms_accepted_at timestamptz;
alter table users add column health_consent_at timestamptz;

alter table patients add column middle_name text;
alter table patients add column skin_colour text;
