import type { Db } from '../../platform/db.ts';

export type AppProfile = {
  middleName: string | null;
  birthday: string;
  gender: string;
  address: string;
  bloodType: string;
  skinColour: string;
  relationship: string;
  region: string | null;
  timezone: string | null;
  consentAt: Date;
};

/** The account holder's own profile fields (a follower has no patient record to hold them). */
export async function setAppProfile(db: Db, tenantId: string, userId: string, p: AppProfile) {
  await db.query(
    `update users set middle_name = $3, birthday = $4::date, gender = $5, address = $6, blood_type = $7, skin_colour = $8, relationship = $9,
       region = $10, timezone = coalesce($11, timezone), terms_accepted_at = $12, health_consent_at = $12
     where tenant_id = $1 and id = $2`,
    [
      tenantId,
      userId,
      p.middleName,
      p.birthday,
      p.gender,
      p.address,
      p.bloodType,
      p.skinColour,
      p.relationship,
      p.region,
      p.timezone,
      p.consentAt,
    ],
  );
}

/** Consumes a code once: false when another request used it first (two submits racing with one code). */
export async function claimOtp(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update otp_codes set used_at = $3 where tenant_id = $1 and id = $2 and used_at is null returning id',
    [tenantId, id, now],
  );
  return rows.length === 1;
}

/** A patient record with this phone: whether it already belongs to an account. */
export async function patientByPhone(db: Db, tenantId: string, phone: string, opts: { lock?: boolean } = {}) {
  const rows = await db.query<{ id: string; user_id: string | null }>(
    `select id, user_id from patients where tenant_id = $1 and phone = $2${opts.lock ? ' for update' : ''}`,
    [tenantId, phone],
  );
  return rows[0] ?? null;
}

/** Gives an existing (staff-created) record to the new account; the staff's values win, the app only fills blanks. */
export async function linkPatient(
  db: Db,
  tenantId: string,
  patientId: string,
  userId: string,
  p: {
    middleName: string | null;
    skinColour: string;
    birthday: string;
    gender: string;
    address: string;
    bloodType: string;
    email: string | null;
    now: Date;
  },
) {
  await db.query(
    `update patients set user_id = $3, middle_name = coalesce(middle_name, $4), skin_colour = coalesce(skin_colour, $5),
       birthday = coalesce(birthday, $6::date), gender = coalesce(gender, $7), address = coalesce(address, $8), blood_type = coalesce(blood_type, $9),
       email = coalesce(email, $10), updated_at = $11
     where tenant_id = $1 and id = $2 and user_id is null`,
    [
      tenantId,
      patientId,
      userId,
      p.middleName,
      p.skinColour,
      p.birthday,
      p.gender,
      p.address,
      p.bloodType,
      p.email,
      p.now,
    ],
  );
}

export async function setPatientExtras(
  db: Db,
  tenantId: string,
  patientId: string,
  p: { middleName: string | null; skinColour: string },
) {
  await db.query('update patients set middle_name = $3, skin_colour = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    patientId,
    p.middleName,
    p.skinColour,
  ]);
}
