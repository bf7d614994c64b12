import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { currentOpenApiDocument, REPO_ROOT } from './openapi-files.ts';

/**
 * The hand-written client modules (packages/api-client/src/*.ts) against the OpenAPI document the server's route table
 * produces (the one served at /api/docs/json and committed as docs/openapi.json): every URL they call, with its method, must be an
 * operation of the document. URLs are read from the source: `request('GET', `${M}/patients/${enc(id)}`)` and the
 * download helpers (`…Url: (id) => `${M}/…``), with the file's string constants (`const M = '/api/account'`) expanded.
 */
const SRC = path.join(REPO_ROOT, 'packages/api-client/src');
const METHOD = /(?:\b\w+(?:<[^>()]*>)?\(\s*)'(GET|POST|PUT|PATCH|DELETE)',\s*$/;

type Literal = { start: number; end: number; quote: string; parts: Array<{ text: string } | { expr: string }> };

/** The string and template literals of a source file (templates split into text and `${…}` parts). */
function literals(src: string): Literal[] {
  const out: Literal[] = [];
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 1;
      continue;
    }
    if (c !== "'" && c !== '"' && c !== '`') continue;
    const start = i;
    const parts: Literal['parts'] = [];
    let text = '';
    for (i++; i < src.length && src[i] !== c; i++) {
      if (src[i] === '\\') {
        text += src[i + 1];
        i++;
        continue;
      }
      if (c === '`' && src[i] === '$' && src[i + 1] === '{') {
        parts.push({ text });
        text = '';
        let depth = 1;
        const from = i + 2;
        for (i += 2; depth > 0; i++) {
          if (src[i] === '{') depth++;
          else if (src[i] === '}') depth--;
        }
        i--;
        parts.push({ expr: src.slice(from, i).trim() });
        continue;
      }
      text += src[i];
    }
    parts.push({ text });
    out.push({ start, end: i, quote: c, parts });
  }
  return out;
}

/** A literal as a path: constants expanded, a whole-segment `${…}` → `{}`, anything glued to a segment (a query) dropped. */
function evaluate(lit: Literal, consts: Map<string, string>): string {
  let s = '';
  for (const p of lit.parts) {
    if ('text' in p) {
      s += p.text;
      continue;
    }
    const name = p.expr.replace(/\(.*\)$/s, '');
    if (consts.has(name)) s += consts.get(name);
    else if (s.endsWith('/')) s += '{}';
  }
  return s.split('?')[0]!;
}

type Call = { file: string; method: string | null; path: string };

function clientCalls(): Call[] {
  const calls: Call[] = [];
  for (const f of fs
    .readdirSync(SRC)
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && n !== 'typed-client.ts')
    .sort()) {
    const src = fs.readFileSync(path.join(SRC, f), 'utf8');
    const consts = new Map<string, string>();
    for (const lit of literals(src)) {
      const before = src.slice(Math.max(0, lit.start - 200), lit.start);
      const value = evaluate(lit, consts);
      // `const M = '/api/account'`, or `const P = (subject: string) => `/api/…/${enc(subject)}``: a prefix, not a call.
      const constant = /(?:^|\n)\s*(?:export\s+)?const\s+(\w+)\s*=\s*(?:\([^)]*\)\s*=>\s*)?$/.exec(before);
      if (constant) {
        consts.set(constant[1]!, value);
        continue;
      }
      if (!value.startsWith('/api/') || value === '/api/ws') continue;
      calls.push({ file: f, method: METHOD.exec(before)?.[1] ?? null, path: value });
    }
  }
  return calls;
}

describe('the hand-written api-client against the OpenAPI document', () => {
  const doc = currentOpenApiDocument();
  const operations = Object.entries(doc.paths).map(([p, item]) => ({
    segments: p.split('/'),
    methods: Object.keys(item).map((m) => m.toUpperCase()),
  }));
  /**
   * A fixed client segment matches the same text or a parameter; a value (`{}`) matches a parameter, or a fixed
   * segment when the value is one of several path words (`${role}/phone/get-all` with role 'doctor' | 'operator').
   */
  const find = (call: Call) =>
    operations.find((o) => {
      const segs = call.path.split('/');
      return (
        segs.length === o.segments.length &&
        segs.every((s, i) => {
          const d = o.segments[i]!;
          return d.startsWith('{') || s === '{}' ? s !== '' : s === d;
        }) &&
        (call.method ? o.methods.includes(call.method) : o.methods.length > 0)
      );
    });
  const calls = clientCalls();

  test('finds the calls of every module (requests with their method, and download URLs)', () => {
    expect(calls.filter((c) => c.method).length).toBeGreaterThan(300);
    expect(calls).toContainEqual({ file: 'patients.ts', method: 'GET', path: '/api/account/patients/{}' });
    expect(calls).toContainEqual({ file: 'patients.ts', method: null, path: '/api/account/patients/export' });
    expect(calls).toContainEqual({
      file: 'app-vitals.ts',
      method: 'GET',
      path: expect.stringMatching(/^\/api\/account\/app\/patients\/\{\}\//),
    });
  });

  test('every URL and method the client calls is an operation of the document', () => {
    // The check itself: a misspelt URL or a method the server does not have is reported.
    expect(find({ file: 'x', method: 'GET', path: '/api/account/patientz/{}' })).toBeUndefined();
    expect(find({ file: 'x', method: 'DELETE', path: '/api/health' })).toBeUndefined();
    const missing = calls.filter((c) => !find(c)).map((c) => `${c.file}: ${c.method ?? 'any'} ${c.path}`);
    expect(missing).toEqual([]);
    console.log(
      `api-client: ${calls.length} calls checked (${calls.filter((c) => c.method).length} with their method) in ${new Set(calls.map((c) => c.file)).size} modules`,
    );
  });
});
