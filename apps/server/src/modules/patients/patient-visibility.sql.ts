// Shared SQL: the patient-visibility condition that every module's repository embeds in its own queries (alerts,
// worklist, devices, tickets...). A string builder, no queries: a repository may import a `*.sql.ts` of another module,
// never its repository (eslint.config.js).
import type { SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from './patient-visibility.ts';

/**
 * The SQL condition limiting patients (table alias `alias`) to what `v` may see. Pushes its parameters onto
 * `params` (whose $1 must already be the tenant id) and returns the condition.
 */
export function visibilityCondition(v: PatientVisibility, alias: string, params: SqlValue[]): string {
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  switch (v.kind) {
    case 'tenant':
      return 'true';
    case 'self':
      return `${alias}.user_id = ${p(v.userId)}::uuid`;
    case 'center':
      return `${alias}.center_id = ${p(v.centerId)}::uuid`;
    case 'scope': {
      const s = p(v.scopeId);
      return `${alias}.center_id in (select c.id from health_centers c where c.tenant_id = $1 and c.scope_id in (
        with recursive sub as (select id from scopes where tenant_id = $1 and id = ${s}::uuid
          union all select x.id from scopes x join sub on x.parent_id = sub.id where x.tenant_id = $1)
        select id from sub))`;
    }
    case 'doctor': {
      const u = p(v.userId);
      const branch = v.centerId ? ` or ${alias}.center_id = ${p(v.centerId)}::uuid` : '';
      // Uncorrelated `in` (hashed once per query), not a per-row `exists`: counts over 100k patients stay fast.
      return `(${alias}.id in (select pd.patient_id from patient_doctors pd where pd.tenant_id = $1 and pd.doctor_id = ${u}::uuid)${branch})`;
    }
    case 'assistant': {
      const u = p(v.userId);
      const branch = v.centerId ? ` or ${alias}.center_id = ${p(v.centerId)}::uuid` : '';
      return `(${alias}.id in (select pd.patient_id from patient_doctors pd join assistant_doctors ad on ad.tenant_id = pd.tenant_id and ad.doctor_id = pd.doctor_id
        where pd.tenant_id = $1 and ad.assistant_id = ${u}::uuid)${branch})`;
    }
    case 'coach':
      // The players who accepted this coach (a contact of kind 'coach' whose owner is the player's app account).
      return `${alias}.user_id in (select c.owner_id from contacts c where c.tenant_id = $1 and c.contact_user_id = ${p(v.userId)}::uuid
        and c.kind = 'coach' and c.status = 'accepted')`;
  }
}
