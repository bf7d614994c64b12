import type { Db } from '../../platform/db.ts';

export async function tenantCount(db: Db): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from tenants');
  return rows[0]?.n ?? 0;
}
export async function insertScope(
  db: Db,
  tenantId: string,
  s: { id: string; name: string; level: number; type: string; parentId: string | null },
) {
  await db.query('insert into scopes (id, tenant_id, name, level, type, parent_id) values ($1,$2,$3,$4,$5,$6)', [
    s.id,
    tenantId,
    s.name,
    s.level,
    s.type,
    s.parentId,
  ]);
}
export async function insertCenter(db: Db, tenantId: string, c: { id: string; name: string; scopeId: string }) {
  await db.query('insert into health_centers (id, tenant_id, name, scope_id) values ($1,$2,$3,$4)', [
    c.id,
    tenantId,
    c.name,
    c.scopeId,
  ]);
}
export async function linkAssistantToDoctor(db: Db, tenantId: string, assistantId: string, doctorId: string) {
  await db.query(
    'insert into assistant_doctors (tenant_id, assistant_id, doctor_id) values ($1,$2,$3) on conflict do nothing',
    [tenantId, assistantId, doctorId],
  );
}
export async function insertDemoPatient(
  db: Db,
  tenantId: string,
  p: {
    id: string;
    userId: string | null;
    centerId: string;
    code: string;
    firstName: string;
    lastName: string;
    birthday: string;
    gender: 'male' | 'female';
    phone: string | null;
    email: string | null;
    address: string;
    status: string;
    heightCm: number;
    weightKg: number;
    createdAt: Date;
  },
) {
  const plain = [p.firstName, p.lastName, p.code, p.phone ?? '', p.email ?? ''].join(' ').toLowerCase();
  const folded = plain
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd');
  const search = folded === plain ? plain : `${plain} ${folded}`;
  await db.query(
    `insert into patients (id, tenant_id, user_id, center_id, patient_code, first_name, last_name, birthday, gender, phone, email, address, status,
       height_cm, weight_kg, search_text, created_at, updated_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$17)`,
    [
      p.id,
      tenantId,
      p.userId,
      p.centerId,
      p.code,
      p.firstName,
      p.lastName,
      p.birthday,
      p.gender,
      p.phone,
      p.email,
      p.address,
      p.status,
      p.heightCm,
      p.weightKg,
      search,
      p.createdAt,
    ],
  );
}
export async function linkDoctorToPatient(db: Db, tenantId: string, patientId: string, doctorId: string) {
  await db.query(
    'insert into patient_doctors (tenant_id, patient_id, doctor_id) values ($1,$2,$3) on conflict do nothing',
    [tenantId, patientId, doctorId],
  );
}
export async function insertRelative(
  db: Db,
  tenantId: string,
  r: { id: string; patientId: string; name: string; phone: string | null; relationship: string },
) {
  await db.query(
    'insert into patient_relatives (id, tenant_id, patient_id, name, phone, relationship) values ($1,$2,$3,$4,$5,$6)',
    [r.id, tenantId, r.patientId, r.name, r.phone, r.relationship],
  );
}
export async function insertDevice(
  db: Db,
  tenantId: string,
  d: {
    id: string;
    model: string;
    name: string | null;
    mac: string | null;
    imei: string | null;
    serial: string;
    account: string | null;
    userId: string | null;
    patientId: string | null;
    connectionStatus: number;
    appStatus: string | null;
    now: Date;
  },
) {
  const activated = d.connectionStatus !== -1;
  await db.query(
    `insert into devices (id, tenant_id, model, name, mac, imei, serial, account, user_id, patient_id, connection_status, app_status,
       latest_sync, first_connect, last_connect, activated_at, firmware_version, import_date, created_at, updated_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$13,$14,$15,$16,$16,$16)`,
    [
      d.id,
      tenantId,
      d.model,
      d.name,
      d.mac,
      d.imei,
      d.serial,
      d.account,
      d.userId,
      d.patientId,
      d.connectionStatus,
      d.appStatus,
      activated ? d.now : null,
      activated ? new Date(d.now.getTime() - 30 * 86_400_000) : null,
      activated ? '1.4.2' : null,
      new Date(d.now.getTime() - 45 * 86_400_000),
    ],
  );
}
