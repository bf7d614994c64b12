import { z } from 'zod';
import { ERRORS } from '@carewatch/contracts/errors';
import type { AnyRoute, FileKind } from './route.ts';
import { CONTRACT_MODULES } from './openapi-contracts.ts';
import { SCHEMA_EXAMPLES } from './openapi-examples.ts';

/**
 * The OpenAPI 3.1 document of the route table, built from the route definitions alone (method, url, summary, tags,
 * permission, Zod schemas, bodyKind, raw/produces): served at /api/docs/json, written to docs/openapi.json by
 * `npm run openapi`, and the source of packages/api-client/src/generated/openapi.ts.
 *
 * - Component schemas: every Zod schema exported by a contracts module is named by its export (`ZPatient` →
 *   `Patient`); a route's own inline schema is named after its operation (`getAccountFooResponse`). When a schema
 *   reads differently as input (defaults, preprocessing), the request side gets `<Name>Input`.
 * - operationId: the route's `operationId`, or the method and the path segments in camelCase (`operationIdOf`).
 * - Errors: one response per status, its `code` an enum of the catalogue's codes with that status (errors.ts).
 */

export type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  servers: Array<{ url: string; description: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
};

const REF = '#/components/schemas/';
/** Marks a reference to the input reading of a schema until the input and output readings are compared. */
const INPUT_MARK = '~input';

const MEDIA: Record<FileKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  image: 'image/*',
  audio: 'audio/*',
  txt: 'text/plain',
  html: 'text/html',
  json: 'application/json',
  zip: 'application/zip',
  ndjson: 'application/fhir+ndjson',
  file: 'application/octet-stream',
  redirect: 'redirect',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health of the server',
  auth: 'Sign-in, tokens, one-time codes, registration, password reset, permissions and tenant settings',
  account: 'The signed-in user: profile, avatar, language, units, password',
  'patient-app': 'The patient app: the caller’s own data and the patients they follow',
  patients: 'Patient records, status, doctors, targets, attachments, import and export',
  vitals: 'Vital-sign readings and charts',
  alerts: 'Alerts raised by the rules on readings, their handling and configuration',
  devices: 'Wearables and cellular devices, their assignment and import',
  staff: 'Staff accounts, their roles, licenses and avatars',
};

/** `getAccountPatientsById` from GET /api/account/patients/:id: the method, then each path segment in camelCase. */
export function operationIdOf(r: Pick<AnyRoute, 'method' | 'url' | 'operationId'>): string {
  if (r.operationId) return r.operationId;
  const words = [r.method.toLowerCase()];
  for (const seg of r.url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)) {
    const param = seg.startsWith(':') || seg.startsWith('{');
    const parts = seg
      .replace(/^[:{]|}$/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean);
    if (param) words.push('By');
    for (const p of parts) words.push(p[0]!.toUpperCase() + p.slice(1));
  }
  return words.join('');
}

/** `/api/patients/:id` → `/api/patients/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A sort order that does not depend on the machine's locale (the committed files must come out the same anywhere). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const pascal = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const isZod = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;
/** Schemas that say nothing (z.unknown(), z.any()) are written inline as `{}`, not named. */
const saysNothing = (s: z.ZodType) =>
  ['unknown', 'any'].includes((s as unknown as { _zod: { def: { type: string } } })._zod.def.type);

/** Every exported Zod schema of the contracts modules → its component name (the export without its `Z`). */
function contractNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const [module, exports] of Object.entries(CONTRACT_MODULES)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!/^Z[A-Z]/.test(exportName) || !isZod(value) || names.has(value)) continue;
      let name = exportName.slice(1);
      if (taken.has(name)) name = pascal(module) + name;
      if (taken.has(name)) continue;
      taken.add(name);
      names.set(value, name);
    }
  }
  return names;
}

const stripMeta = (s: JsonSchema): JsonSchema => {
  const { $schema: _s, $id: _i, ...rest } = s;
  return fixRecords(rest) as JsonSchema;
};

/** A record keyed by an enum (z.record(ZEnum, …)) requires every key: name them as properties too, as linters expect. */
function fixRecords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fixRecords);
  if (!value || typeof value !== 'object') return value;
  const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fixRecords(v)])) as JsonSchema;
  if (
    Array.isArray(o.required) &&
    !o.properties &&
    o.additionalProperties &&
    typeof o.additionalProperties === 'object'
  ) {
    o.properties = Object.fromEntries((o.required as string[]).map((k) => [k, o.additionalProperties]));
  }
  return o;
}

function refsIn(value: unknown, out: Set<string>) {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF)) out.add(v.slice(REF.length));
      else refsIn(v, out);
    }
  }
}

function mapRefs(value: unknown, f: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, f));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith(REF) ? REF + f(v.slice(REF.length)) : mapRefs(v, f),
      ]),
    );
  }
  return value;
}

/**
 * The component schemas of a registry in both readings: `schemas[name]` (output, what the server answers) and, where
 * the input reading differs (itself or through a schema it references), `schemas[name + 'Input']`.
 */
function componentSchemas(registry: z.core.$ZodRegistry<{ id: string }>) {
  const convert = (io: 'input' | 'output', mark: string) => {
    const out = z.toJSONSchema(registry, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
      uri: (id) => `${REF}${id}${mark}`,
    }) as { schemas: Record<string, JsonSchema> };
    return Object.fromEntries(Object.entries(out.schemas).map(([k, v]) => [k, stripMeta(v)]));
  };
  const output = convert('output', '');
  const input = convert('input', INPUT_MARK);
  const unmarked = (name: string) => name.replace(INPUT_MARK, '');
  const differs = new Set(
    Object.keys(input).filter((k) => JSON.stringify(mapRefs(input[k], unmarked)) !== JSON.stringify(output[k])),
  );
  // A schema whose referenced schema reads differently as input reads differently too.
  const refs = new Map(
    Object.keys(input).map((k) => {
      const s = new Set<string>();
      refsIn(input[k], s);
      return [k, [...s].map(unmarked)];
    }),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const [k, rs] of refs)
      if (!differs.has(k) && rs.some((r) => differs.has(r))) {
        differs.add(k);
        grew = true;
      }
  }
  // Names, in a stable order: a schema already named `…Input` keeps its name for its input reading (its output reading
  // becomes `…Output`); any other gets `<Name>Input` (`<Name>Input2`… when an export already has that name).
  // (the `…Input` ones first, so they keep their own names)
  const sorted = [...differs].sort(
    (a, b) => Number(b.endsWith('Input')) - Number(a.endsWith('Input')) || byCodePoint(a, b),
  );
  const outputName = new Map(sorted.filter((k) => k.endsWith('Input')).map((k) => [k, `${k}Output`]));
  const taken = new Set(Object.keys(output).map((k) => outputName.get(k) ?? k));
  const inputName = new Map<string, string>();
  for (const k of sorted) {
    let n = k.endsWith('Input') ? k : `${k}Input`;
    for (let i = 2; taken.has(n); i++) n = `${k}Input${i}`;
    taken.add(n);
    inputName.set(k, n);
  }
  const asOutput = (name: string) => outputName.get(name) ?? name;
  const asInput = (name: string) => {
    const k = unmarked(name);
    return inputName.get(k) ?? k;
  };
  const schemas: Record<string, JsonSchema> = {};
  for (const [k, v] of Object.entries(output)) schemas[asOutput(k)] = mapRefs(v, asOutput) as JsonSchema;
  for (const k of sorted) schemas[inputName.get(k)!] = mapRefs(input[k], asInput) as JsonSchema;
  return { schemas, asInput, asOutput };
}

/** The properties of an object schema (following a reference, merging allOf/anyOf), for query and path parameters. */
function objectProperties(
  schema: JsonSchema,
  schemas: Record<string, JsonSchema>,
): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const props: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const visit = (s: JsonSchema, mayRequire: boolean) => {
    if (typeof s.$ref === 'string') return visit(schemas[s.$ref.slice(REF.length)] ?? {}, mayRequire);
    Object.assign(props, (s.properties ?? {}) as Record<string, JsonSchema>);
    if (mayRequire) for (const k of (s.required ?? []) as string[]) required.add(k);
    for (const sub of (s.allOf ?? []) as JsonSchema[]) visit(sub, mayRequire);
    for (const sub of [...((s.anyOf ?? []) as JsonSchema[]), ...((s.oneOf ?? []) as JsonSchema[])]) visit(sub, false);
  };
  visit(schema, true);
  return { properties: props, required };
}

function errorComponents() {
  const byStatus = new Map<number, string[]>();
  for (const [code, e] of Object.entries(ERRORS)) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), code]);
  const schemas: Record<string, JsonSchema> = {};
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    schemas[`Error${status}`] = {
      description: `An error answered with HTTP ${status}: its code is one of these.`,
      allOf: [
        { $ref: `${REF}ErrorBody` },
        { type: 'object', properties: { code: { type: 'string', enum: codes.sort() } } },
      ],
    };
    responses[`Error${status}`] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: the body names the error code (${codes.length === 1 ? codes[0] : `one of ${codes.length} codes`}); the apps translate it, \`message\` is the English default`,
      content: { 'application/json': { schema: { $ref: `${REF}Error${status}` } } },
    };
  }
  return { schemas, responses, statuses: new Set(byStatus.keys()) };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request (validation or a business rule)',
  401: 'Not signed in, or the session is over',
  402: 'Payment required',
  403: 'Forbidden',
  404: 'Not found (also another tenant’s records)',
  409: 'Conflict with the current state',
  413: 'Too large',
  415: 'Unsupported content type',
  423: 'Locked',
  429: 'Too many requests',
  500: 'Server error',
  502: 'An upstream service failed',
};

/** The error statuses an operation lists (the codes of each are in its response); anything else is `default`. */
function errorStatuses(r: AnyRoute, hasBody: boolean, rateLimited: boolean): number[] {
  const auth = r.tags.includes('auth');
  const out = [400];
  if (r.permission !== 'public' || auth) out.push(401, 403);
  if (r.url.includes(':') || r.method !== 'GET') out.push(404);
  if (r.method !== 'GET') out.push(409);
  if (r.bodyKind === 'multipart') out.push(413);
  if (hasBody) out.push(415);
  if (auth) out.push(423);
  if (rateLimited || auth) out.push(429);
  out.push(500);
  return out;
}

/** Builds the document; throws when two routes derive the same operationId (a test keeps the table unique). */
export function buildOpenApi(
  routes: readonly AnyRoute[],
  opts: { rateLimitGroupOf: (r: AnyRoute) => string | undefined; version?: string },
): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  const names = contractNames();
  for (const [schema, id] of names) registry.add(schema, { id });
  const ids = new Map<string, AnyRoute>();
  for (const r of routes) {
    const id = operationIdOf(r);
    const other = ids.get(id);
    if (other)
      throw new Error(
        `operationId ${id} of ${r.method} ${r.url} is also ${other.method} ${other.url}: give one an operationId`,
      );
    ids.set(id, r);
  }
  // A route's own schema is named after its operation.
  const nameOf = (s: z.ZodType, id: string, role: string) => {
    if (saysNothing(s)) return null;
    if (!registry.has(s)) registry.add(s, { id: `${pascal(id)}${role}` });
    return registry.get(s)!.id;
  };
  const named = routes.map((r) => {
    const id = operationIdOf(r);
    return {
      r,
      id,
      body: r.body && r.bodyKind !== 'multipart' ? nameOf(r.body, id, 'Request') : null,
      query: r.query ? nameOf(r.query, id, 'Query') : null,
      params: r.params ? nameOf(r.params, id, 'Params') : null,
      response: r.raw ? null : nameOf(r.response, id, 'Response'),
    };
  });
  const { schemas, asInput, asOutput } = componentSchemas(registry);
  const errors = errorComponents();
  Object.assign(schemas, errors.schemas);
  for (const [name, examples] of Object.entries(SCHEMA_EXAMPLES))
    if (schemas[name]) schemas[name] = { ...schemas[name], examples };

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const { r, id, body, query, params, response } of named) {
    const path = openApiPath(r.url);
    const parameters: JsonSchema[] = [];
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    if (params) {
      const { properties } = objectProperties({ $ref: REF + asInput(params) }, schemas);
      for (const n of pathNames)
        parameters.push({ name: n, in: 'path', required: true, schema: properties[n] ?? { type: 'string' } });
    } else {
      for (const n of pathNames) parameters.push({ name: n, in: 'path', required: true, schema: { type: 'string' } });
    }
    if (query) {
      const { properties, required } = objectProperties({ $ref: REF + asInput(query) }, schemas);
      for (const [n, s] of Object.entries(properties)) {
        const { description, ...schema } = s;
        parameters.push({
          name: n,
          in: 'query',
          required: required.has(n),
          ...(typeof description === 'string' ? { description } : {}),
          schema,
        });
      }
    }
    const op: Operation = {
      operationId: id,
      summary: r.summary,
      tags: r.tags,
      'x-permission': r.permission,
      security: r.permission === 'public' ? [] : r.deviceAuth ? [{ bearer: [] }, { device: [] }] : [{ bearer: [] }],
    };
    if (parameters.length) op.parameters = parameters;
    let hasBody = false;
    if (r.bodyKind === 'multipart') {
      hasBody = true;
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary', description: 'The uploaded file (one per request)' },
              },
              additionalProperties: { type: 'string' },
            },
          },
        },
      };
    } else if (r.body) {
      hasBody = true;
      const schema = body ? { $ref: REF + asInput(body) } : {};
      op.requestBody = {
        required: true,
        content:
          r.bodyKind === 'form'
            ? { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } }
            : { 'application/json': { schema } },
      };
    }
    const status = String(r.status ?? 200);
    if (r.raw) {
      const kinds = (r.produces ?? ['file']).map((k) => MEDIA[k as FileKind] ?? k);
      if (kinds.includes('redirect')) {
        op.responses = {
          303: {
            description: 'Sends the browser on (Location header)',
            headers: { Location: { description: 'Where to go next', schema: { type: 'string' } } },
          },
        };
      }
      const files = kinds.filter((k) => k !== 'redirect');
      if (files.length) {
        op.responses = {
          ...(op.responses as object | undefined),
          [status]: {
            description: 'The file (sent as an attachment)',
            content: Object.fromEntries(
              files.map((k) => [k, { schema: k === 'application/json' ? {} : { type: 'string', format: 'binary' } }]),
            ),
          },
        };
      }
    } else {
      // A JSON answer; `produces` may name its media types (e.g. 'application/fhir+json').
      const schema = response ? { $ref: REF + asOutput(response) } : {};
      const types = r.produces?.length ? r.produces.map((k) => MEDIA[k as FileKind] ?? k) : ['application/json'];
      op.responses = {
        [status]: { description: 'Success', content: Object.fromEntries(types.map((t) => [t, { schema }])) },
      };
    }
    const responses = op.responses as Record<string, unknown>;
    for (const s of errorStatuses(r, hasBody, Boolean(opts.rateLimitGroupOf(r))))
      if (errors.statuses.has(s)) responses[s] = { $ref: `#/components/responses/Error${s}` };
    responses.default = { $ref: '#/components/responses/Error' };
    for (const t of r.tags) tags.add(t);
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  schemas.Error = {
    description: 'Any error: its code is one of the catalogue.',
    allOf: [
      { $ref: `${REF}ErrorBody` },
      { type: 'object', properties: { code: { type: 'string', enum: Object.keys(ERRORS).sort() } } },
    ],
  };
  const responses: Record<string, unknown> = {
    ...errors.responses,
    Error: {
      description: 'Any other error (the body names its code)',
      content: { 'application/json': { schema: { $ref: `${REF}Error` } } },
    },
  };
  const usedResponseNames = JSON.stringify(paths);
  const usedResponses = Object.fromEntries(
    Object.entries(responses).filter(([k]) => usedResponseNames.includes(`"#/components/responses/${k}"`)),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'CareWatch API',
      version: opts.version ?? '0.1.0',
      summary: 'Remote patient monitoring: patients, vitals, alerts, devices, care team',
      description:
        'Every operation names its permission id in `x-permission` (`public` needs no token). Signed-in routes take `Authorization: Bearer <access_token>` from POST /api/auth/oauth-token; device routes also take a cellular device’s Basic credentials. Errors answer `{ code, message, details? }`, the codes of each status are listed in its response. Realtime events: a WebSocket at GET /api/ws?access_token=… (one JSON frame per event).',
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: '/', description: 'The server answering this document' }],
    security: [{ bearer: [] }],
    tags: [...tags]
      .sort()
      .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations of ${name.replace(/-/g, ' ')}` })),
    paths,
    components: {
      schemas: pruneUnused(schemas, { paths, responses: usedResponses }),
      responses: usedResponses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The access token from POST /api/auth/oauth-token' },
        device: { type: 'http', scheme: 'basic', description: 'A cellular device: base64(deviceId:secret)' },
      },
    },
  };
}

/** Only the schemas the operations reach (the contracts export many helpers no route names). */
function pruneUnused(schemas: Record<string, JsonSchema>, roots: unknown): Record<string, JsonSchema> {
  const reached = new Set<string>();
  const queue = new Set<string>();
  refsIn(roots, queue);
  for (const name of queue) {
    if (reached.has(name)) continue;
    reached.add(name);
    refsIn(schemas[name], queue);
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([k]) => reached.has(k))
      .sort(([a], [b]) => byCodePoint(a, b)),
  );
}
