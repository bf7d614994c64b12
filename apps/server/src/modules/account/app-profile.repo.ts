import type { Db } from '../../platform/db.ts';

/** The account holder's own profile fields (users) and, when they have one, their patient record's. */
export type AppUserRow = {
  id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  nick_name: string | null;
  birthday: string | null;
  gender: 'male' | 'female' | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  region: string | null;
  height_cm: number | null;
  weight_kg: number | null;
  unit_system: string;
  avatar_path: string | null;
  password_hash: string | null;
  blood_type: string | null;
  skin_colour: string | null;
  background_diseases: string[];
  medical_history: string | null;
  status: string;
};
export type OwnPatientRow = {
  id: string;
  center_id: string | null;
  height_cm: number | null;
  weight_kg: number | null;
  blood_type: string | null;
  skin_colour: string | null;
  background_diseases: string[];
  medical_history: string | null;
  medical_profile_editable: boolean;
  /** The identity on the clinic's record (issue 13: one record, one truth). */
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthday: string | null;
  gender: 'male' | 'female' | null;
  address: string | null;
  phone: string | null;
  email: string | null;
};
const OWN_PATIENT_COLS = `id, center_id, height_cm, weight_kg, blood_type, skin_colour, background_diseases, medical_history, medical_profile_editable,
  first_name, middle_name, last_name, birthday::text as birthday, gender, address, phone, email`;

export async function findAppUser(db: Db, tenantId: string, userId: string): Promise<AppUserRow | null> {
  const rows = await db.query<AppUserRow>(
    `select id, first_name, middle_name, last_name, nick_name, birthday::text as birthday, gender, phone, email, address, region, height_cm, weight_kg,
            unit_system, avatar_path, password_hash, blood_type, skin_colour, background_diseases, medical_history, status
       from users where tenant_id = $1 and id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function findOwnPatient(db: Db, tenantId: string, userId: string): Promise<OwnPatientRow | null> {
  const rows = await db.query<OwnPatientRow>(
    `select ${OWN_PATIENT_COLS} from patients where tenant_id = $1 and user_id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function findPatientMedical(db: Db, tenantId: string, patientId: string): Promise<OwnPatientRow | null> {
  const rows = await db.query<OwnPatientRow>(
    `select ${OWN_PATIENT_COLS} from patients where tenant_id = $1 and id = $2`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

/** Another patient record already holding this phone (patients.phone is unique per tenant). */
export async function patientPhoneTaken(
  db: Db,
  tenantId: string,
  phone: string,
  exceptPatientId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from patients where tenant_id = $1 and phone = $2 and id <> $3', [
    tenantId,
    phone,
    exceptPatientId,
  ]);
  return rows.length > 0;
}

export type ProfileWrite = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  nickName: string | null;
  birthday: string;
  gender: string;
  phone: string | null;
  email: string | null;
  address: string;
  heightCm: number | null;
  weightKg: number | null;
};

export async function updateUserProfile(db: Db, tenantId: string, userId: string, p: ProfileWrite, now: Date) {
  await db.query(
    `update users set first_name = $3, middle_name = $4, last_name = $5, nick_name = $6, birthday = $7, gender = $8, phone = $9, email = $10,
            address = $11, height_cm = $12, weight_kg = $13, updated_at = $14 where tenant_id = $1 and id = $2`,
    [
      tenantId,
      userId,
      p.firstName,
      p.middleName,
      p.lastName,
      p.nickName,
      p.birthday,
      p.gender,
      p.phone,
      p.email,
      p.address,
      p.heightCm,
      p.weightKg,
      now,
    ],
  );
}

/** Keeps the patient record the staff see in step with the holder's own profile (and its search text). */
export async function updatePatientIdentity(db: Db, tenantId: string, patientId: string, p: ProfileWrite, now: Date) {
  await db.query(
    `update patients set first_name = $3, middle_name = $4, last_name = $5, birthday = $6, gender = $7, phone = $8, email = $9, address = $10,
            height_cm = $11, weight_kg = $12, updated_at = $13,
            -- Same text as patients.repo's searchTextOf: name both ways, code, phone, e-mail.
            search_text = lower(concat_ws(' ', $3::text, $5::text, coalesce(patient_code, ''), coalesce($8::text, ''), coalesce($9::text, ''), $5::text || ' ' || $3::text))
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      patientId,
      p.firstName,
      p.middleName,
      p.lastName,
      p.birthday,
      p.gender,
      p.phone,
      p.email,
      p.address,
      p.heightCm,
      p.weightKg,
      now,
    ],
  );
}

export type MedicalWrite = {
  bloodType: string | null;
  skinColour: string | null;
  backgroundDiseases: string[];
  medicalHistory: string | null;
  heightCm: number | null;
  weightKg: number | null;
};

export async function updatePatientMedical(db: Db, tenantId: string, patientId: string, m: MedicalWrite, now: Date) {
  await db.query(
    `update patients set blood_type = $3, skin_colour = $4, background_diseases = $5, medical_history = $6, height_cm = $7, weight_kg = $8, updated_at = $9
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      patientId,
      m.bloodType,
      m.skinColour,
      m.backgroundDiseases,
      m.medicalHistory,
      m.heightCm,
      m.weightKg,
      now,
    ],
  );
}

export async function updateUserMedical(db: Db, tenantId: string, userId: string, m: MedicalWrite, now: Date) {
  await db.query(
    `update users set blood_type = $3, skin_colour = $4, background_diseases = $5, medical_history = $6, height_cm = $7, weight_kg = $8, updated_at = $9
      where tenant_id = $1 and id = $2`,
    [tenantId, userId, m.bloodType, m.skinColour, m.backgroundDiseases, m.medicalHistory, m.heightCm, m.weightKg, now],
  );
}

export async function setMedicalProfileEditable(
  db: Db,
  tenantId: string,
  patientId: string,
  editable: boolean,
  now: Date,
) {
  await db.query(
    'update patients set medical_profile_editable = $3, updated_at = $4 where tenant_id = $1 and id = $2',
    [tenantId, patientId, editable, now],
  );
}

// ---- Self-service deletion ----

export async function markDeleted(db: Db, tenantId: string, userId: string, due: Date, now: Date) {
  await db.query(
    `update users set status = 'disabled', disabled_until = null, disabled_reason = 'deleted_by_user', deletion_due_at = $3, updated_at = $4
      where tenant_id = $1 and id = $2`,
    [tenantId, userId, due, now],
  );
  // A deleted account gets no more pushes on its phones.
  await db.query('delete from push_subscriptions where tenant_id = $1 and user_id = $2', [tenantId, userId]);
}

/** The account to erase: only while still waiting for deletion (an administrator may have re-enabled it). */
export async function findDueDeletion(db: Db, tenantId: string, userId: string, now: Date) {
  const rows = await db.query<{ id: string; avatar_path: string | null }>(
    `select id, avatar_path from users where tenant_id = $1 and id = $2 and status = 'disabled' and deletion_due_at is not null and deletion_due_at <= $3`,
    [tenantId, userId, now],
  );
  return rows[0] ?? null;
}

/** The holder's own patient record and their sub-users, with everything hanging on them (readings, alerts: on delete cascade). */
export async function deletePatientsOf(db: Db, tenantId: string, userId: string): Promise<number> {
  const rows = await db.query(
    'delete from patients where tenant_id = $1 and (user_id = $2 or manager_user_id = $2) returning id',
    [tenantId, userId],
  );
  return rows.length;
}

export async function feedbackImagesOf(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ image_path: string }>(
    'select image_path from app_feedback where tenant_id = $1 and user_id = $2 and image_path is not null',
    [tenantId, userId],
  );
  return rows.map((r) => r.image_path);
}

/** Feedback stays (it is about the product), without its author or screenshots (they may show health data). */
export async function detachFeedback(db: Db, tenantId: string, userId: string) {
  await db.query('update app_feedback set user_id = null, image_path = null where tenant_id = $1 and user_id = $2', [
    tenantId,
    userId,
  ]);
}

/** Personal data removed, a tombstone kept until the lifecycle's final purge (which deletes rows with status 'deleted'). */
export async function anonymizeUser(db: Db, tenantId: string, userId: string, now: Date) {
  await db.query(
    `update users set status = 'deleted', deleted_at = $3, email = null, phone = null, first_name = 'Deleted', last_name = 'account',
            middle_name = null, nick_name = null, birthday = null, gender = null, address = null, height_cm = null, weight_kg = null,
            blood_type = null, skin_colour = null, background_diseases = '{}', medical_history = null, password_hash = null, avatar_path = null,
            updated_at = $3
      where tenant_id = $1 and id = $2`,
    [tenantId, userId, now],
  );
  await db.query('delete from sessions where tenant_id = $1 and user_id = $2', [tenantId, userId]);
  await db.query('delete from deactivation_requests where tenant_id = $1 and user_id = $2', [tenantId, userId]);
}
