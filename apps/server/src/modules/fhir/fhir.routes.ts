import type { AnyRoute } from '../../platform/route.ts';
import { FHIR_EXPORT_ROUTES } from './routes/fhir-export.ts';
import { FHIR_READ_ROUTES } from './routes/fhir-read.ts';

/** The "fhir" module's routes: the read-only FHIR R4 API under /fhir/R4 and its Bulk Data export (issue 19). */
export const FHIR_ROUTES: AnyRoute[] = [...FHIR_READ_ROUTES, ...FHIR_EXPORT_ROUTES];
