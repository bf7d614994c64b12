import type { AnyRoute } from './route.ts';
import type { Ctx } from './context.ts';
import { newId } from './ids.ts';

const MAX_IDS = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATIENT_PATH = /\/patients\/:id(\/|$)/;

type Io = { params: unknown; query: unknown; body: unknown; result: unknown };

/** `patientId` / `patientIds` values anywhere in a value (answers nest them in items, alerts, cases). */
function collect(v: unknown, out: Set<string>, depth = 0): void {
  if (out.size >= MAX_IDS || depth > 5 || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const x of v.slice(0, 500)) collect(x, out, depth + 1);
    return;
  }
  for (const [k, x] of Object.entries(v)) {
    if ((k === 'patientId' || k === 'patientIds') && x) {
      for (const id of Array.isArray(x) ? x : [x])
        if (typeof id === 'string' && UUID.test(id) && out.size < MAX_IDS) out.add(id.toLowerCase());
    } else collect(x, out, depth + 1);
  }
}

/** The patients a call concerned: the route's own rule, else the path's patient, then every patientId in and out. */
export function patientIdsOf(r: AnyRoute, io: Io): string[] {
  const out = new Set<string>();
  if (r.audit && r.audit.phi !== 'none' && r.audit.patients) {
    for (const id of r.audit.patients(io))
      if (typeof id === 'string' && UUID.test(id) && out.size < MAX_IDS) out.add(id.toLowerCase());
  }
  const params = (io.params ?? {}) as Record<string, unknown>;
  if (PATIENT_PATH.test(r.url) && typeof params.id === 'string' && UUID.test(params.id))
    out.add(params.id.toLowerCase());
  for (const v of [io.params, io.query, io.body, io.result]) collect(v, out);
  return [...out];
}

export type AccessOutcome = { status: number; code: string | null };

const outcomeOf = (status: number) => (status < 400 ? 'ok' : status === 401 || status === 403 ? 'denied' : 'failed');

/**
 * One access row for a call: on a patient-data route always, on any other signed-in route when it was denied
 * (401/403). Who, tenant, role, patients, route, outcome, time and address; never a value of the data itself. A
 * patient's own call that names no patient is about the caller's own record (looked up in the same statement).
 */
export async function auditAccess(ctx: Ctx, r: AnyRoute, patients: string[], o: AccessOutcome): Promise<void> {
  const phi = r.audit && r.audit.phi !== 'none' ? r.audit.phi : null;
  const outcome = outcomeOf(o.status);
  if (!phi && outcome !== 'denied') return;
  const auth = ctx.auth;
  const tenantId = auth?.tenantId ?? ctx.device?.tenantId ?? null;
  const self = patients.length === 0 && auth !== null && phi !== null;
  await ctx.db.query(
    `insert into audit_log (id, tenant_id, actor_id, action, resource, resource_id, outcome, ip, request_id, details, created_at, role, route, patient_ids)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             case when $14::boolean then (select array_agg(p.id::text) from patients p where p.tenant_id = $2 and p.user_id = $3)
                  else $15::text[] end)`,
    [
      newId(),
      tenantId,
      auth?.userId ?? null,
      phi ? `phi.${phi}` : 'access.denied',
      phi ? 'patient' : null,
      patients.length === 1 ? patients[0] : null,
      outcome,
      ctx.ip,
      ctx.requestId,
      JSON.stringify({
        status: o.status,
        ...(o.code ? { code: o.code } : {}),
        ...(ctx.device ? { deviceId: ctx.device.deviceId } : {}),
      }),
      ctx.clock.now(),
      auth?.roleCode ?? (ctx.device ? 'device' : null),
      `${r.method} ${r.url}`,
      self,
      patients.length ? patients : null,
    ],
  );
}
