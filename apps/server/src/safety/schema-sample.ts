import { z } from 'zod';

/** A JSON-schema node as z.toJSONSchema writes it (draft-7); only the keywords the route schemas use. */
type Js = {
  type?: string | string[];
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js | Js[];
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  default?: unknown;
};

/** Picks the id to put into a field, from the field's name and the route's URL (null: not an id slot). */
export type IdFor = (field: string, url: string) => string;

const UUID_PATTERN = /\[0-9a-fA-F\]\{8\}/;
const ID_NAME = /(^id$|Id$|Ids$)/;

/** Example values for the few string patterns of the contracts (a regex cannot be inverted in general). */
function forPattern(p: string): string | undefined {
  if (UUID_PATTERN.test(p)) return undefined;
  if (p.includes('T(?:(?:[01]')) return '2026-11-21T08:00:00Z';
  if (p.startsWith('^#[0-9a-fA-F]{6}')) return '#123456';
  if (p.includes('[:-]){5}')) return '00:11:22:33:44:55';
  if (p === '^([01]\\d|2[0-3]):[0-5]\\d$') return '08:00';
  if (p === '^[0-9]{6}$') return '123456';
  if (p === '^\\d{15}$') return '356938035643809';
  if (p === '^\\d{1,6}$') return '123';
  if (p === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-11-20';
  if (p.includes('@')) return 'nobody@example.com';
  if (p.startsWith('^\\+?')) return '0912345678';
  if (p.startsWith('^[a-z0-9][a-z0-9-]')) return 'demo';
  if (p.includes('(?=.{1,253}$)')) return 'db.example.com';
  return undefined;
}

/** Whether a property (or anything inside it) is an id slot. */
function holdsId(s: Js, field: string): boolean {
  if (ID_NAME.test(field) && JSON.stringify(s).includes('"string"')) return true;
  const text = JSON.stringify(s);
  return text.includes('"format":"uuid"') || UUID_PATTERN.test(text);
}

const isUuidNode = (s: Js) => s.format === 'uuid' || (s.pattern !== undefined && UUID_PATTERN.test(s.pattern));

/**
 * A value the schema should accept, with every id-like field (uuid format or a name ending in Id/Ids, nested too)
 * set to `idFor(field)`; `overrides` forces fields (at any depth) to a value. Returns the value and the fields it filled with ids.
 */
export function sampleFromSchema(
  schema: z.ZodType,
  url: string,
  idFor: IdFor,
  overrides: Record<string, unknown> = {},
): { value: unknown; idFields: string[] } {
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as Js;
  const idFields: string[] = [];
  const gen = (s: Js, field: string, path: string): unknown => {
    if (s.const !== undefined) return s.const;
    if (s.enum && s.enum.length > 0) return s.enum[0];
    const alts = s.anyOf ?? s.oneOf;
    if (alts && alts.length > 0) {
      const nonNull = alts.find((a) => a.type !== 'null') ?? alts[0]!;
      return gen(nonNull, field, path);
    }
    if (s.allOf && s.allOf.length > 0) return gen(Object.assign({}, ...s.allOf) as Js, field, path);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      // Optional fields only when they carry an id (filters, references): free optional text often has extra rules.
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (k in overrides) out[k] = overrides[k];
        else if (required.has(k) || holdsId(v, k)) out[k] = gen(v, k, path ? `${path}.${k}` : k);
      }
      return out;
    }
    if (type === 'array') {
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: n }, () => gen(item ?? {}, field, `${path}[]`));
    }
    if (type === 'boolean') return true;
    if (type === 'integer' || type === 'number') {
      // z.number().int() reports ±MAX_SAFE_INTEGER as its bounds: not a real limit.
      const real = (n: number | undefined) => (n !== undefined && Math.abs(n) < 1e12 ? n : undefined);
      const lo = real(s.minimum) ?? (real(s.exclusiveMinimum) !== undefined ? s.exclusiveMinimum! + 1 : undefined);
      const hi = real(s.maximum) ?? (real(s.exclusiveMaximum) !== undefined ? s.exclusiveMaximum! - 1 : undefined);
      if (lo !== undefined) return lo;
      if (hi !== undefined) return Math.min(hi, 1);
      return 1;
    }
    if (type === 'string' || type === undefined) {
      if (isUuidNode(s) || ID_NAME.test(field)) {
        if (type === 'string' || isUuidNode(s)) {
          idFields.push(path);
          return idFor(field, url);
        }
      }
      if (s.format === 'date-time') return '2026-11-21T08:00:00Z';
      if (s.format === 'date') return '2026-11-20';
      if (s.format === 'email') return 'nobody@example.com';
      if (s.format === 'uri') return 'https://example.com/x';
      if (s.pattern) {
        const v = forPattern(s.pattern);
        if (v !== undefined) return v;
      }
      if (/password/i.test(field)) return 'Secret@2026x';
      if (/phone/i.test(field)) return '0912345678';
      if (/birth/i.test(field)) return '1960-01-01';
      if (field === 'roleCode') return 'doctor';
      if (/email/i.test(field)) return 'nobody@example.com';
      if (field === 'from') return '2026-11-20T00:00:00Z';
      if (field === 'to') return '2026-11-21T00:00:00Z';
      if (field === 'tenant') return 'demo';
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 64;
      return 'a'.repeat(Math.min(max, Math.max(min, 3)));
    }
    return null;
  };
  return { value: gen(js, '', ''), idFields };
}

/** Query values as strings (coerce schemas read them back), arrays comma-joined. */
/** Property names anywhere in the schema (to find routes that take a reference such as a QR token). */
export function schemaFields(schema: z.ZodType): Set<string> {
  const out = new Set<string>();
  const walk = (x: unknown) => {
    if (Array.isArray(x)) {
      x.forEach(walk);
      return;
    }
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.properties && typeof o.properties === 'object') for (const k of Object.keys(o.properties)) out.add(k);
    Object.values(o).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }));
  return out;
}

export function toQueryString(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const qs = new URLSearchParams();
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (x === undefined || x === null) continue;
    qs.set(k, Array.isArray(x) ? x.map(String).join(',') : typeof x === 'object' ? JSON.stringify(x) : String(x));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}
