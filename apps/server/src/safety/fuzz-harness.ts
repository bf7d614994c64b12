import type { Db } from '../platform/db.ts';
import type { Res, TestApp } from '../test-support/test-app.ts';
import { newId } from '../platform/ids.ts';
import { DEMO_PASSWORD } from '../modules/seed/demo.ts';
import { loadMasterKey, openVault } from '../platform/secrets.ts';

/**
 * Every stored server secret in clear, opened with the test server's master key: name → value, plus each private
 * string inside a JSON secret (e.g. `vapid_keys.privateKey`), and the master key itself (`master_key`, base64).
 */
export async function storedSecrets(t: Pick<TestApp, 'db' | 'deps'>): Promise<Map<string, string>> {
  const master = loadMasterKey(t.deps.config, { create: false });
  const vault = await openVault(t.db, master, t.deps.config);
  const out = new Map<string, string>();
  for (const [name, value] of await vault.entries()) {
    out.set(name, value);
    if (value.startsWith('{')) {
      // Public halves (the VAPID public key is served to every browser) are not secrets.
      for (const [k, v] of Object.entries(JSON.parse(value) as Record<string, unknown>))
        if (typeof v === 'string' && !/^public/i.test(k)) out.set(`${name}.${k}`, v);
    }
  }
  out.set('master_key', master.key.toString('base64'));
  return out;
}

/** Demo accounts in the order a caller is chosen for a permission: the broadest first, the patient for patient routes. */
export const ACCOUNT_ORDER = [
  'superadmin',
  'root',
  'sysadmin',
  'scopeadmin',
  'mhscadmin',
  'doctor',
  'operator',
  'assistant',
  'cskh',
  'coach',
  'patient',
  'follower',
];

/** Permission ids each demo account of a tenant holds, from its roles (what login grants at any of its levels). */
export async function permissionsByAccount(db: Db, tenantCode: string): Promise<Map<string, Set<number>>> {
  const rows = await db.query<{ email: string; permission_id: number }>(
    `select u.email, rp.permission_id from users u join tenants t on t.id = u.tenant_id
       join user_roles ur on ur.user_id = u.id and ur.tenant_id = u.tenant_id
       join role_permissions rp on rp.role_id = ur.role_id and rp.tenant_id = u.tenant_id
      where t.code = $1 and u.email is not null`,
    [tenantCode],
  );
  const out = new Map<string, Set<number>>();
  for (const r of rows) {
    const local = r.email.split('@')[0]!;
    if (!out.has(local)) out.set(local, new Set());
    out.get(local)!.add(Number(r.permission_id));
  }
  return out;
}

/** An access token of a demo account; app users (patient, follower) sign in through the patient app. */
export async function loginToken(t: TestApp, account: string, tenant = 'demo'): Promise<string> {
  if (account !== 'patient' && account !== 'follower') return (await t.login(account, tenant)).access;
  const res = await t.call('POST', '/api/auth/oauth-token', {
    form: { tenant, username: `${account}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  if (res.status !== 200) throw new Error(`app login ${account}@${tenant} failed: ${res.status}`);
  return String(res.body.access_token);
}

/** The account that calls a route: one holding its permission; the patient for `/me` routes it can call. */
export function callerFor(
  route: { url: string; permission: number | string },
  perms: Map<string, Set<number>>,
): string | null {
  if (route.permission === 'public') return null;
  const p = Number(route.permission);
  const holders = ACCOUNT_ORDER.filter((a) => perms.get(a)?.has(p));
  if (/\/me(\/|$)/.test(route.url) && holders.includes('patient')) return 'patient';
  return holders[0] ?? 'superadmin';
}

/** Table that holds the row a path parameter names, from the URL segment before it. */
const PARAM_TABLE: Array<[RegExp, string]> = [
  [/\/attachments\/:fileId$/, 'patient_attachments'],
  [/\/import\/:id$/, 'patient_imports'],
  [/\/licenses\/:licenseId$/, 'medical_licenses'],
  [/\/medical-records\/:id$/, 'medical_records'],
  [/\/attachments\/:attachmentId$/, 'medical_record_attachments'],
  [/\/patients\/:id$/, 'patients'],
  [/\/devices?\/:id$/, 'devices'],
  [/\/scope\/(name-and-status\/)?:id$/, 'scopes'],
  [/\/mhsc\/(deactivate\/)?:id$/, 'health_centers'],
  [/\/roles\/:id$/, 'roles'],
  [/\/alerts\/:id$/, 'alerts'],
  [/\/sos-cases\/:id$/, 'sos_cases'],
  [/\/tickets\/:id$/, 'tickets'],
  [/\/contacts\/(requests\/)?:id$/, 'contacts'],
  [/\/deactivation-requests\/:id$/, 'deactivation_requests'],
  [/\/tenant-request\/:id$/, 'tenant_requests'],
  [/\/cdr-files\/:id$/, 'cdr_files'],
  [/\/(staff|users|registrations)\/:id$|:userId$|:doctorId$/, 'users'],
  [/\/tenant\/:id$/, 'tenants'],
];

/** Own-tenant values for a route's path parameters, so that a valid parameter passes validation (and names a real row). */
export async function ownParams(db: Db, tenantId: string, url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const m of url.matchAll(/:([a-zA-Z]+)/g)) {
    const name = m[1]!;
    out[name] = await idFor(db, tenantId, url, name);
  }
  return out;
}

async function idFor(db: Db, tenantId: string, url: string, name: string): Promise<string> {
  if (name === 'kind') return 'square';
  if (name === 'owner') return tenantId;
  if (name === 'file') return 'logo.png';
  const upTo = url.slice(0, url.indexOf(`:${name}`) + name.length + 1);
  for (const [re, table] of PARAM_TABLE)
    if (re.test(upTo)) return table === 'tenants' ? tenantId : firstId(db, table, tenantId);
  return newId();
}

async function firstId(db: Db, table: string, tenantId: string): Promise<string> {
  try {
    const rows = await db.query<{ id: string }>(`select id from ${table} where tenant_id = $1 order by id limit 1`, [
      tenantId,
    ]);
    return rows[0]?.id ?? newId();
  } catch {
    return newId();
  }
}

/** Writes a path: each value percent-encoded as UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
export function fillPath(url: string, params: Record<string, string>, rawOverride?: Record<string, string>): string {
  return url.replace(/:([a-zA-Z]+)/g, (_, name: string) => rawOverride?.[name] ?? pctEncode(params[name] ?? ''));
}

function pctEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** What a path value looks like after the server decodes it. */
export const decodedParam = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

// --- what no answer may contain ----------------------------------------------------------------------------

const STACK =
  /\bat [^\n"]{0,200}\((?:file:\/\/)?\/[^)"]*:\d+:\d+\)|\/(?:src|node_modules|work)\/[^\s"]*\.(?:ts|js|mjs):\d+/;
const SQL =
  /\bselect\b[^"]{0,200}\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bdelete from\b|syntax error|relation "|violates (?:not-null|foreign key|unique|check) constraint|duplicate key value|column "[^"]+" does not exist|invalid input syntax for type/i;
const HASH = /\$argon2(?:id|i|d)\$|password_hash|credential_hash/i;
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

export type Secrets = { values: string[]; ownTokens: Set<string> };

/** The server's secrets (every stored secret, opened, and the parts of the JSON ones) and a sample of stored password hashes. */
export async function loadSecrets(t: TestApp): Promise<Secrets> {
  const app = [...(await storedSecrets(t)).values()];
  const hashes = await t.db.query<{ password_hash: string }>(
    'select password_hash from users where password_hash is not null limit 20',
  );
  const values = [...app, ...hashes.map((r) => r.password_hash), t.deps.pepper].filter((v) => v && v.length >= 12);
  return { values: [...new Set(values)], ownTokens: new Set() };
}

/**
 * An error answer's code, message and named field: the API's JSON error `{ code, message, details.field }`, or under
 * /fhir/ the same carried by an OperationOutcome (issue coding, diagnostics, expression; platform/fhir-http.ts).
 */
export function errorOf(res: Res): { code: unknown; message: unknown; field: unknown } {
  const b = res.body as Record<string, unknown> & { details?: Record<string, unknown> };
  if (b.resourceType === 'OperationOutcome') {
    const issue = (
      b.issue as
        | Array<{ details?: { coding?: Array<{ code?: unknown }> }; diagnostics?: unknown; expression?: unknown[] }>
        | undefined
    )?.[0];
    return { code: issue?.details?.coding?.[0]?.code, message: issue?.diagnostics, field: issue?.expression?.[0] };
  }
  return { code: b.code, message: b.message, field: b.details?.field };
}

/** Problems with one answer: a 5xx, a 4xx without the error shape, a stack trace, SQL, a secret or another's token. */
export function answerProblems(res: Res, secrets: Secrets, callerToken?: string): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status}`);
  if (res.status >= 400) {
    const e = errorOf(res);
    if (typeof e.code !== 'string' || typeof e.message !== 'string') out.push(`${res.status} without the error shape`);
  }
  const text = `${res.raw}\n${JSON.stringify(res.headers)}`;
  if (STACK.test(text)) out.push('stack trace in answer');
  if (SQL.test(text)) out.push('SQL text in answer');
  if (HASH.test(text)) out.push('password/credential hash in answer');
  for (const v of secrets.values)
    if (text.includes(v)) {
      out.push('a server secret in answer');
      break;
    }
  for (const m of text.match(JWT) ?? [])
    if (m !== callerToken) {
      out.push('a token other than the caller’s in answer');
      break;
    }
  return out;
}
