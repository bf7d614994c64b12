import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './contacts.repo.ts';

/**
 * Demo contacts of the demo patient account: two plain emergency numbers (texted and called by escalation) and the
 * follower account as an accepted (consented) caring follower.
 */
export async function seedDemoContacts(
  db: Db,
  tenantId: string,
  refs: { patientUserId: string; followerUserId: string; followerPhone: string; phonePrefix: string; now: Date },
): Promise<void> {
  const base = {
    ownerId: refs.patientUserId,
    requestedBy: refs.patientUserId,
    ownerAlias: null,
    contactAlias: null,
    specialty: null,
    now: refs.now,
  };
  await repo.insert(db, tenantId, {
    ...base,
    id: newId(),
    contactUserId: null,
    kind: 'emergency',
    status: 'accepted',
    name: 'Hoang Minh',
    phone: `${refs.phonePrefix}00000021`,
    relationship: 'son',
  });
  await repo.insert(db, tenantId, {
    ...base,
    id: newId(),
    contactUserId: null,
    kind: 'emergency',
    status: 'accepted',
    name: 'Hoang Lan',
    phone: `${refs.phonePrefix}00000022`,
    relationship: 'daughter',
  });
  await repo.insert(db, tenantId, {
    ...base,
    id: newId(),
    contactUserId: refs.followerUserId,
    kind: 'caring',
    status: 'accepted',
    name: null,
    phone: refs.followerPhone,
    relationship: 'son',
  });
}
