import type { Db } from '../../platform/db.ts';

export type AuditRow = {
  id: string; created_at: Date; actor_id: string | null; actor_first: string | null; actor_last: string | null; actor_email: string | null; action: string;
  resource: string | null; resource_id: string | null; outcome: string; ip: string | null; request_id: string | null;
  details: Record<string, unknown> | null; total: number;
};

export async function search(db: Db, tenantId: string, q: { actor?: string; action?: string; resource?: string; outcome?: string; from?: Date; to?: Date; page: number; size: number }): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select a.id, a.created_at, a.actor_id, u.first_name as actor_first, u.last_name as actor_last, u.email as actor_email,
            a.action, a.resource, a.resource_id, a.outcome, a.ip, a.request_id, a.details, count(*) over () as total
       from audit_log a left join users u on u.id = a.actor_id and u.tenant_id = a.tenant_id
      where a.tenant_id = $1
        and ($2::text is null or u.email ilike '%' || $2 || '%' or (u.first_name || ' ' || u.last_name) ilike '%' || $2 || '%'
             or (u.last_name || ' ' || u.first_name) ilike '%' || $2 || '%')
        and ($3::text is null or a.action ilike $3 || '%')
        and ($4::text is null or a.resource = $4)
        and ($5::text is null or a.outcome = $5)
        and ($6::timestamptz is null or a.created_at >= $6)
        and ($7::timestamptz is null or a.created_at <= $7)
      order by a.created_at desc, a.id desc
      limit $8 offset $9`,
    [tenantId, q.actor ?? null, q.action ?? null, q.resource ?? null, q.outcome ?? null, q.from ?? null, q.to ?? null, q.size, q.page * q.size],
  );
}
