import { z } from 'zod';

/**
 * The read-only FHIR R4 API (/fhir/R4) and its Bulk Data export (issue 19). FHIR resources are open JSON shapes: the
 * schemas below name the members CareWatch writes and let the rest through (loose objects), so a response is never
 * trimmed; conformance is checked against the R4 definitions by the tests (@medplum/core validateResource).
 */

export const FHIR_MEDIA_TYPE = 'application/fhir+json';
export const FHIR_NDJSON_MEDIA_TYPE = 'application/fhir+ndjson';
export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';

/** The resource types the API serves (search and read) and the Bulk export writes. */
export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'Observation',
  'Device',
  'Flag',
  'MedicationRequest',
  'Appointment',
  'RelatedPerson',
] as const;
export const ZFhirResourceType = z.enum(FHIR_RESOURCE_TYPES, 'Unknown resource type');
export type TFhirResourceType = z.infer<typeof ZFhirResourceType>;

// ---------------------------------------------------------------- data types

export const ZFhirCoding = z.object({
  system: z.string().optional(),
  code: z.string().optional(),
  display: z.string().optional(),
});
export const ZFhirCodeableConcept = z.object({ coding: z.array(ZFhirCoding).optional(), text: z.string().optional() });
export const ZFhirReference = z.object({ reference: z.string().optional(), display: z.string().optional() });
export const ZFhirQuantity = z.object({ value: z.number(), unit: z.string(), system: z.string(), code: z.string() });
export const ZFhirIdentifier = z.object({
  system: z.string().optional(),
  value: z.string(),
  use: z.string().optional(),
  type: ZFhirCodeableConcept.optional(),
});
export const ZFhirPeriod = z.object({ start: z.string().optional(), end: z.string().optional() });
export const ZFhirMeta = z.object({ lastUpdated: z.string().optional() });
export const ZFhirSampledData = z.object({
  origin: ZFhirQuantity,
  period: z.number(),
  dimensions: z.number().int(),
  factor: z.number().optional(),
  data: z.string().optional(),
});
export type TFhirCoding = z.infer<typeof ZFhirCoding>;
export type TFhirCodeableConcept = z.infer<typeof ZFhirCodeableConcept>;
export type TFhirReference = z.infer<typeof ZFhirReference>;
export type TFhirQuantity = z.infer<typeof ZFhirQuantity>;

// ---------------------------------------------------------------- resources

const base = <T extends string>(type: T) => ({
  resourceType: z.literal(type),
  id: z.string(),
  meta: ZFhirMeta.optional(),
});

export const ZFhirPatient = z.looseObject({
  ...base('Patient'),
  identifier: z.array(ZFhirIdentifier).optional(),
  active: z.boolean().optional(),
  name: z
    .array(
      z.looseObject({
        family: z.string().optional(),
        given: z.array(z.string()).optional(),
        text: z.string().optional(),
      }),
    )
    .optional(),
  telecom: z.array(z.object({ system: z.string(), value: z.string(), use: z.string().optional() })).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: z.string().optional(),
  address: z.array(z.object({ text: z.string() })).optional(),
});
export type TFhirPatient = z.infer<typeof ZFhirPatient>;

export const ZFhirObservationComponent = z.looseObject({
  code: ZFhirCodeableConcept,
  valueQuantity: ZFhirQuantity.optional(),
  valueSampledData: ZFhirSampledData.optional(),
});
export const ZFhirObservation = z.looseObject({
  ...base('Observation'),
  status: z.literal('final'),
  category: z.array(ZFhirCodeableConcept),
  code: ZFhirCodeableConcept,
  subject: ZFhirReference,
  effectiveDateTime: z.string().optional(),
  effectivePeriod: ZFhirPeriod.optional(),
  device: ZFhirReference.optional(),
  valueQuantity: ZFhirQuantity.optional(),
  valueSampledData: ZFhirSampledData.optional(),
  dataAbsentReason: ZFhirCodeableConcept.optional(),
  component: z.array(ZFhirObservationComponent).optional(),
});
export type TFhirObservation = z.infer<typeof ZFhirObservation>;
export type TFhirObservationComponent = z.infer<typeof ZFhirObservationComponent>;

export const ZFhirDevice = z.looseObject({
  ...base('Device'),
  identifier: z.array(ZFhirIdentifier).optional(),
  status: z.enum(['active', 'inactive']),
  deviceName: z.array(z.object({ name: z.string(), type: z.literal('user-friendly-name') })).optional(),
  modelNumber: z.string().optional(),
  patient: ZFhirReference.optional(),
});
export type TFhirDevice = z.infer<typeof ZFhirDevice>;

export const ZFhirFlag = z.looseObject({
  ...base('Flag'),
  status: z.enum(['active', 'inactive']),
  category: z.array(ZFhirCodeableConcept).optional(),
  code: ZFhirCodeableConcept,
  subject: ZFhirReference,
  period: ZFhirPeriod.optional(),
});
export type TFhirFlag = z.infer<typeof ZFhirFlag>;

export const ZFhirMedicationRequest = z.looseObject({
  ...base('MedicationRequest'),
  status: z.enum(['active', 'stopped', 'completed']),
  intent: z.literal('order'),
  medicationCodeableConcept: ZFhirCodeableConcept,
  subject: ZFhirReference,
  authoredOn: z.string().optional(),
  requester: ZFhirReference.optional(),
  groupIdentifier: ZFhirIdentifier.optional(),
  note: z.array(z.object({ text: z.string() })).optional(),
  dosageInstruction: z.array(z.looseObject({ text: z.string().optional() })).optional(),
  dispenseRequest: z.looseObject({ validityPeriod: ZFhirPeriod.optional() }).optional(),
});
export type TFhirMedicationRequest = z.infer<typeof ZFhirMedicationRequest>;

export const ZFhirAppointment = z.looseObject({
  ...base('Appointment'),
  identifier: z.array(ZFhirIdentifier).optional(),
  status: z.enum(['booked', 'arrived', 'checked-in', 'pending', 'fulfilled', 'cancelled']),
  cancelationReason: ZFhirCodeableConcept.optional(),
  description: z.string().optional(),
  start: z.string(),
  end: z.string(),
  participant: z.array(z.object({ actor: ZFhirReference, status: z.literal('accepted') })),
});
export type TFhirAppointment = z.infer<typeof ZFhirAppointment>;

export const ZFhirRelatedPerson = z.looseObject({
  ...base('RelatedPerson'),
  active: z.boolean().optional(),
  patient: ZFhirReference,
  relationship: z.array(ZFhirCodeableConcept).optional(),
  name: z.array(z.object({ text: z.string() })).optional(),
  telecom: z.array(z.object({ system: z.literal('phone'), value: z.string() })).optional(),
});
export type TFhirRelatedPerson = z.infer<typeof ZFhirRelatedPerson>;

export const ZFhirResource = z.union([
  ZFhirPatient,
  ZFhirObservation,
  ZFhirDevice,
  ZFhirFlag,
  ZFhirMedicationRequest,
  ZFhirAppointment,
  ZFhirRelatedPerson,
]);
export type TFhirResource = z.infer<typeof ZFhirResource>;

export const ZFhirBundle = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  timestamp: z.string(),
  total: z.number().int().optional(),
  link: z.array(z.object({ relation: z.string(), url: z.string() })),
  entry: z.array(
    z.object({ fullUrl: z.string(), resource: ZFhirResource, search: z.object({ mode: z.literal('match') }) }),
  ),
});
export type TFhirBundle = z.infer<typeof ZFhirBundle>;

export const ZFhirCapabilityStatement = z.looseObject({
  resourceType: z.literal('CapabilityStatement'),
  status: z.literal('active'),
  fhirVersion: z.literal('4.0.1'),
});
export type TFhirCapabilityStatement = z.infer<typeof ZFhirCapabilityStatement>;

// ---------------------------------------------------------------- search parameters

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
/** A FHIR logical id (letters, digits, '-' and '.', at most 64). */
export const ZFhirId = z.string().regex(FHIR_ID, 'Invalid id');
export const ZFhirIdParams = z.object({ id: ZFhirId });

/** A day or an instant (a year or a month alone is refused: `2026` is more often a typing error than a search). */
const DATE_VALUE = /^(\d{4})(-(\d{2})(-(\d{2})(T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?))$/;
export const FHIR_DATE_PREFIXES = ['eq', 'gt', 'lt', 'ge', 'le'] as const;
export type TFhirDatePrefix = (typeof FHIR_DATE_PREFIXES)[number];
/** A parsed FHIR date search value: the prefix and the instant range [lo, hi) its precision covers. */
export type TFhirDateValue = { prefix: TFhirDatePrefix; lo: Date; hi: Date };

/** `ge2026-11-01`, `lt2026-11-22T08:00:00Z`: a FHIR date search value, or null when it is not one (or not a real date). */
export function parseFhirDate(raw: string): TFhirDateValue | null {
  const m = /^(eq|gt|lt|ge|le)?(.*)$/.exec(raw);
  const prefix = (m?.[1] ?? 'eq') as TFhirDatePrefix;
  const v = m?.[2] ?? '';
  const d = DATE_VALUE.exec(v);
  if (!d) return null;
  const year = Number(d[1]);
  if (year < 1900 || year > 9999) return null;
  const month = d[3] ? Number(d[3]) : 1;
  const day = d[5] ? Number(d[5]) : 1;
  if (month < 1 || month > 12) return null;
  const lo0 = new Date(Date.UTC(year, month - 1, day));
  if (lo0.getUTCMonth() !== month - 1 || lo0.getUTCDate() !== day) return null;
  if (d[6]) {
    const t = Date.parse(v);
    if (!Number.isFinite(t) || Number(d[7]) > 23 || Number(d[8]) > 59 || (d[10] !== undefined && Number(d[10]) > 59))
      return null;
    const step = d[9] ? (d[11] ? 1 : 1000) : 60_000;
    return { prefix, lo: new Date(t), hi: new Date(t + step) };
  }
  const hi = d[5]
    ? new Date(Date.UTC(year, month - 1, day + 1))
    : d[3]
      ? new Date(Date.UTC(year, month, 1))
      : new Date(Date.UTC(year + 1, 0, 1));
  return { prefix, lo: lo0, hi };
}

const dateParam = (what: string) => {
  const one = z
    .string()
    .max(64, 'Max length is 64')
    .refine((s) => parseFhirDate(s) !== null, `Invalid ${what} (ge2026-11-01, le2026-11-22T08:00:00Z)`);
  return z.union([one, z.array(one).max(4, 'Max length is 4')]).optional();
};
const tokenParam = z.string().trim().min(1, 'Required').max(500, 'Max length is 500');
const patientRef = z
  .string()
  .trim()
  .regex(
    /^(Patient\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'Invalid patient reference (Patient/<id>)',
  );

/** Paging and the parameters every search takes. `_offset` is the paging link's position (opaque to clients). */
const common = {
  _count: z.coerce
    .number('Invalid number')
    .int('Invalid number')
    .min(1, 'Min value is 1')
    .max(1000, 'Max value is 1000')
    .default(50),
  _offset: z.coerce
    .number('Invalid number')
    .int('Invalid number')
    .min(0, 'Min value is 0')
    .max(1_000_000, 'Max value is 1000000')
    .default(0),
  _lastUpdated: dateParam('_lastUpdated'),
  _id: z.string().trim().min(1, 'Required').max(2000, 'Max length is 2000').optional(),
};
export const ZFhirPatientSearch = z.object({
  ...common,
  identifier: tokenParam.optional(),
  name: z.string().trim().min(1, 'Required').max(100, 'Max length is 100').optional(),
});
export type TFhirPatientSearch = z.infer<typeof ZFhirPatientSearch>;

export const ZFhirObservationSearch = z.object({
  ...common,
  patient: patientRef.optional(),
  subject: patientRef.optional(),
  code: tokenParam.optional(),
  category: tokenParam.optional(),
  date: dateParam('date'),
});
export type TFhirObservationSearch = z.infer<typeof ZFhirObservationSearch>;

/** Device, Flag, MedicationRequest, Appointment, RelatedPerson: by patient (or all the caller may see). */
export const ZFhirPatientScopedSearch = z.object({ ...common, patient: patientRef.optional() });
export type TFhirPatientScopedSearch = z.infer<typeof ZFhirPatientScopedSearch>;

// ---------------------------------------------------------------- Bulk Data export

/** Kick-off parameters (FHIR Bulk Data Access 2.0): `_outputFormat` (NDJSON only), `_type` (comma list), `_since`. */
export const ZFhirExportQuery = z.object({
  _outputFormat: z
    .enum(['application/fhir+ndjson', 'application/ndjson', 'ndjson'], 'Only application/fhir+ndjson is supported')
    .optional(),
  _type: z
    .string()
    .trim()
    .max(500, 'Max length is 500')
    .refine(
      (s) => s.split(',').every((x) => (FHIR_RESOURCE_TYPES as readonly string[]).includes(x.trim())),
      `Unknown resource type (${FHIR_RESOURCE_TYPES.join(', ')})`,
    )
    .optional(),
  _since: z
    .string()
    .max(64, 'Max length is 64')
    .refine((s) => {
      const d = parseFhirDate(s);
      return d !== null && !/^(eq|gt|lt|ge|le)/.test(s) && s.includes('T');
    }, 'Invalid _since (an instant: 2026-11-01T00:00:00Z)')
    .optional(),
});
export type TFhirExportQuery = z.infer<typeof ZFhirExportQuery>;
export const ZFhirExportParams = z.object({ id: z.string().uuid('Invalid id') });
export const ZFhirExportFileParams = z.object({ id: z.string().uuid('Invalid id'), type: ZFhirResourceType });

export const FHIR_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const ZFhirExportManifest = z.object({
  transactionTime: z.string(),
  request: z.string(),
  requiresAccessToken: z.literal(true),
  output: z.array(z.object({ type: ZFhirResourceType, url: z.string(), count: z.number().int() })),
  error: z.array(z.object({ type: z.literal('OperationOutcome'), url: z.string() })),
});
export type TFhirExportManifest = z.infer<typeof ZFhirExportManifest>;
