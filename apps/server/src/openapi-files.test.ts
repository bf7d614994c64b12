import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  currentOpenApiDocument,
  generatedClientText,
  GENERATED_CLIENT,
  OPENAPI_JSON,
  openApiJsonText,
  REPO_ROOT,
} from './openapi-files.ts';

/**
 * The OpenAPI document as third-party tools read it (Redocly CLI with its recommended rules and the repository's
 * redocly.yaml, swagger-parser), and the committed files made from it (`npm run openapi` writes them).
 */
const doc = currentOpenApiDocument();
const text = openApiJsonText(doc);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-openapi-'));
const file = path.join(tmp, 'openapi.json');
fs.writeFileSync(file, text);

describe('the OpenAPI document', () => {
  test('Redocly lint (recommended rules): 0 errors, 0 warnings', () => {
    const cli = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const res = spawnSync(
      process.execPath,
      [cli, 'lint', '--extends=recommended', '--format=json', `--config=${path.join(REPO_ROOT, 'redocly.yaml')}`, file],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const out = JSON.parse(res.stdout.slice(res.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    expect(out.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(out.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  test('swagger-parser validates it as OpenAPI 3.1', async () => {
    const api = await SwaggerParser.validate(file);
    expect((api as { openapi: string }).openapi).toBe('3.1.0');
  }, 60_000);

  test('docs/openapi.json and the generated client types are up to date (else run `npm run openapi`)', async () => {
    expect(fs.readFileSync(OPENAPI_JSON, 'utf8') === text, 'docs/openapi.json is stale: run `npm run openapi`').toBe(
      true,
    );
    expect(
      fs.readFileSync(GENERATED_CLIENT, 'utf8') === (await generatedClientText(doc)),
      'packages/api-client/src/generated/openapi.ts is stale: run `npm run openapi`',
    ).toBe(true);
  }, 60_000);
});
