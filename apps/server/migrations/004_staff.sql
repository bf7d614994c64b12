-- Staff: doctor profiles, medical licenses, doctor assistants following doctors.
create table doctor_profiles (
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  specialties text[] not null default '{}',
  degree int check (degree between 1 and 7),
  examination_cost numeric(14, 2) check (examination_cost >= 0),
  office_address text,
  office_email text,
  office_phone text,
  introduction text,
  place_of_education text,
  years_of_experience int check (years_of_experience between 0 and 80),
  doctor_type text not null default 'family' check (doctor_type in ('family', 'specialist')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);

create table medical_licenses (
  id uuid primary key,
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  number text,
  expiry_date date not null,
  image_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index medical_licenses_user on medical_licenses (tenant_id, user_id);

create table assistant_doctors (
  tenant_id uuid not null references tenants(id),
  assistant_id uuid not null references users(id) on delete cascade,
  doctor_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (tenant_id, assistant_id, doctor_id)
);
create index assistant_doctors_doctor on assistant_doctors (tenant_id, doctor_id);
