import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { firstIssueField, mutationArb, overWire, parseQuery, queryString, validSample } from './fuzz-schema.ts';

const Body = z
  .object({
    name: z.string().trim().min(1).max(20),
    age: z.number().int().min(0).max(150),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.string().max(5)).max(3).optional(),
    email: z.string().email().nullable(),
    nested: z.object({ on: z.boolean() }),
  })
  .strict();

test('the base sample of a schema is valid, in JSON and as a query string', () => {
  expect(Body.safeParse(validSample(Body, 'json')).success).toBe(true);
  const Q = z.object({
    page: z.coerce.number().int().min(0).default(0),
    status: z.enum(['x', 'y']),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  });
  const q = validSample(Q, 'query');
  expect(Q.safeParse(parseQuery(queryString(q))).success).toBe(true);
});

test('mutations reach every field, and most are invalid; the field Zod names is the one mutated', () => {
  const base = validSample(Body, 'json');
  const muts = fc.sample(mutationArb(Body, 'json', base), { seed: 1, numRuns: 400 });
  const invalid = muts.filter((m) => !Body.safeParse(overWire(m.value, 'json')).success);
  expect(invalid.length).toBeGreaterThan(300);
  const paths = new Set(invalid.map((m) => m.path));
  for (const p of ['name', 'age', 'kind', 'email', 'nested', 'nested.on', 'tags']) expect(paths).toContain(p);
  // A single-field mutation of a valid base is named at (or under) that field.
  for (const m of invalid.filter((x) => x.path && x.kind !== 'missing required')) {
    const named = firstIssueField(Body, overWire(m.value, 'json'), 'body')!;
    expect(named === m.path || named.startsWith(`${m.path}.`)).toBe(true);
  }
});

test('oversize strings go beyond the declared maximum', () => {
  const S = z.object({ s: z.string().max(10) });
  const muts = fc.sample(mutationArb(S, 'json', { s: 'ok' }), { seed: 2, numRuns: 300 });
  expect(
    muts.some((m) => typeof (m.value as { s?: unknown }).s === 'string' && (m.value as { s: string }).s.length > 10),
  ).toBe(true);
});
