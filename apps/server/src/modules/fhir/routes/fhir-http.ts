import type { FastifyRequest } from 'fastify';

/** The FHIR base of this request (scheme, host and /fhir/R4), for absolute links (Bundle links, fullUrl, the manifest). */
export function fhirBaseOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}/fhir/R4`;
}
/** The query pairs exactly as the client sent them (repeated `date=` kept), for the Bundle's links. */
export function rawQueryOf(req: FastifyRequest): URLSearchParams {
  const i = req.url.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : req.url.slice(i + 1));
}

const PATIENT_REF = /^Patient\/([0-9a-f-]{36})$/i;
/** The patients an answer concerns, for the access trail: Patient resources, `subject`/`patient` references, the `patient=` asked for. */
export function patientsOfAnswer(io: { query: unknown; result: unknown }): string[] {
  const out: string[] = [];
  const q = (io.query ?? {}) as { patient?: unknown; subject?: unknown };
  for (const ref of [q.patient, q.subject]) if (typeof ref === 'string') out.push(ref.replace(/^Patient\//, ''));
  const r = io.result as { resourceType?: unknown; entry?: Array<{ resource?: unknown }> } | null | undefined;
  const resources = r?.resourceType === 'Bundle' ? (r.entry ?? []).map((e) => e.resource) : [r];
  for (const res of resources.slice(0, 500)) {
    const x = res as
      | {
          resourceType?: unknown;
          id?: unknown;
          subject?: { reference?: unknown };
          patient?: { reference?: unknown };
          participant?: Array<{ actor?: { reference?: unknown } }>;
        }
      | null
      | undefined;
    if (!x) continue;
    if (x.resourceType === 'Patient' && typeof x.id === 'string') out.push(x.id);
    for (const ref of [
      x.subject?.reference,
      x.patient?.reference,
      ...(x.participant ?? []).map((p) => p.actor?.reference),
    ]) {
      const m = typeof ref === 'string' ? PATIENT_REF.exec(ref) : null;
      if (m) out.push(m[1]!);
    }
  }
  return [...new Set(out)];
}
