import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Invalid-input generation from a route's Zod 4 schemas. Zod 4 exposes no public introspection API, so the
 * walker reads `schema._zod.def` (type, shape, checks…) — the same structure z.toJSONSchema walks.
 */

/** Where an input travels: JSON keeps types; query and path values are strings on the wire. */
export type Wire = 'json' | 'query' | 'params';
export type Path = Array<string | number>;
export type Mutation = { value: unknown; path: string; kind: string };

type Def = { type: string; [k: string]: unknown };
type Check = {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
};

export function defOf(s: z.ZodType): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

function checksOf(s: z.ZodType): Check[] {
  const d = defOf(s);
  const own = ((d.checks as z.ZodType[] | undefined) ?? []).map((c) => defOf(c) as unknown as Check);
  // z.uuid()/z.email() carry their format on the schema itself.
  if (typeof d.format === 'string') own.push(d as unknown as Check);
  return own;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/default/… wrappers and the input side of pipes. */
export function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  for (let i = 0; i < 20; i++) {
    const d = defOf(cur);
    if (WRAPPERS.has(d.type)) cur = d.innerType as z.ZodType;
    else if (d.type === 'pipe') cur = d.in as z.ZodType;
    else if (d.type === 'lazy') cur = (d.getter as () => z.ZodType)();
    else return cur;
  }
  return cur;
}

function isOptional(s: z.ZodType): boolean {
  const d = defOf(s);
  if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') return true;
  if (d.type === 'nullable' || d.type === 'readonly' || d.type === 'catch') return isOptional(d.innerType as z.ZodType);
  if (d.type === 'pipe') return isOptional(d.in as z.ZodType);
  return false;
}

function stringLimits(s: z.ZodType) {
  let min = 0;
  let max = Infinity;
  const formats: string[] = [];
  for (const c of checksOf(s)) {
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max, c.maximum);
    if (c.check === 'length_equals' && typeof (c as { length?: number }).length === 'number')
      min = max = (c as { length: number }).length;
    if (c.check === 'string_format' && c.format) formats.push(c.format);
  }
  return { min, max, formats };
}

function numberLimits(s: z.ZodType) {
  let min = -Infinity;
  let max = Infinity;
  let int = false;
  for (const c of checksOf(s)) {
    if (c.check === 'greater_than' && typeof c.value === 'number')
      min = Math.max(min, c.value + (c.inclusive ? 0 : 1e-9));
    if (c.check === 'less_than' && typeof c.value === 'number') max = Math.min(max, c.value - (c.inclusive ? 0 : 1e-9));
    if (c.check === 'number_format') int = true;
  }
  return { min, max, int, coerce: defOf(s).coerce === true };
}

const ok = (s: z.ZodType, v: unknown) => s.safeParse(v).success;

const STRING_CANDIDATES = [
  'abc',
  'Test name',
  '01980000-0000-7000-8000-000000000001',
  'test@example.com',
  '2026-01-15',
  '2026-01-15T08:00:00.000Z',
  '2026-01',
  '08:00',
  '+84912345678',
  '0912345678',
  'https://example.com/x',
  'Asia/Ho_Chi_Minh',
  'en',
  'vi',
  'DEMO-P0001',
  'CareWatch@2026',
  'Abcdef@123',
  'A',
  '1',
  '0',
  '15',
  'true',
  'ICON',
  'LOGO',
  'x.png',
  '123456',
  'AB12',
  '#1a2b3c',
  'metric',
];

/** A best-effort valid value (the base each mutation changes one part of); undefined for optional parts. */
export function validSample(s: z.ZodType, wire: Wire, depth = 0): unknown {
  if (depth > 8) return undefined;
  const d = defOf(s);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validSample(d.innerType as z.ZodType, wire, depth + 1);
    case 'lazy':
      return validSample((d.getter as () => z.ZodType)(), wire, depth + 1);
    case 'pipe': {
      const inner = validSample(d.in as z.ZodType, wire, depth + 1);
      if (ok(s, inner)) return inner;
      // The output side may constrain more (e.g. a string parsed as a number): try the usual strings.
      for (const c of [...STRING_CANDIDATES, ...candidatesFor(d.out as z.ZodType, wire)]) if (ok(s, c)) return c;
      return inner;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        if (isOptional(v)) continue;
        out[k] = validSample(v, wire, depth + 1);
      }
      return out;
    }
    case 'array': {
      const { min } = stringLimits(s);
      return Array.from({ length: min }, () => validSample(d.element as z.ZodType, wire, depth + 1));
    }
    case 'union': {
      for (const o of d.options as z.ZodType[]) {
        const v = validSample(o, wire, depth + 1);
        if (ok(o, v)) return v;
      }
      return validSample((d.options as z.ZodType[])[0]!, wire, depth + 1);
    }
    case 'record':
      return {};
    case 'tuple':
      return (d.items as z.ZodType[]).map((i) => validSample(i, wire, depth + 1));
    default: {
      for (const c of candidatesFor(s, wire)) if (ok(s, c)) return c;
      return candidatesFor(s, wire)[0];
    }
  }
}

function candidatesFor(s: z.ZodType, wire: Wire): unknown[] {
  const d = defOf(s);
  const str = wire !== 'json';
  switch (d.type) {
    case 'string': {
      const { min, max } = stringLimits(s);
      const sized = 'a'.repeat(Math.max(min, Math.min(3, max)));
      return [...STRING_CANDIDATES, sized];
    }
    case 'number':
    case 'int': {
      const { min, max } = numberLimits(s);
      const nums = [
        0,
        1,
        10,
        100,
        Number.isFinite(min) ? Math.ceil(min) : 0,
        Number.isFinite(max) ? Math.floor(max) : 1,
      ];
      return str ? nums.map(String) : nums;
    }
    case 'boolean':
      return str ? ['true', 'false'] : [true, false];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>).map((v) => (str ? String(v) : v));
    case 'literal':
      return (d.values as unknown[]).map((v) => (str ? String(v) : v));
    case 'date':
      return [str ? '2026-01-15' : new Date('2026-01-15')];
    case 'null':
      return [null];
    default:
      return ['abc', 1, true, null, {}];
  }
}

// --- invalid values -------------------------------------------------------------------------------------------

/** Unicode edge cases: lone surrogates, RTL override, zero-width, emoji (ZWJ sequences), NUL, combining marks. */
export const UNICODE_EDGES = [
  '\uD800',
  'a\uDFFFb',
  '\u202Egnp.exe',
  '\u200B',
  '\u200D\u200D',
  'a\u0000b',
  '\u0000',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈🔥'.repeat(50),
  'Z\u0351\u0352\u0353a\u0300\u0301\u0302',
  '\uFEFF',
  '\uFFFF',
  'مرحبا بالعالم',
  'Tiếng Việt có dấu',
  '\r\n\t',
  ' ',
];
/** Injection payloads. They avoid the words the leak check looks for (select…from, password_hash), so an echo is not a false alarm. */
export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE patients--',
  "' UNION ALL SELECT NULL,NULL--",
  "\\'; --",
  '$1',
  "%' AND 1=1 AND '%'='",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'javascript:alert(1)',
  "admin'--",
  '\\u0000',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
];
export const BAD_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '99999-01-01',
  '2026-1-1',
  '15/01/2026',
  'yesterday',
  '2026-01-15T25:61:00Z',
  '-000001-01-01',
  'Invalid Date',
];
/** More junk a lenient date parser (JavaScript's Date.parse) takes for a date: a bare number, words around a number, year zero. */
export const JUNK_DATES = [
  ...BAD_DATES,
  '1',
  '2026',
  'junk 12',
  'Tuesday 5',
  '0000-01-01T00:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-01-15 08:00',
];

/**
 * Fields that hold a date, a time or a day, by name (`from`, `to`, `start`, `end`, `…At`, `…Date`, `…Day`, `date`,
 * `day`, `dob`): independent of the schema, so a date field typed as a plain string (a refine, or nothing) is found.
 */
export const DATE_FIELD = /^(from|to|start|end|since|until|date|day|dob|dateOfBirth|birthday)$|[a-z](At|Date|Day)$/;

/** The top-level fields of an object schema (query or body) that look like dates. */
export function dateFields(s: z.ZodType): string[] {
  const d = defOf(unwrap(s));
  if (d.type !== 'object') return [];
  return Object.keys(d.shape as Record<string, z.ZodType>).filter((k) => DATE_FIELD.test(k));
}
export const BAD_NUMBER_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e400',
  '-1e308',
  '-0',
  '0x1F',
  '1_000',
  '',
  ' ',
  '1.5.2',
  '9007199254740993',
  '١٢٣',
];

const evilString = fc.oneof(
  fc.constantFrom(...UNICODE_EDGES, ...INJECTIONS, ...BAD_DATES, ...BAD_NUMBER_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Values of every JSON type, for "wrong type" cases. */
const evilJson: fc.Arbitrary<unknown> = fc.oneof(
  evilString,
  fc.constantFrom(1e308, -1e308, -1, 0, -0, 2 ** 53 + 1, 1.5, Number.MIN_VALUE, -2147483649, true, false, null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom([], [null], {}, { a: 1 }, [[[]]], { $gt: '' }, { toString: 'x' }),
  fc.array(evilString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), evilString, { maxKeys: 3 }),
);

/** Invalid values aimed at one schema node (beyond its limits, of the wrong type, …), plus generic evil values. */
function badValuesFor(s: z.ZodType, wire: Wire): fc.Arbitrary<unknown> {
  const inner = unwrap(s);
  const d = defOf(inner);
  const str = wire !== 'json';
  const generic = str ? fc.oneof(evilString, fc.array(evilString, { minLength: 2, maxLength: 3 })) : evilJson;
  const targeted: Array<fc.Arbitrary<unknown>> = [];
  if (d.type === 'string') {
    const { min, max } = stringLimits(inner);
    if (Number.isFinite(max)) {
      // Oversize by one and by a lot, in plain and in multi-unit characters.
      targeted.push(
        fc.constantFrom(
          'x'.repeat(max + 1),
          '😀'.repeat(max + 1),
          'ệ'.repeat(max * 4 + 10),
          'a'.repeat(Math.max(str ? 3_000 : 10_000, max * 10)),
        ),
      );
    } else {
      // No declared maximum: a very long value must still not crash (query strings stay URL-sized).
      targeted.push(fc.constant('x'.repeat(str ? 8_000 : 200_000)));
    }
    if (min > 0) targeted.push(fc.constantFrom('', 'a'.repeat(min - 1), ' '.repeat(min - 1)));
    if (!str) targeted.push(fc.constantFrom(123, true, null, ['abc'], { value: 'abc' }));
  } else if (d.type === 'number' || d.type === 'int') {
    const { min, max, int } = numberLimits(inner);
    const nums: number[] = [1e308, -1e308, -1, -0.5];
    if (Number.isFinite(min)) nums.push(min - 1, min - 0.001);
    if (Number.isFinite(max)) nums.push(max + 1, max + 0.001);
    if (int) nums.push(1.5, 0.1, 2 ** 53 + 2);
    targeted.push(fc.constantFrom(...nums.map((n) => (str ? String(n) : n))));
    targeted.push(fc.constantFrom(...BAD_NUMBER_TEXT));
    if (!str) targeted.push(fc.constantFrom(true, null, [1], { n: 1 }, '12'));
  } else if (d.type === 'enum' || d.type === 'literal') {
    const vals = d.type === 'enum' ? Object.values(d.entries as Record<string, unknown>) : (d.values as unknown[]);
    const variants = vals.flatMap((v) => [
      String(v).toUpperCase() + 'x',
      String(v).toLowerCase() + ' ',
      ` ${String(v)}`,
    ]);
    targeted.push(fc.constantFrom(...variants, 'UNKNOWN'));
  } else if (d.type === 'boolean') {
    targeted.push(str ? fc.constantFrom('yes', 'TRUE', '1x', '') : fc.constantFrom('true', 1, 0, 'false', null));
  } else if (d.type === 'array') {
    const { max } = stringLimits(inner);
    const el = validSample(d.element as z.ZodType, wire);
    if (Number.isFinite(max)) targeted.push(fc.constant(Array.from({ length: max + 1 }, () => el)));
    targeted.push(badValuesFor(d.element as z.ZodType, wire).map((b) => [b]));
    if (!str) targeted.push(fc.constantFrom({ 0: el }, 'abc', null));
  } else if (d.type === 'object') {
    if (!str) targeted.push(fc.constantFrom([], 'abc', 1, null, [validSample(inner, wire)], deepNest(300)));
  }
  return targeted.length
    ? fc.oneof({ arbitrary: generic, weight: 1 }, ...targeted.map((a) => ({ arbitrary: a, weight: 2 })))
    : generic;
}

function deepNest(n: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Every node a mutation can target: (path, schema), through objects and array elements. */
export function nodesOf(s: z.ZodType, wire: Wire, path: Path = [], out: Array<{ path: Path; schema: z.ZodType }> = []) {
  if (path.length > 6) return out;
  out.push({ path, schema: s });
  const d = defOf(unwrap(s));
  if (d.type === 'object')
    for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) nodesOf(v, wire, [...path, k], out);
  else if (d.type === 'array' && wire === 'json') nodesOf(d.element as z.ZodType, wire, [...path, 0], out);
  return out;
}

function setAt(base: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(base) ? [...(base as unknown[])] : [];
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  if (value === undefined && !rest.length) delete obj[head!];
  else obj[head!] = setAt(obj[head!], rest, value);
  return obj;
}

/**
 * Candidate invalid inputs for one schema: a node replaced by a bad value, a required field removed, an unknown
 * field added, the whole input of the wrong shape. Not all are invalid (an unknown field is allowed by a
 * non-strict object): callers keep those the schema itself refuses.
 */
export function mutationArb(s: z.ZodType, wire: Wire, base: unknown): fc.Arbitrary<Mutation> {
  const nodes = nodesOf(s, wire);
  const label = (p: Path) => p.map(String).join('.');
  const arbs: Array<fc.Arbitrary<Mutation>> = nodes.map((n) =>
    badValuesFor(n.schema, wire).map((value) => ({
      value: setAt(base, n.path, value),
      path: label(n.path),
      kind: `bad ${defOf(unwrap(n.schema)).type}`,
    })),
  );
  const required = nodes.filter(
    (n) => n.path.length && !isOptional(n.schema) && typeof n.path[n.path.length - 1] === 'string',
  );
  if (required.length)
    arbs.push(
      fc
        .constantFrom(...required)
        .map((n) => ({ value: setAt(base, n.path, undefined), path: label(n.path), kind: 'missing required' })),
    );
  arbs.push(
    fc
      .tuple(fc.constantFrom('__unknown', 'isAdmin', 'tenantId', 'role', 'id'), evilString)
      .map(([k, v]) => ({ value: setAt(base, [k], v), path: '', kind: 'unknown field' })),
  );
  if (wire === 'json') {
    arbs.push(
      fc
        .constantFrom<unknown>([], [base], 'text', 42, null, true, deepNest(2000), [deepNest(50)])
        .map((value) => ({ value, path: '', kind: 'wrong shape' })),
    );
  }
  return fc.oneof(...arbs);
}

/** The value as the server sees it after the wire (JSON text or query string) — what validity is judged on. */
export function overWire(value: unknown, wire: Wire): unknown {
  if (wire === 'json') return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  if (wire === 'query') return parseQuery(queryString(value));
  return value;
}

/** Query string of a flat object (arrays repeat the key; anything else is stringified). */
export function queryString(value: unknown): string {
  const sp = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) sp.append(k, typeof one === 'string' ? one : JSON.stringify(one));
    }
  }
  return sp.toString();
}

/** Parses like the server's querystring parser: repeated keys give arrays. */
export function parseQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** First Zod issue path of a failed parse, as the server's validationError names it; null when valid. */
export function firstIssueField(
  s: z.ZodType | undefined,
  v: unknown,
  where: 'body' | 'query' | 'params',
): string | null {
  if (!s) return null;
  const res = s.safeParse(v ?? {});
  if (res.success) return null;
  const i = res.error.issues[0];
  return i && i.path.length ? i.path.map(String).join('.') : where;
}

/** Raw bodies a JSON parser must refuse (invalid JSON, prototype pollution), generated. */
export const invalidJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    'NaN',
    '{"a":NaN}',
    '{"a":1e}',
    '\u0000',
    '{"a":"\u0000',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":01}',
    '['.repeat(100_000),
    '{"a":"\\uD800"}x',
    '<?xml version="1.0"?><a/>',
    '<html>',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((s) => `{${s}`),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((s) => `[${s}`),
);
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'text/xml',
  'text/html',
  'application/octet-stream',
  'image/png',
  'application/x-yaml',
  'application/javascript',
  'text/csv',
  'application/vnd.api+json-x',
];
