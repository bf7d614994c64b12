import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ERRORS } from '@carewatch/contracts/errors';
import { ROUTES } from '../routes.ts';
import { openApiDocumentOf, rateLimitGroupOf } from './app.ts';
import { buildOpenApi, openApiPath, operationIdOf, type JsonSchema } from './openapi.ts';
import { CONTRACT_MODULES } from './openapi-contracts.ts';
import { SCHEMA_EXAMPLES } from './openapi-examples.ts';
import { definePublicRoute, defineRoute, type AnyRoute } from './route.ts';

const doc = openApiDocumentOf(ROUTES);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([m, op]) => ({ path: p, method: m, op: op as Record<string, unknown> })),
);
const routeOf = (path: string, method: string) =>
  ROUTES.find((r) => openApiPath(r.url) === path && r.method.toLowerCase() === method)!;
const schemas = doc.components.schemas;
const REF = '#/components/schemas/';

describe('OpenAPI document of the route table', () => {
  test('one operation per route, each with a unique camelCase operationId, tags, a summary and x-permission', () => {
    expect(operations.length).toBe(ROUTES.length);
    const ids = operations.map((o) => o.op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations) {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect((op.tags as string[]).length).toBeGreaterThan(0);
      expect(String(op.summary).length).toBeGreaterThan(0);
      expect(op['x-permission']).toBeDefined();
    }
  });

  test('operationIds are derived from method and URL (stable), or given by the route', () => {
    expect(operationIdOf({ method: 'GET', url: '/api/account/patients/:id' })).toBe('getAccountPatientsById');
    expect(operationIdOf({ method: 'POST', url: '/api/account/patients/:id/attachments' })).toBe(
      'postAccountPatientsByIdAttachments',
    );
    expect(operationIdOf({ method: 'GET', url: '/api/account/doctor-assistant/get-count-patient-status' })).toBe(
      'getAccountDoctorAssistantGetCountPatientStatus',
    );
    expect(operationIdOf({ method: 'GET', url: '/fhir/R4/Patient/:id' })).toBe('getFhirR4PatientById');
    expect(operationIdOf({ method: 'PUT', url: '/api/x', operationId: 'renameX' })).toBe('renameX');
    const health = doc.paths['/api/health']?.get;
    expect(health?.operationId).toBe('getHealth');
  });

  test('two routes deriving the same operationId are refused (name one of them)', () => {
    const route = (url: string) =>
      definePublicRoute({
        method: 'GET',
        url,
        summary: 's',
        tags: ['t'],
        response: z.object({ ok: z.boolean() }),
        handler: async () => ({ ok: true }),
      });
    expect(() => buildOpenApi([route('/api/a-b'), route('/api/a_b')], { rateLimitGroupOf })).toThrow(/getAB/);
    const named = { ...route('/api/a_b'), operationId: 'getAUnderscoreB' } as AnyRoute;
    expect(() => buildOpenApi([route('/api/a-b'), named], { rateLimitGroupOf })).not.toThrow();
  });

  test('a route the document has never seen gets defaults: named schemas, path parameters, binary download', () => {
    const ZThing = z.object({ id: z.string(), n: z.number().default(1) });
    const routes = [
      defineRoute({
        method: 'POST',
        url: '/api/things/:thingId',
        summary: 'New',
        tags: ['things'],
        permission: 1 as never,
        audit: { phi: 'none' },
        body: ZThing,
        response: ZThing,
        handler: async () => ({ id: 'x', n: 1 }),
      }),
      defineRoute({
        method: 'GET',
        url: '/api/things/:thingId/file',
        summary: 'File',
        tags: ['things'],
        permission: 1 as never,
        audit: { phi: 'none' },
        response: z.unknown(),
        raw: true,
        handler: async () => undefined,
      }),
      defineRoute({
        method: 'GET',
        url: '/fhir/R4/Thing',
        summary: 'FHIR',
        tags: ['fhir'],
        permission: 1 as never,
        audit: { phi: 'none' },
        response: ZThing,
        produces: ['application/fhir+json'],
        handler: async () => ({ id: 'x', n: 1 }),
      }),
    ];
    const d = buildOpenApi(routes, { rateLimitGroupOf });
    const post = d.paths['/api/things/{thingId}']!.post!;
    expect(post.operationId).toBe('postThingsByThingId');
    expect(post.parameters).toEqual([{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: `${REF}PostThingsByThingIdRequestInput` } } },
    });
    expect((post.responses as Record<string, unknown>)['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: `${REF}PostThingsByThingIdRequest` } } },
    });
    expect(d.paths['/api/things/{thingId}/file']!.get!.responses).toMatchObject({
      200: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    });
    expect(d.paths['/fhir/R4/Thing']!.get!.responses).toMatchObject({
      200: { content: { 'application/fhir+json': { schema: { $ref: `${REF}PostThingsByThingIdRequest` } } } },
    });
  });

  test('request and response bodies reference named component schemas; contracts exports keep their names', () => {
    for (const { path: p, method, op } of operations) {
      const body = (op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      for (const [type, media] of Object.entries(body ?? {})) {
        if (type === 'multipart/form-data') continue;
        expect(media.schema.$ref, `${method} ${p} request`).toMatch(/^#\/components\/schemas\//);
      }
      const ok = Object.entries(
        op.responses as Record<string, { content?: Record<string, { schema: JsonSchema }> }>,
      ).find(([s]) => s.startsWith('2'));
      const json = ok?.[1].content?.['application/json'];
      if (json && !routeOf(p, method).raw && Object.keys(json.schema).length)
        expect(json.schema.$ref, `${method} ${p} response`).toMatch(/^#\/components\/schemas\//);
    }
    expect(doc.paths['/api/account/patients/{id}']?.get?.responses).toMatchObject({
      200: { content: { 'application/json': { schema: { $ref: `${REF}Patient` } } } },
    });
    for (const name of ['Patient', 'Alert', 'Device', 'PatientPage', 'TokenResponse', 'ErrorBody'])
      expect(schemas[name], name).toBeDefined();
    // Every $ref resolves.
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const r of new Set(refs)) expect(schemas[r.slice(REF.length + 1, -1)], r).toBeDefined();
  });

  test('every error response lists its codes as an enum, grouped by status as in errors.ts', () => {
    for (const [status, response] of Object.entries(doc.components.responses)) {
      const schema = schemas[status] as { allOf: Array<{ properties?: { code?: { enum?: string[] } } }> };
      const codes = schema.allOf[1]!.properties!.code!.enum!;
      const expected = Object.entries(ERRORS)
        .filter(([, e]) => status === 'Error' || `Error${e.status}` === status)
        .map(([c]) => c);
      expect([...codes].sort(), status).toEqual(expected.sort());
      expect(response).toMatchObject({ content: { 'application/json': { schema: { $ref: `${REF}${status}` } } } });
    }
    for (const { op } of operations) {
      const statuses = Object.keys(op.responses as object);
      expect(statuses).toContain('400');
      expect(statuses).toContain('default');
    }
  });

  test('public routes say security: []; others name bearer (and device credentials where accepted)', () => {
    for (const { path: p, method, op } of operations) {
      const r = routeOf(p, method);
      expect(op.security, `${method} ${p}`).toEqual(
        r.permission === 'public' ? [] : r.deviceAuth ? [{ bearer: [] }, { device: [] }] : [{ bearer: [] }],
      );
    }
  });

  test('uploads are multipart/form-data with a binary file part; downloads name their content types as binary', () => {
    const uploads = ROUTES.filter((r) => r.bodyKind === 'multipart');
    expect(uploads.length).toBeGreaterThan(10);
    for (const r of uploads) {
      const op = doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!;
      expect(op.requestBody, `${r.method} ${r.url}`).toMatchObject({
        required: true,
        content: {
          'multipart/form-data': {
            schema: { required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
          },
        },
      });
    }
    const xlsx = doc.paths['/api/account/patients/export']!.get!.responses as Record<
      string,
      { content: Record<string, unknown> }
    >;
    expect(xlsx['200']!.content).toEqual({
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    });
    const png = doc.paths['/api/auth/tenant/logo/{owner}/{file}']!.get!.responses as Record<
      string,
      { content: Record<string, unknown> }
    >;
    expect(Object.keys(png['200']!.content)).toEqual(['image/png']);
    for (const r of ROUTES.filter((x) => x.raw && !x.produces?.includes('json'))) {
      const res = doc.paths[openApiPath(r.url)]![r.method.toLowerCase()]!.responses as Record<
        string,
        { content?: Record<string, { schema: unknown }> }
      >;
      for (const media of Object.values(res[String(r.status ?? 200)]?.content ?? {}))
        expect(media.schema, `${r.method} ${r.url}`).toEqual({ type: 'string', format: 'binary' });
    }
  });

  test('the examples of the main resources are in the document and valid by their Zod contract', () => {
    const zodByName = new Map<string, z.ZodType>();
    for (const exports of Object.values(CONTRACT_MODULES)) {
      for (const [n, v] of Object.entries(exports))
        if (/^Z[A-Z]/.test(n) && v instanceof z.ZodType && !zodByName.has(n.slice(1))) zodByName.set(n.slice(1), v);
    }
    expect(Object.keys(SCHEMA_EXAMPLES)).toEqual(
      expect.arrayContaining(['Patient', 'Alert', 'Device', 'IngestRequestInput', 'LatestVital']),
    );
    for (const [name, examples] of Object.entries(SCHEMA_EXAMPLES)) {
      expect(schemas[name]?.examples, name).toEqual(examples);
      const zod = zodByName.get(name.replace(/Input$/, ''))!;
      for (const ex of examples) expect(zod.safeParse(ex).error, name).toBeUndefined();
    }
  });

  test('every contracts module is read for schema names (openapi-contracts.ts lists them all)', () => {
    const dir = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');
    const modules = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.slice(0, -3));
    const listed = fs.readFileSync(path.join(import.meta.dirname, 'openapi-contracts.ts'), 'utf8');
    expect(modules.filter((m) => !listed.includes(`'@carewatch/contracts/${m}'`))).toEqual([]);
  });
});
