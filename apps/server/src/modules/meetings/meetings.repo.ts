import type { Db } from '../../platform/db.ts';

export type ParticipantRow = { user_id: string; role: string; state: string; first_name: string; last_name: string };

export async function participants(db: Db, tenantId: string, appointmentId: string): Promise<ParticipantRow[]> {
  return db.query<ParticipantRow>(
    `select m.user_id, m.role, m.state, u.first_name, u.last_name from meeting_participants m join users u on u.id = m.user_id
      where m.tenant_id = $1 and m.appointment_id = $2 order by m.joined_at, m.id`,
    [tenantId, appointmentId],
  );
}

export async function upsertParticipant(
  db: Db,
  tenantId: string,
  p: { id: string; appointmentId: string; userId: string; role: string; state: string; now: Date },
): Promise<void> {
  await db.query(
    `insert into meeting_participants (id, tenant_id, appointment_id, user_id, role, state, joined_at, updated_at) values ($2, $1, $3, $4, $5, $6, $7, $7)
     on conflict (tenant_id, appointment_id, user_id) do update set state = excluded.state, role = excluded.role, updated_at = excluded.updated_at`,
    [tenantId, p.id, p.appointmentId, p.userId, p.role, p.state, p.now],
  );
}

export async function setState(
  db: Db,
  tenantId: string,
  appointmentId: string,
  userId: string,
  state: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update meeting_participants set state = $4, updated_at = $5 where tenant_id = $1 and appointment_id = $2 and user_id = $3 returning id',
    [tenantId, appointmentId, userId, state, now],
  );
  return rows.length > 0;
}

export async function insertSignal(
  db: Db,
  tenantId: string,
  s: { id: string; appointmentId: string; from: string; to: string; kind: string; data: string; now: Date },
): Promise<number> {
  const rows = await db.query<{ seq: string }>(
    `insert into meeting_signals (id, tenant_id, appointment_id, from_user_id, to_user_id, kind, data, created_at) values ($2, $1, $3, $4, $5, $6, $7, $8) returning seq::text as seq`,
    [tenantId, s.id, s.appointmentId, s.from, s.to, s.kind, s.data, s.now],
  );
  return Number(rows[0]!.seq);
}

export type SignalRow = { seq: string; from_user_id: string; kind: string; data: string; created_at: Date };
export async function signalsFor(
  db: Db,
  tenantId: string,
  appointmentId: string,
  userId: string,
  after: number,
): Promise<SignalRow[]> {
  return db.query<SignalRow>(
    `select seq::text as seq, from_user_id, kind, data, created_at from meeting_signals
      where tenant_id = $1 and appointment_id = $2 and to_user_id = $3 and seq > $4 order by seq limit 200`,
    [tenantId, appointmentId, userId, after],
  );
}
