-- Patient list (issue 4): name-sorted pages filtered by status or by health center stay index-backed at 100k patients.
create index patients_status_name_page on patients (tenant_id, status, lower(last_name || ' ' || first_name), id);
create index patients_center_name_page on patients (tenant_id, center_id, lower(last_name || ' ' || first_name), id);
