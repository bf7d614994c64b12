import type { Db } from '../../platform/db.ts';

export type EventRow = { id: string; arrival_at: Date; label: string; icon: string; created_at: Date };

export async function listEvents(db: Db, tenantId: string, patientId: string): Promise<EventRow[]> {
  return db.query<EventRow>(
    'select id, arrival_at, label, icon, created_at from event_reminders where tenant_id = $1 and patient_id = $2 order by arrival_at, id',
    [tenantId, patientId],
  );
}
export async function findEvent(db: Db, tenantId: string, patientId: string, id: string): Promise<EventRow | null> {
  const rows = await db.query<EventRow>(
    'select id, arrival_at, label, icon, created_at from event_reminders where tenant_id = $1 and patient_id = $2 and id = $3',
    [tenantId, patientId, id],
  );
  return rows[0] ?? null;
}
/** Locks the patient's row: the count-then-insert of the 20-event limit runs one at a time per patient. */
export async function lockPatient(db: Db, tenantId: string, patientId: string): Promise<void> {
  await db.query('select id from patients where tenant_id = $1 and id = $2 for update', [tenantId, patientId]);
}
export async function countEvents(db: Db, tenantId: string, patientId: string): Promise<number> {
  const rows = await db.query<{ n: string }>(
    'select count(*)::text as n from event_reminders where tenant_id = $1 and patient_id = $2',
    [tenantId, patientId],
  );
  return Number(rows[0]?.n ?? 0);
}
export async function timeTaken(
  db: Db,
  tenantId: string,
  patientId: string,
  at: Date,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'select id from event_reminders where tenant_id = $1 and patient_id = $2 and arrival_at = $3 and ($4::uuid is null or id <> $4::uuid) limit 1',
    [tenantId, patientId, at, exceptId],
  );
  return rows.length > 0;
}
export async function insertEvent(
  db: Db,
  tenantId: string,
  e: { id: string; patientId: string; at: Date; label: string; icon: string; now: Date },
): Promise<void> {
  await db.query(
    'insert into event_reminders (id, tenant_id, patient_id, arrival_at, label, icon, created_at, updated_at) values ($2, $1, $3, $4, $5, $6, $7, $7)',
    [tenantId, e.id, e.patientId, e.at, e.label, e.icon, e.now],
  );
}
export async function updateEvent(
  db: Db,
  tenantId: string,
  e: { id: string; patientId: string; at: Date; label: string; icon: string; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update event_reminders set arrival_at = $4, label = $5, icon = $6, updated_at = $7 where tenant_id = $1 and patient_id = $2 and id = $3 returning id',
    [tenantId, e.patientId, e.id, e.at, e.label, e.icon, e.now],
  );
  return rows.length > 0;
}
export async function deleteEvent(db: Db, tenantId: string, patientId: string, id: string): Promise<boolean> {
  return (
    (
      await db.query<{ id: string }>(
        'delete from event_reminders where tenant_id = $1 and patient_id = $2 and id = $3 returning id',
        [tenantId, patientId, id],
      )
    ).length > 0
  );
}
export type EventOwner = {
  user_id: string | null;
  language: string;
  timezone: string;
  label: string;
  arrival_at: Date;
};
/** The event with the account its reminder goes to (the patient's own, or the manager of a sub-user). */
export async function eventWithOwner(db: Db, tenantId: string, id: string): Promise<EventOwner | null> {
  const rows = await db.query<EventOwner>(
    `select u.id as user_id, u.language, u.timezone, e.label, e.arrival_at from event_reminders e join patients p on p.id = e.patient_id and p.tenant_id = e.tenant_id
       join users u on u.id = coalesce(p.user_id, p.manager_user_id) where e.tenant_id = $1 and e.id = $2`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}
