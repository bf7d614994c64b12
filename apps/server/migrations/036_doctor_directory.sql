-- Doctor directory (issue 16). The profile fields (004_staff: specialties, degree 1–7, examination cost, office
-- address/e-mail/phone, introduction, place of education, years of experience, family doctor or specialist), the
-- avatar (users.avatar_path), the branch (the center of the doctor level), medical licences (004_staff) and the
-- centers' coordinates (002_org: lat, lng) already exist; this adds what the directory, "near me" and the requests need.

-- At most 5 specialties (patient-app spec §9), also for rows written outside the API.
alter table doctor_profiles add constraint doctor_profiles_max_specialties check (cardinality(specialties) <= 5);

-- Centers' coordinates ("near me" in the app) stay within range.
alter table health_centers add constraint health_centers_lat_range check (lat is null or (lat between -90 and 90));
alter table health_centers add constraint health_centers_lng_range check (lng is null or (lng between -180 and 180));

-- Doctor and patient requests are contacts of kind family_doctor / specialist: the portal's "sent" lists read them by
-- their sender (a doctor, or staff asking a doctor to take a patient).
create index contacts_requested_by on contacts (tenant_id, requested_by, status) where kind in ('family_doctor', 'specialist');

-- Licences listed by expiry date, ties in the order they were added (staff.repo listLicenses).
alter table medical_licenses add column seq bigint generated always as identity;
