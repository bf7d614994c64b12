import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { findByCode as findRole } from '../roles/roles.repo.ts';
import * as users from '../users/users.repo.ts';
import * as contacts from '../contacts/contacts.repo.ts';
import * as sport from '../sport/sport.repo.ts';
import { upsertSportProfile } from '../dashboards/dashboards.repo.ts';

/** The demo coach's players: two generated patients given an app account (player1@, player2@); never patient@. */
export const DEMO_PLAYERS = [
  { local: 'player1', patientNo: 10, rank: 'A', skill: 'Long distance' },
  { local: 'player2', patientNo: 16, rank: 'B', skill: 'Cycling' },
] as const;
/** The demo team (spec §3 "Coach or player": team, club, rank, skill): the coach's and both players' profiles. */
export const DEMO_TEAM = { teamName: 'Red River Runners', clubName: 'CareWatch Sport Club' } as const;

type Session = {
  mode: string;
  daysAgo: number;
  hour: number;
  min: number;
  steps?: number;
  km?: number;
  kcal: number;
  climb?: number;
  hr: [number, number];
};
const SESSIONS: Session[][] = [
  [
    { mode: 'running', daysAgo: 1, hour: 6, min: 35, steps: 6100, km: 5.2, kcal: 390, climb: 24, hr: [148, 171] },
    { mode: 'running', daysAgo: 3, hour: 6, min: 42, steps: 7000, km: 6.0, kcal: 450, climb: 31, hr: [151, 176] },
    { mode: 'walking', daysAgo: 4, hour: 18, min: 50, steps: 5600, km: 3.9, kcal: 210, hr: [96, 118] },
    { mode: 'running', daysAgo: 8, hour: 6, min: 30, steps: 5200, km: 4.5, kcal: 340, climb: 18, hr: [146, 169] },
  ],
  [
    { mode: 'cycling', daysAgo: 2, hour: 17, min: 75, km: 24.5, kcal: 620, climb: 180, hr: [132, 158] },
    { mode: 'swimming', daysAgo: 5, hour: 7, min: 40, km: 1.2, kcal: 330, hr: [128, 150] },
    { mode: 'cycling', daysAgo: 9, hour: 16, min: 60, km: 19.0, kcal: 500, climb: 140, hr: [129, 155] },
  ],
];

/**
 * Issue 21: coach@ has two accepted players (a contact of kind 'coach', asked by the player), each with a few sport
 * sessions over the last two weeks, so that the coach's dashboard and the player's history are not empty.
 */
export async function seedDemoSport(
  db: Db,
  r: { tenantId: string; tenantCode: string; domain: string; coachUserId: string; passwordHash: string; now: Date },
): Promise<void> {
  const role = (await findRole(db, r.tenantId, 'patient'))!;
  await upsertSportProfile(db, r.tenantId, r.coachUserId, { ...DEMO_TEAM, rank: null, skill: null, now: r.now });
  for (const [i, pl] of DEMO_PLAYERS.entries()) {
    const code = `${r.tenantCode.toUpperCase()}-P${String(pl.patientNo).padStart(4, '0')}`;
    const [p] = await db.query<{
      id: string;
      first_name: string;
      last_name: string;
      phone: string | null;
      center_id: string | null;
    }>('select id, first_name, last_name, phone, center_id from patients where tenant_id = $1 and patient_code = $2', [
      r.tenantId,
      code,
    ]);
    if (!p) continue;
    const userId = newId();
    await users.insertUser(db, r.tenantId, {
      id: userId,
      email: `${pl.local}@${r.domain}`,
      phone: p.phone,
      passwordHash: r.passwordHash,
      firstName: p.first_name,
      lastName: p.last_name,
      status: 'active',
      now: r.now,
    });
    await users.insertUserRole(db, r.tenantId, {
      id: newId(),
      userId,
      roleId: role.id,
      centerId: p.center_id,
      isMain: true,
    });
    await db.query('update patients set user_id = $3 where tenant_id = $1 and id = $2', [r.tenantId, p.id, userId]);
    await upsertSportProfile(db, r.tenantId, userId, { ...DEMO_TEAM, rank: pl.rank, skill: pl.skill, now: r.now });
    await contacts.insert(db, r.tenantId, {
      id: newId(),
      ownerId: userId,
      contactUserId: r.coachUserId,
      kind: 'coach',
      status: 'accepted',
      requestedBy: userId,
      name: null,
      phone: null,
      relationship: null,
      ownerAlias: null,
      contactAlias: null,
      specialty: null,
      now: r.now,
    });
    for (const s of SESSIONS[i]!) {
      const day = new Date(r.now.getTime() - s.daysAgo * 86_400_000);
      const startedAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), s.hour - 7, 0, 0));
      const durationSec = s.min * 60;
      const distanceM = s.km !== undefined ? s.km * 1000 : null;
      await sport.insertIfAbsent(db, r.tenantId, {
        id: newId(),
        patientId: p.id,
        mode: s.mode,
        startedAt,
        endedAt: new Date(startedAt.getTime() + durationSec * 1000),
        durationSec,
        steps: s.steps ?? null,
        distanceM,
        strideCm: s.steps && distanceM ? Math.round((distanceM / s.steps) * 1000) / 10 : null,
        calories: s.kcal,
        avgSpeedKmh: distanceM ? Math.round((distanceM / 1000 / (durationSec / 3600)) * 10) / 10 : null,
        paceSecPerKm: distanceM ? Math.round(durationSec / (distanceM / 1000)) : null,
        elevationGainM: s.climb ?? null,
        heartRateAvg: s.hr[0],
        heartRateMax: s.hr[1],
        source: 'watch',
        deviceId: null,
        createdBy: userId,
        now: r.now,
      });
    }
  }
}
