import {
  FHIR_RESOURCE_TYPES,
  parseFhirDate,
  type TFhirBundle,
  type TFhirCapabilityStatement,
  type TFhirObservationSearch,
  type TFhirPatientScopedSearch,
  type TFhirPatientSearch,
  type TFhirResource,
  type TFhirResourceType,
} from '@carewatch/contracts/fhir';
import { METRICS, type TMetric } from '@carewatch/contracts/vitals';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { Permission, type PermissionId } from '@carewatch/contracts/permissions';
import { patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import { metricsForCategoryParam, metricsForCodeParam } from './fhir.codes.ts';
import {
  parseObservationId,
  patientCodeSystem,
  sourceHash,
  toAppointment,
  toDevice,
  toFlag,
  toMedicationRequest,
  toObservation,
  toPatient,
  toRelatedPerson,
} from './fhir.mapping.ts';
import * as repo from './fhir.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date(Date.UTC(9999, 11, 31));

/** What a search answers before it becomes a Bundle: the page's resources and whether more follow. */
export type SearchPage = { resources: TFhirResource[]; more: boolean };
/** The request as the client sent it, for the Bundle's links: the base (…/fhir/R4) and the raw query pairs. */
export type SearchLinks = { base: string; type: TFhirResourceType; query: URLSearchParams };

type Lister = (
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  tenantCode: string,
  s: repo.Scope,
  page: repo.Page,
) => Promise<TFhirResource[]>;
const today = (deps: Pick<Deps, 'clock'>) => deps.clock.now().toISOString().slice(0, 10);

/** The resources other than Observation, read page by page for a scope (search, read by id and the Bulk export share them). */
export const LISTERS: Record<Exclude<TFhirResourceType, 'Observation'>, Lister> = {
  Patient: async (d, t, code, s, p) => (await repo.patients(d.db, t, s, p)).map((r) => toPatient(r, code)),
  Device: async (d, t, _c, s, p) => (await repo.devices(d.db, t, s, p)).map(toDevice),
  Flag: async (d, t, _c, s, p) => (await repo.openAlerts(d.db, t, s, p)).map(toFlag),
  MedicationRequest: async (d, t, _c, s, p) =>
    (await repo.medicines(d.db, t, s, p)).map((r) => toMedicationRequest(r, today(d))),
  Appointment: async (d, t, _c, s, p) => (await repo.appointments(d.db, t, s, p)).map(toAppointment),
  RelatedPerson: async (d, t, _c, s, p) => (await repo.related(d.db, t, s, p)).map(toRelatedPerson),
};

// ---------------------------------------------------------------- parameters

/** [from, to) of FHIR date search values (`ge…`, `lt…`, a bare day): their intersection. */
export function dateRange(values: string | string[] | undefined): { from?: Date; to?: Date } {
  let from: Date | undefined;
  let to: Date | undefined;
  const atLeast = (d: Date) => {
    if (!from || d > from) from = d;
  };
  const below = (d: Date) => {
    if (!to || d < to) to = d;
  };
  for (const v of values === undefined ? [] : Array.isArray(values) ? values : [values]) {
    const d = parseFhirDate(v);
    if (!d) continue; // refused by the query schema already
    if (d.prefix === 'eq') {
      atLeast(d.lo);
      below(d.hi);
    } else if (d.prefix === 'ge') atLeast(d.lo);
    else if (d.prefix === 'gt') atLeast(d.hi);
    else if (d.prefix === 'le') below(d.hi);
    else below(d.lo);
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
const patientIdOf = (ref: string | undefined) => (ref ? ref.replace(/^Patient\//, '') : undefined);
/** `_id=a,b`: the ids of uuid form (others can name nothing here); null when the parameter is absent. */
function idsOf(param: string | undefined): string[] | null {
  if (param === undefined) return null;
  return param
    .split(',')
    .map((x) => x.trim())
    .filter((x) => UUID.test(x));
}

/** A patient the caller may see, or null (another tenant's, another center's and a missing one alike: an empty search). */
async function visiblePatient(ctx: AuthedCtx, id: string): Promise<boolean> {
  try {
    await requireVisiblePatient(ctx, id);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return false;
    throw e;
  }
}

// ---------------------------------------------------------------- search

export async function searchPatients(ctx: AuthedCtx, q: TFhirPatientSearch): Promise<SearchPage> {
  requireFhirType(ctx, 'Patient');
  const ids = idsOf(q._id);
  if (ids && ids.length === 0) return { resources: [], more: false };
  let code: string | undefined;
  if (q.identifier !== undefined) {
    const bar = q.identifier.indexOf('|');
    const system = bar < 0 ? null : q.identifier.slice(0, bar);
    if (system && system !== patientCodeSystem(ctx.auth.tenantCode)) return { resources: [], more: false };
    code = bar < 0 ? q.identifier : q.identifier.slice(bar + 1);
  }
  const upd = dateRange(q._lastUpdated);
  const rows = await repo.patients(
    ctx.db,
    ctx.auth.tenantId,
    {
      v: patientVisibility(ctx.auth),
      ids: ids ?? undefined,
      code,
      name: q.name,
      updatedFrom: upd.from,
      updatedTo: upd.to,
    },
    { limit: q._count + 1, offset: q._offset },
  );
  return {
    resources: rows.slice(0, q._count).map((r) => toPatient(r, ctx.auth.tenantCode)),
    more: rows.length > q._count,
  };
}

/** Device, Flag, MedicationRequest, Appointment, RelatedPerson: of one patient or of every patient the caller sees. */
export async function searchScoped(
  ctx: AuthedCtx,
  type: Exclude<TFhirResourceType, 'Observation' | 'Patient'>,
  q: TFhirPatientScopedSearch,
): Promise<SearchPage> {
  requireFhirType(ctx, type);
  const ids = idsOf(q._id);
  if (ids && ids.length === 0) return { resources: [], more: false };
  const patientId = patientIdOf(q.patient);
  if (patientId && !(await visiblePatient(ctx, patientId))) return { resources: [], more: false };
  const upd = dateRange(q._lastUpdated);
  const s: repo.Scope = {
    v: patientVisibility(ctx.auth),
    patientId,
    ids: ids ?? undefined,
    updatedFrom: upd.from,
    updatedTo: upd.to,
  };
  const found = await LISTERS[type](ctx, ctx.auth.tenantId, ctx.auth.tenantCode, s, {
    limit: q._count + 1,
    offset: q._offset,
  });
  return { resources: found.slice(0, q._count), more: found.length > q._count };
}

/**
 * Observations of one patient (`patient=` or `subject=` is required: a reading belongs to one patient, and a search
 * over every reading of a tenant is what the Bulk export is for), by code, category, date and `_lastUpdated` (the
 * time a reading was taken: readings are never changed once stored).
 */
export async function searchObservations(ctx: AuthedCtx, q: TFhirObservationSearch): Promise<SearchPage> {
  requireFhirType(ctx, 'Observation');
  const patientId = patientIdOf(q.patient ?? q.subject);
  if (!patientId)
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'patient', rule: 'required' },
      'patient: a patient (patient=Patient/<id>) is required',
    );
  if (!(await visiblePatient(ctx, patientId))) return { resources: [], more: false };
  let metrics: TMetric[] = [...METRICS];
  if (q.code !== undefined) {
    const m = new Set(metricsForCodeParam(q.code));
    metrics = metrics.filter((x) => m.has(x));
  }
  if (q.category !== undefined) {
    const m = new Set(metricsForCategoryParam(q.category));
    metrics = metrics.filter((x) => m.has(x));
  }
  if (metrics.length === 0) return { resources: [], more: false };
  const a = dateRange(q.date);
  const b = dateRange(q._lastUpdated);
  const from = [EARLIEST, a.from, b.from].filter((x): x is Date => !!x).reduce((x, y) => (y > x ? y : x));
  const to = [LATEST, a.to, b.to].filter((x): x is Date => !!x).reduce((x, y) => (y < x ? y : x));
  if (from >= to) return { resources: [], more: false };
  if (q._id !== undefined) {
    const wanted = new Set(q._id.split(',').map((x) => x.trim()));
    const out: TFhirResource[] = [];
    for (const id of wanted) {
      const key = parseObservationId(id);
      if (!key || key.patientId !== patientId || !metrics.includes(key.metric) || key.at < from || key.at >= to)
        continue;
      const obs = await observationByKey(ctx, key);
      if (obs) out.push(obs);
    }
    return { resources: out.slice(q._offset, q._offset + q._count), more: out.length > q._offset + q._count };
  }
  const rows = await repo.readings(ctx.db, ctx.auth.tenantId, patientId, metrics, from, to, {
    limit: q._count + 1,
    offset: q._offset,
  });
  const resources = rows
    .slice(0, q._count)
    .map((r) => toObservation(patientId, r))
    .filter((x): x is NonNullable<typeof x> => x !== null);
  return { resources, more: rows.length > q._count };
}

async function observationByKey(
  ctx: AuthedCtx,
  key: NonNullable<ReturnType<typeof parseObservationId>>,
): Promise<TFhirResource | null> {
  const rows = await repo.readingsAt(ctx.db, ctx.auth.tenantId, key.patientId, key.metric, key.at);
  const row = rows.find((r) => sourceHash(r.source) === key.sourceHash);
  return row ? toObservation(key.patientId, row) : null;
}

/** The searchset Bundle of a page, with its self link and, when more follow, its next link (same query, next offset). */
export function bundleOf(
  page: SearchPage,
  links: SearchLinks,
  q: { _count: number; _offset: number },
  now: Date,
): TFhirBundle {
  const url = (offset: number) => {
    const p = new URLSearchParams(links.query);
    p.set('_count', String(q._count));
    if (offset > 0) p.set('_offset', String(offset));
    else p.delete('_offset');
    return `${links.base}/${links.type}?${p.toString()}`;
  };
  const link = [{ relation: 'self', url: url(q._offset) }];
  if (page.more) link.push({ relation: 'next', url: url(q._offset + q._count) });
  if (q._offset > 0) link.push({ relation: 'previous', url: url(Math.max(0, q._offset - q._count)) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    timestamp: now.toISOString(),
    ...(!page.more ? { total: q._offset + page.resources.length } : {}),
    link,
    entry: page.resources.map((resource) => ({
      fullUrl: `${links.base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' as const },
    })),
  };
}

/**
 * Beside FhirRead, each type needs the permission that guards the same data in the staff API: a role given FhirRead
 * without, say, HealthView reads no Observation here either.
 */
export const FHIR_TYPE_PERMISSION: Record<TFhirResourceType, PermissionId> = {
  Patient: Permission.PatientView,
  Observation: Permission.HealthView,
  Flag: Permission.HealthView,
  MedicationRequest: Permission.HealthView,
  Device: Permission.DeviceView,
  Appointment: Permission.AppointmentView,
  RelatedPerson: Permission.RelativeView,
};
export const fhirTypeAllowed = (ctx: AuthedCtx, type: TFhirResourceType) =>
  ctx.auth.permissions.has(FHIR_TYPE_PERMISSION[type]);
export function requireFhirType(ctx: AuthedCtx, type: TFhirResourceType): void {
  if (!fhirTypeAllowed(ctx, type)) throw new AppError('PERMISSION_DENIED', { permission: FHIR_TYPE_PERMISSION[type] });
}

// ---------------------------------------------------------------- read

/** One resource by id, or NOT_FOUND (a missing id, another tenant's and one of a patient the caller may not see alike). */
export async function readResource(ctx: AuthedCtx, type: TFhirResourceType, id: string): Promise<TFhirResource> {
  requireFhirType(ctx, type);
  const notFound = () => new AppError('NOT_FOUND', undefined, `${type}/${id} not found`);
  if (type === 'Observation') {
    const key = parseObservationId(id);
    if (!key || !(await visiblePatient(ctx, key.patientId))) throw notFound();
    const obs = await observationByKey(ctx, key);
    if (!obs) throw notFound();
    return obs;
  }
  if (!UUID.test(id)) throw notFound();
  const [found] = await LISTERS[type](
    ctx,
    ctx.auth.tenantId,
    ctx.auth.tenantCode,
    { v: patientVisibility(ctx.auth), ids: [id] },
    { limit: 1, offset: 0 },
  );
  if (!found) throw notFound();
  return found;
}

// ---------------------------------------------------------------- CapabilityStatement

const SEARCH_PARAMS: Record<TFhirResourceType, Array<{ name: string; type: string; documentation?: string }>> = {
  Patient: [
    { name: '_id', type: 'token' },
    { name: 'identifier', type: 'token', documentation: 'The patient code' },
    { name: 'name', type: 'string' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Observation: [
    { name: 'patient', type: 'reference', documentation: 'Required (or subject)' },
    { name: 'subject', type: 'reference' },
    { name: 'code', type: 'token', documentation: 'LOINC (system|code or code)' },
    { name: 'category', type: 'token' },
    { name: 'date', type: 'date', documentation: 'eq, ge, gt, le, lt; a day or an instant' },
    { name: '_lastUpdated', type: 'date' },
    { name: '_id', type: 'token' },
  ],
  Device: [
    { name: 'patient', type: 'reference' },
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Flag: [
    { name: 'patient', type: 'reference' },
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  MedicationRequest: [
    { name: 'patient', type: 'reference' },
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  Appointment: [
    { name: 'patient', type: 'reference' },
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
  RelatedPerson: [
    { name: 'patient', type: 'reference' },
    { name: '_id', type: 'token' },
    { name: '_lastUpdated', type: 'date' },
  ],
};

/** What the server supports (public: /fhir/R4/metadata). */
export function capabilityStatement(base: string, now: Date): TFhirCapabilityStatement {
  const exportOp = { name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' };
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: now.toISOString(),
    publisher: 'CareWatch',
    kind: 'instance',
    software: { name: 'CareWatch' },
    implementation: { description: 'CareWatch FHIR R4 API (read-only) and Bulk Data export', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Every request but this one carries `Authorization: Bearer <access token>` of a staff account holding the FHIR permission; results are limited to the patients the account sees in the staff portal.',
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'OAuth',
                  display: 'OAuth',
                },
              ],
            },
          ],
        },
        resource: [
          ...FHIR_RESOURCE_TYPES.map((type) => ({
            type,
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: SEARCH_PARAMS[type].map((p) => ({ ...p })),
          })),
          {
            type: 'Group',
            operation: [
              {
                ...exportOp,
                name: 'export',
                documentation: 'Group/{health center id}/$export: the patients of one health center',
              },
            ],
          },
        ],
        operation: [exportOp],
      },
    ],
  };
}
