import type { Db } from '../platform/db.ts';

/**
 * Issue 13: a patient's status and their open alerts, SOS cases and tickets never disagree. Returns one line per
 * patient that breaks it (empty when all agree):
 * - the health tier of the status (at risk, high risk, SOS) is the worst level among the open alerts (none → no tier);
 * - an SOS level has an open SOS case (someone is prompted), and an open SOS case has an open alert;
 * - a closed SOS case has no ticket still in progress.
 */
export async function alertStatusViolations(db: Db, tenantId?: string): Promise<string[]> {
  const rows = await db.query<{
    code: string | null;
    id: string;
    status: string;
    worst: number | null;
    open_cases: number;
    orphan_cases: number;
    open_tickets_of_closed: number;
  }>(
    `select p.patient_code as code, p.id, p.status,
       (select max(case a.level when 'sos' then 3 when 'high_risk' then 2 when 'at_risk' then 1 else 0 end)
          from alerts a where a.tenant_id = p.tenant_id and a.patient_id = p.id and a.status <> 'closed')::int as worst,
       (select count(*) from sos_cases c where c.tenant_id = p.tenant_id and c.patient_id = p.id and c.status = 'open')::int as open_cases,
       (select count(*) from sos_cases c join alerts a on a.tenant_id = c.tenant_id and a.id = c.alert_id
          where c.tenant_id = p.tenant_id and c.patient_id = p.id and c.status = 'open' and a.status = 'closed')::int as orphan_cases,
       (select count(*) from sos_cases c join tickets k on k.tenant_id = c.tenant_id and k.sos_case_id = c.id
          where c.tenant_id = p.tenant_id and c.patient_id = p.id and c.status = 'closed' and k.status not in ('success', 'canceled'))::int as open_tickets_of_closed
     from patients p ${tenantId ? 'where p.tenant_id = $1' : ''}`,
    tenantId ? [tenantId] : [],
  );
  const TIER: Record<string, number> = { at_risk: 1, high_risk: 2, sos: 3 };
  const out: string[] = [];
  for (const r of rows) {
    const who = r.code ?? r.id;
    const tier = TIER[r.status] ?? 0;
    const worst = r.worst ?? 0;
    if (tier !== worst) out.push(`${who}: status ${r.status} but worst open alert level ${worst}`);
    if (worst === 3 && r.open_cases === 0) out.push(`${who}: SOS alert open without an open SOS case`);
    if (r.orphan_cases > 0) out.push(`${who}: ${r.orphan_cases} open SOS case(s) whose alert is closed`);
    if (r.open_tickets_of_closed > 0)
      out.push(`${who}: ${r.open_tickets_of_closed} ticket(s) still open for a closed SOS case`);
  }
  return out;
}
