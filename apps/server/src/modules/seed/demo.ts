import type { Db } from '../../platform/db.ts';
import type { FileStore } from '../../platform/file-store.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { provisionTenant } from '../tenants/tenants.service.ts';
import { findByCode as findRole } from '../roles/roles.repo.ts';
import * as users from '../users/users.repo.ts';
import * as demo from './demo.repo.ts';
import { seedDemoPatients } from './demo-patients.ts';
import { seedDemoAppointments } from './demo-appointments.ts';
import { seedDemoPrescriptions } from './demo-prescriptions.ts';
import { seedDemoRecords } from './demo-records.ts';
import { seedDemoContacts } from '../contacts/demo-contacts.ts';
import { seedDemoDoctors } from './demo-doctors.ts';
import { seedDemoSport } from './demo-sport.ts';
import { seedDemoBasic } from './demo-billing.ts';
import { seedDemoCards } from '../payments/providers/card-simulator.ts';

export const DEMO_PASSWORD = 'CareWatch@2026';

type DemoAccount = {
  local: string;
  role: string;
  first: string;
  last: string;
  phone: string;
  levels?: 'two-centers' | 'scope' | 'center';
};
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { local: 'root', role: 'root', first: 'Root', last: 'User', phone: '0900000001' },
  { local: 'superadmin', role: 'super_admin', first: 'Sophie', last: 'Admin', phone: '0900000002' },
  { local: 'sysadmin', role: 'system_admin', first: 'Sam', last: 'System', phone: '0900000003' },
  { local: 'scopeadmin', role: 'scope_admin', first: 'Scott', last: 'Scope', phone: '0900000004', levels: 'scope' },
  { local: 'mhscadmin', role: 'mhsc_admin', first: 'Mai', last: 'Center', phone: '0900000005', levels: 'two-centers' },
  { local: 'doctor', role: 'doctor', first: 'Duc', last: 'Nguyen', phone: '0900000006', levels: 'center' },
  { local: 'assistant', role: 'doctor_assistant', first: 'An', last: 'Tran', phone: '0900000007', levels: 'center' },
  { local: 'operator', role: 'operator', first: 'Olivia', last: 'Pham', phone: '0900000008', levels: 'center' },
  { local: 'cskh', role: 'customer_care', first: 'Cam', last: 'Le', phone: '0900000009' },
  { local: 'coach', role: 'coach', first: 'Cuong', last: 'Vo', phone: '0900000010' },
  { local: 'patient', role: 'patient', first: 'Phuong', last: 'Hoang', phone: '0900000011', levels: 'center' },
  // An ordinary app user (no patient record) following patient@ with consent; escalation texts and calls them.
  { local: 'follower', role: 'patient', first: 'Phong', last: 'Hoang', phone: '0900000012' },
];

export const DEMO_TENANTS = [
  { code: 'demo', name: 'CareWatch Demo', domain: 'demo.test', color: '#0b7285', phonePrefix: '09' },
  { code: 'demo2', name: 'CareWatch Demo Two', domain: 'demo2.test', color: '#6741d9', phonePrefix: '08' },
];

export type SeedDemoOptions = {
  /** Days of vitals per demo patient, ending at `now` (npm start: 30, DEMO_VITALS_DAYS; int tests: 2; e2e: 7; 0 = none). */
  vitalsDays?: number;
  /** End of the vitals series (default: the current time). */
  now?: Date;
  /** The file store: the demo medical record's paper is stored there (none without it). */
  files?: FileStore;
};

/** Seeds the two demo tenants on first start (when no tenant exists). Returns whether it seeded. */
export async function seedDemo(db: Db, opts: SeedDemoOptions = {}): Promise<boolean> {
  const vitalsDays = Math.max(0, Math.min(366, opts.vitalsDays ?? 30));
  const now = opts.now ?? new Date();
  if ((await demo.tenantCount(db)) > 0) return false;
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const t of DEMO_TENANTS) {
    const tenantId = newId();
    // The README's walk-through reads codes under Messages: the demo's super admin may reveal them (audited).
    await provisionTenant(db, {
      id: tenantId,
      code: t.code,
      name: t.name,
      officialName: `${t.name} Health Network`,
      settings: { COLOR: t.color, ORGANIZATION_NAME: t.name },
      newId,
      revealCodes: true,
    });
    const region = { id: newId(), name: 'Northern Region', level: 1, type: 'region', parentId: null };
    const city = { id: newId(), name: 'Hanoi', level: 2, type: 'city', parentId: region.id };
    const city2 = { id: newId(), name: 'Hai Phong', level: 2, type: 'city', parentId: region.id };
    for (const s of [region, city, city2]) await demo.insertScope(db, tenantId, s);
    const centerA = { id: newId(), name: 'Ba Dinh Health Center', scopeId: city.id };
    const centerB = { id: newId(), name: 'Le Chan Health Center', scopeId: city2.id };
    for (const c of [centerA, centerB]) await demo.insertCenter(db, tenantId, c);
    const ids: Record<string, string> = {};
    for (const a of DEMO_ACCOUNTS) {
      const id = newId();
      ids[a.local] = id;
      const phone = t.phonePrefix + a.phone.slice(2);
      await users.insertUser(db, tenantId, {
        id,
        email: `${a.local}@${t.domain}`,
        phone,
        passwordHash: hash,
        firstName: a.first,
        lastName: a.last,
        status: 'active',
        now: new Date(),
      });
      const role = (await findRole(db, tenantId, a.role))!;
      const levels: Array<{ scopeId: string | null; centerId: string | null }> =
        a.levels === 'two-centers'
          ? [
              { scopeId: city.id, centerId: centerA.id },
              { scopeId: city2.id, centerId: centerB.id },
            ]
          : a.levels === 'scope'
            ? [{ scopeId: region.id, centerId: null }]
            : a.levels === 'center'
              ? [{ scopeId: city.id, centerId: centerA.id }]
              : [{ scopeId: null, centerId: null }];
      for (const l of levels)
        await users.insertUserRole(db, tenantId, {
          id: newId(),
          userId: id,
          roleId: role.id,
          scopeId: l.scopeId,
          centerId: l.centerId,
          isMain: true,
        });
    }
    // An assistant always follows at least one doctor.
    await demo.linkAssistantToDoctor(db, tenantId, ids.assistant!, ids.doctor!);
    // The demo patient account is a monitored patient of center A, followed by the demo doctor.
    const patientId = newId();
    await demo.insertDemoPatient(db, tenantId, {
      id: patientId,
      userId: ids.patient!,
      centerId: centerA.id,
      code: `${t.code.toUpperCase()}-P0001`,
      firstName: 'Phuong',
      lastName: 'Hoang',
      birthday: '1958-04-12',
      gender: 'female',
      phone: t.phonePrefix + '00000011',
      email: `patient@${t.domain}`,
      address: '12 Kim Ma, Ba Dinh, Hanoi',
      status: 'normal',
      heightCm: 158,
      weightKg: 56,
      createdAt: new Date('2026-10-01T02:00:00Z'),
    });
    await demo.linkDoctorToPatient(db, tenantId, patientId, ids.doctor!);
    // patient@ has two emergency numbers and follower@ as an accepted caring follower.
    await seedDemoContacts(db, tenantId, {
      patientUserId: ids.patient!,
      followerUserId: ids.follower!,
      followerPhone: t.phonePrefix + '00000012',
      phonePrefix: t.phonePrefix,
      now: new Date(),
    });
    // ~50 patients across both centers, relatives, a few devices and a month of vitals (deterministic per tenant).
    await seedDemoPatients(
      db,
      {
        tenantId,
        tenantCode: t.code,
        domain: t.domain,
        phonePrefix: t.phonePrefix,
        centerA: centerA.id,
        centerB: centerB.id,
        doctorId: ids.doctor!,
        demoPatient: {
          id: patientId,
          userId: ids.patient!,
          birthday: '1958-04-12',
          gender: 'female',
          heightCm: 158,
          weightKg: 56,
        },
      },
      { vitalsDays, now },
    );
    await seedDemoDoctors(db, tenantId, { doctorId: ids.doctor!, centerA: centerA.id, centerB: centerB.id, now });
    // coach@ and two accepted players (player1@, player2@) with sport sessions (issue 21).
    await seedDemoSport(db, {
      tenantId,
      tenantCode: t.code,
      domain: t.domain,
      coachUserId: ids.coach!,
      passwordHash: hash,
      now,
    });
    await seedDemoAppointments(db, tenantId, {
      doctorId: ids.doctor!,
      adminId: ids.mhscadmin!,
      operatorId: ids.operator!,
      patientId,
      centerId: centerA.id,
      clinic: centerA.name,
      now,
    });
    await seedDemoPrescriptions(db, tenantId, { doctorId: ids.doctor!, patientId, patientUserId: ids.patient!, now });
    await seedDemoRecords(db, tenantId, {
      patientId,
      doctorId: ids.doctor!,
      clinic: centerA.name,
      now,
      files: opts.files,
    });
    // patient@demo.test is on Basic; patient@demo2.test stays on Zero (issue 17).
    if (t.code === 'demo') await seedDemoBasic(db, tenantId, ids.patient!, now);
    // Simulated scratch cards / phone accounts (Viettel Pay, BCCS) with known codes (card-simulator.ts DEMO_CARDS).
    await seedDemoCards(db, tenantId, now);
  }
  return true;
}
