import {
  ZFhirBundle,
  ZFhirCapabilityStatement,
  ZFhirIdParams,
  ZFhirObservationSearch,
  ZFhirPatientScopedSearch,
  ZFhirPatientSearch,
  ZFhirResource,
  type TFhirResourceType,
} from '@carewatch/contracts/fhir';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute, definePublicRoute, type AnyRoute } from '../../../platform/route.ts';
import {
  bundleOf,
  capabilityStatement,
  readResource,
  searchObservations,
  searchPatients,
  searchScoped,
} from '../fhir.service.ts';
import { fhirBaseOf, patientsOfAnswer, rawQueryOf } from './fhir-http.ts';

const tags = ['fhir'];
const R4 = '/fhir/R4';
const audit = { phi: 'read' as const, patients: patientsOfAnswer };

export const fhirMetadataRoute = definePublicRoute({
  method: 'GET',
  url: `${R4}/metadata`,
  tags,
  summary:
    'FHIR R4 CapabilityStatement: the resources, search parameters and operations ($export) this server supports',
  response: ZFhirCapabilityStatement,
  handler: async ({ req }, ctx) => capabilityStatement(fhirBaseOf(req), ctx.clock.now()),
});

export const fhirPatientSearchRoute = defineRoute({
  audit,
  method: 'GET',
  url: `${R4}/Patient`,
  tags,
  permission: Permission.FhirRead,
  summary:
    'Search Patient (id = the staff API patient id; identifier = the patient code) by _id, identifier, name, _lastUpdated',
  query: ZFhirPatientSearch,
  response: ZFhirBundle,
  handler: async ({ query, req }, ctx) =>
    bundleOf(
      await searchPatients(ctx, query),
      { base: fhirBaseOf(req), type: 'Patient', query: rawQueryOf(req) },
      query,
      ctx.clock.now(),
    ),
});

export const fhirObservationSearchRoute = defineRoute({
  audit,
  method: 'GET',
  url: `${R4}/Observation`,
  tags,
  permission: Permission.FhirRead,
  summary:
    "Search one patient's vital-sign Observations (LOINC codes, UCUM units) by patient (required), code, category, date, _lastUpdated",
  query: ZFhirObservationSearch,
  response: ZFhirBundle,
  handler: async ({ query, req }, ctx) =>
    bundleOf(
      await searchObservations(ctx, query),
      { base: fhirBaseOf(req), type: 'Observation', query: rawQueryOf(req) },
      query,
      ctx.clock.now(),
    ),
});

const SCOPED = [
  ['Device', 'Devices (watches, cellular devices) assigned to patients'],
  ['Flag', 'Open alerts as active Flags'],
  [
    'MedicationRequest',
    'Prescribed medicines (one MedicationRequest per medicine; groupIdentifier = the prescription number)',
  ],
  ['Appointment', 'Appointments with doctors'],
  ['RelatedPerson', "Patients' followers (accepted emergency and caring contacts) and relatives"],
] as const;

const searchRoute = (type: (typeof SCOPED)[number][0], what: string) =>
  defineRoute({
    audit,
    method: 'GET',
    url: `${R4}/${type}`,
    tags,
    permission: Permission.FhirRead,
    summary: `Search ${type}: ${what}; by patient, _id, _lastUpdated`,
    query: ZFhirPatientScopedSearch,
    response: ZFhirBundle,
    handler: async ({ query, req }, ctx) =>
      bundleOf(
        await searchScoped(ctx, type, query),
        { base: fhirBaseOf(req), type, query: rawQueryOf(req) },
        query,
        ctx.clock.now(),
      ),
  });
const readRoute = (type: TFhirResourceType) =>
  defineRoute({
    audit,
    method: 'GET',
    url: `${R4}/${type}/:id`,
    tags,
    permission: Permission.FhirRead,
    summary: `Read one ${type} (404 OperationOutcome when missing or not visible to the caller)`,
    params: ZFhirIdParams,
    response: ZFhirResource,
    handler: async ({ params }, ctx) => readResource(ctx, type, params.id),
  });

/** The FHIR read routes: metadata, then search and read per resource type. */
export const FHIR_READ_ROUTES: AnyRoute[] = [
  fhirMetadataRoute,
  fhirPatientSearchRoute,
  readRoute('Patient'),
  fhirObservationSearchRoute,
  readRoute('Observation'),
  ...SCOPED.flatMap(([type, what]) => [searchRoute(type, what), readRoute(type)]),
];
