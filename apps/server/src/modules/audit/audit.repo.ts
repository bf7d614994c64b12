import type { TAuditQuery } from '@carewatch/contracts/audit';
import type { Db } from '../../platform/db.ts';

export type AuditRow = {
  id: string;
  created_at: Date;
  actor_id: string | null;
  actor_first: string | null;
  actor_last: string | null;
  actor_email: string | null;
  action: string;
  resource: string | null;
  resource_id: string | null;
  outcome: string;
  ip: string | null;
  request_id: string | null;
  details: Record<string, unknown> | null;
  role: string | null;
  route: string | null;
  patient_ids: string[] | null;
  total: number;
};

/** Sort columns of the audit log (issue 20); ties by id in the same direction. */
const SORT_EXPR: Record<string, string> = {
  createdAt: 'a.created_at',
  actor: "lower(coalesce(u.last_name || ' ' || u.first_name, u.email, ''))",
  action: 'a.action',
  resource: "coalesce(a.resource, '')",
  outcome: 'a.outcome',
};
/** ORDER BY of a sort: default (`-createdAt`) the newest first, as always. */
export function auditOrder(sort: TAuditQuery['sort'] = '-createdAt'): string {
  const desc = sort.startsWith('-');
  const expr = SORT_EXPR[desc ? sort.slice(1) : sort] ?? SORT_EXPR.createdAt!;
  const dir = desc ? 'desc' : 'asc';
  // Within one actor, action … the newest first.
  return expr === SORT_EXPR.createdAt
    ? `a.created_at ${dir}, a.id ${dir}`
    : `${expr} ${dir}, a.created_at desc, a.id desc`;
}

export async function search(
  db: Db,
  tenantId: string,
  q: {
    actor?: string;
    action?: string;
    resource?: string;
    outcome?: string;
    patientId?: string;
    from?: Date;
    to?: Date;
    page: number;
    size: number;
    sort?: TAuditQuery['sort'];
  },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select a.id, a.created_at, a.actor_id, u.first_name as actor_first, u.last_name as actor_last, u.email as actor_email,
            a.action, a.resource, a.resource_id, a.outcome, a.ip, a.request_id, a.details, a.role, a.route, a.patient_ids, count(*) over () as total
       from audit_log a left join users u on u.id = a.actor_id and u.tenant_id = a.tenant_id
      where a.tenant_id = $1
        and ($2::text is null or u.email ilike '%' || $2 || '%' or (u.first_name || ' ' || u.last_name) ilike '%' || $2 || '%'
             or (u.last_name || ' ' || u.first_name) ilike '%' || $2 || '%')
        and ($3::text is null or a.action ilike $3 || '%')
        and ($4::text is null or a.resource = $4)
        and ($5::text is null or a.outcome = $5)
        and ($6::timestamptz is null or a.created_at >= $6)
        and ($7::timestamptz is null or a.created_at <= $7)
        and ($10::text is null or a.patient_ids @> array[$10::text] or a.resource_id = $10)
      order by ${auditOrder(q.sort)}
      limit $8 offset $9`,
    [
      tenantId,
      q.actor ?? null,
      q.action ?? null,
      q.resource ?? null,
      q.outcome ?? null,
      q.from ?? null,
      q.to ?? null,
      q.size,
      q.page * q.size,
      q.patientId ?? null,
    ],
  );
}

export type AuditExportRow = Omit<AuditRow, 'actor_first' | 'actor_last' | 'total'>;

/** The tenant's trail between two instants, oldest first, in chunks (keyset on time and id: memory stays flat). */
export async function* exportRows(
  db: Db,
  tenantId: string,
  from: Date,
  to: Date,
  chunk = 1000,
): AsyncGenerator<AuditExportRow[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: AuditExportRow[] = await db.query<AuditExportRow>(
      `select a.id, a.created_at, a.actor_id, u.email as actor_email, a.action, a.resource, a.resource_id, a.outcome, a.ip, a.request_id,
              a.details, a.role, a.route, a.patient_ids
         from audit_log a left join users u on u.id = a.actor_id and u.tenant_id = a.tenant_id
        where a.tenant_id = $1 and a.created_at >= $2 and a.created_at <= $3
          and ($4::timestamptz is null or (a.created_at, a.id) > ($4, $5::uuid))
        order by a.created_at, a.id
        limit $6`,
      [tenantId, from, to, after?.at ?? null, after?.id ?? null, chunk],
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { at: last.created_at, id: last.id };
    if (rows.length < chunk) return;
  }
}
