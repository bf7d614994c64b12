import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import * as staff from '../staff/staff.repo.ts';

/** Demo centers' positions (for the app's "near me"): Ba Dinh (Hanoi) and Le Chan (Hai Phong). */
export const DEMO_CENTER_POSITIONS = {
  centerA: { lat: 21.0341, lng: 105.8142 },
  centerB: { lat: 20.8465, lng: 106.6748 },
};

/**
 * The demo doctor's directory entry: center coordinates, a profile (specialties, cost, introduction, degree) and one
 * valid medical licence (expiring two years after `now`).
 */
export async function seedDemoDoctors(
  db: Db,
  tenantId: string,
  refs: { doctorId: string; centerA: string; centerB: string; now: Date },
): Promise<void> {
  for (const [id, p] of [
    [refs.centerA, DEMO_CENTER_POSITIONS.centerA],
    [refs.centerB, DEMO_CENTER_POSITIONS.centerB],
  ] as const) {
    await db.query(
      'update health_centers set lat = $3, lng = $4, address = coalesce(address, $5) where tenant_id = $1 and id = $2',
      [
        tenantId,
        id,
        p.lat,
        p.lng,
        id === refs.centerA ? '19 Lieu Giai, Ba Dinh, Hanoi' : '8 Ho Sen, Le Chan, Hai Phong',
      ],
    );
  }
  await staff.upsertProfile(
    db,
    tenantId,
    refs.doctorId,
    {
      specialties: ['family_medicine', 'cardiology', 'internal_medicine'],
      degree: 4,
      examinationCost: 300000,
      // No office address: "at the clinic" appointments keep naming the center (appointments.repo clinicAddress).
      officeAddress: null,
      officeEmail: 'doctor.office@demo.test',
      officePhone: null,
      introduction: 'Family doctor with a focus on heart health and chronic conditions of older adults.',
      placeOfEducation: 'Hanoi Medical University',
      yearsOfExperience: 12,
      doctorType: 'family',
    },
    refs.now,
  );
  const expiry = new Date(refs.now.getTime() + 2 * 365 * 24 * 3600_000).toISOString().slice(0, 10);
  await staff.insertLicense(db, tenantId, {
    id: newId(),
    userId: refs.doctorId,
    name: 'Medical practising certificate',
    number: 'HN-0012345',
    expiryDate: expiry,
    imagePath: null,
    now: refs.now,
  });
}
