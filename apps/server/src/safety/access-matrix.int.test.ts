import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ALL_PERMISSIONS, Permission } from '@carewatch/contracts/permissions';
import { ROUTES } from '../routes.ts';
import type { AnyRoute } from '../platform/route.ts';
import { startTestApp, type Res, type TestApp } from '../test-support/test-app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../modules/seed/demo.ts';
import { seedEveryEntity, tenantTables, type TenantRefs } from './factories.ts';
import { crossReferences, snapshotPatient, snapshotTenant, tenantIds } from './tenant-snapshot.ts';
import { representativeIds, tableForField, tableForParam } from './id-targets.ts';
import { sampleFromSchema, schemaFields, toQueryString } from './schema-sample.ts';

/**
 * Leaks found in modules other helpers are editing right now (alerts, contacts, delivery): the matrix still expects
 * the correct answer, prints these and does not fail on them. Each entry is `METHOD url` of ROUTES. Remove once fixed.
 */
const KNOWN_PENDING: string[] = [];

/**
 * Tenants are platform-level by design (tenant-admin.service.ts, isPlatformAdmin): root and super admins manage every
 * tenant, whichever they belong to. For them these routes may read the other tenant; their writes are not sent (they
 * would legitimately change the other side). Everyone else gets the ordinary rules.
 */
// Payment config is per tenant and platform-level the same way (payment-config.service.ts targetTenant: ?tenantId=).
// So are announcements for root and super admins (announcements.service.ts targetTenant: tenantId picks the tenant).
const PLATFORM_LEVEL = (r: AnyRoute) =>
  r.permission === Permission.TenantManage ||
  r.permission === Permission.PaymentConfigManage ||
  (r.permission === Permission.NotificationAnnouncement && r.url.startsWith('/api/account/announcements')) ||
  r.url.startsWith('/api/account/tenant/:id') ||
  r.url === '/api/auth/tenant/all' ||
  r.url === '/api/manage/sadmin/tenant/all';
const PLATFORM_ROLES = ['root', 'super_admin'];

type Principal = {
  name: string;
  kind: 'role' | 'none' | 'expired' | 'revoked';
  token: string | null;
  local?: string;
  app?: boolean;
  roleCode?: string;
  permissions?: ReadonlySet<number>;
};

type Outcome = { route: string; who: string; status: number; why: string };

let t: TestApp;
let refs: Record<string, TenantRefs>;
let tables: string[];
const OWN = 'demo';
const OTHER = 'demo2';

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
// Other tenant's data also shows as its e-mail domain and patient codes.
const OTHER_MARKERS = ['@demo2.test', 'DEMO2-P'];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const jwtSid = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;

async function loginAs(local: string, app: boolean, tenant = OWN): Promise<string> {
  const domain = `${tenant}.test`;
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username: `${local}@${domain}`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: app ? { 'x-client': 'app' } : {},
  });
  if (res.status !== 200) throw new Error(`login ${local}@${tenant}: ${res.status} ${res.raw}`);
  return String(res.body.access_token);
}

/** The session's permissions as the database grants them to the role (not a hand-kept list). */
async function sessionGrants(token: string): Promise<{ roleCode: string; permissions: Set<number> }> {
  const rows = await t.db.query<{ code: string; permission_id: number | null }>(
    `select r.code, rp.permission_id from sessions s join user_roles ur on ur.id = s.user_role_id and ur.tenant_id = s.tenant_id
       join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
       left join role_permissions rp on rp.role_id = r.id and rp.tenant_id = r.tenant_id
      where s.id = $1`,
    [jwtSid(token)],
  );
  return {
    roleCode: rows[0]!.code,
    permissions: new Set(rows.flatMap((r) => (r.permission_id === null ? [] : [Number(r.permission_id)]))),
  };
}

async function rolePrincipal(local: string, app: boolean): Promise<Principal> {
  const token = await loginAs(local, app);
  const g = await sessionGrants(token);
  return { name: local, kind: 'role', token, local, app, roleCode: g.roleCode, permissions: g.permissions };
}

function multipart(fields: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----cwmatrix';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Prepared = {
  url: string;
  /** An id of the other tenant is in the path: any 2xx is a leak. */
  otherInPath: boolean;
  /** How many ids of the other tenant the query and body carry. */
  otherInInput: number;
  send: { body?: unknown; payload?: Buffer; headers?: Record<string, string> };
};

/**
 * The request for one route: the other tenant's ids in every path parameter and id-like query/body field; with
 * `ownPath`, the first path id is the caller's own tenant's (so nested and body references are reached).
 */
function prepare(
  r: AnyRoute,
  ids: Record<string, string>,
  opts: { overrides?: Record<string, unknown>; ownPath?: Record<string, string> } = {},
): Prepared {
  const overrides = opts.overrides ?? {};
  let otherInInput = 0;
  const fieldId = (field: string, url: string) => {
    otherInInput++;
    return ids[tableForField(field, url)] ?? ids.patients!;
  };
  const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const sampled = r.params ? sampleFromSchema(r.params, r.url, () => '') : { value: {}, idFields: names };
  const params = sampled.value as Record<string, unknown>;
  let otherInPath = false;
  let firstId = true;
  const url = r.url.replace(/:(\w+)/g, (_m, name: string) => {
    const isId = sampled.idFields.includes(name) || typeof params[name] !== 'string';
    if (!isId) return encodeURIComponent(String(params[name]));
    const table = tableForParam(r.url, name);
    if (opts.ownPath && firstId) {
      firstId = false;
      return opts.ownPath[table] ?? opts.ownPath.patients!;
    }
    firstId = false;
    otherInPath = true;
    return ids[table] ?? ids.patients!;
  });
  const query = r.query ? toQueryString(sampleFromSchema(r.query, r.url, fieldId, overrides).value) : '';
  const full = url + query;
  if (r.bodyKind === 'multipart') {
    const fields: Record<string, string> = {};
    if (r.body) {
      const v = sampleFromSchema(r.body, r.url, fieldId).value;
      if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v))
          if (x !== undefined && x !== null) fields[k] = typeof x === 'object' ? JSON.stringify(x) : String(x);
    }
    return { url: full, otherInPath, otherInInput, send: multipart(fields) };
  }
  if (r.body)
    return {
      url: full,
      otherInPath,
      otherInInput,
      send: { body: sampleFromSchema(r.body, r.url, fieldId, overrides).value },
    };
  return {
    url: full,
    otherInPath,
    otherInInput,
    send: r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} },
  };
}

/** The other tenant's ids or markers found in an answer. */
function otherData(res: Res, otherIds: Set<string>): string[] {
  const found = new Set<string>();
  for (const m of res.raw.matchAll(UUID_RE)) if (otherIds.has(m[0].toLowerCase())) found.add(m[0]);
  for (const mk of OTHER_MARKERS) if (res.raw.includes(mk)) found.add(mk);
  return [...found];
}

/**
 * The expected outcome, computed from the route's declared permission and the caller's grants: null when the answer
 * is right, otherwise what is wrong.
 */
function judge(
  r: AnyRoute,
  p: Principal,
  prep: Prepared,
  res: Res,
  otherIds: Set<string>,
  platformAdmin: boolean,
): string | null {
  if (res.status >= 500) return '5xx';
  if (r.permission === 'public') {
    const leaked = res.status < 300 ? otherData(res, otherIds) : [];
    return leaked.length > 0 ? `public answer holds the other tenant's data ${leaked.join(',')}` : null;
  }
  if (p.kind !== 'role') return res.status === 401 ? null : 'expected 401';
  if (!p.permissions!.has(r.permission))
    return res.status === 403 ? null : `expected 403 (role ${p.roleCode} lacks ${r.permission})`;
  if (res.status === 401) return 'unexpected 401 with a live session';
  if (platformAdmin) return null; // reads across tenants by design
  if (res.status < 300) {
    if (prep.otherInPath) return "2xx for another tenant's id in the path (expected 404)";
    // The audit log records the ids callers sent (this matrix sends the other tenant's ids on purpose): its answers
    // are checked for the other tenant's markers only (e-mail domain, patient codes), which no request carries.
    // A bulk answer lists the ids sent that failed (another tenant's among them): only its `done` ids are checked.
    const bulk = /\/bulk\//.test(r.url) && Array.isArray(res.body.failed);
    const leaked =
      r.url === '/api/account/audit-log'
        ? otherData({ ...res, raw: res.raw.replace(UUID_RE, '') }, otherIds)
        : bulk
          ? otherData({ ...res, raw: JSON.stringify(res.body.done) }, otherIds)
          : otherData(res, otherIds);
    return leaked.length > 0 ? `2xx holding the other tenant's data ${leaked.join(',')}` : null;
  }
  // 400: validation refused first; 403: a service rule refused before any lookup; 404: as for a missing id.
  if ((prep.otherInPath || prep.otherInInput > 0) && ![400, 403, 404].includes(res.status))
    return "expected 404 for another tenant's id";
  return null;
}

/** Every demo role of the own tenant (patient and follower through the app), then no token, an expired and a revoked one. */
async function allPrincipals(): Promise<Principal[]> {
  const principals: Principal[] = [];
  for (const a of DEMO_ACCOUNTS) principals.push(await rolePrincipal(a.local, a.role === 'patient'));
  // A revoked session: the doctor's app session, logged out.
  const revoked = await loginAs('doctor', true);
  if ((await t.post('/api/auth/logout', {}, revoked)).status !== 200) throw new Error('logout failed');
  // An expired token: correctly signed for a live session, but issued 2 hours ago (the fake clock's past).
  const live = principals.find((p) => p.name === 'operator')!;
  const claims = JSON.parse(Buffer.from(live.token!.split('.')[1]!, 'base64url').toString('utf8')) as {
    sid: string;
    tid: string;
    pv: number;
    sub: string;
  };
  const expired = await t.deps.signer.sign(
    { sid: claims.sid, tid: claims.tid, pv: claims.pv, uid: claims.sub },
    new Date(t.clock.now().getTime() - 2 * 3600_000),
  );
  principals.push(
    { name: '(no token)', kind: 'none', token: null },
    { name: '(expired)', kind: 'expired', token: expired },
    { name: '(revoked)', kind: 'revoked', token: revoked },
  );
  return principals;
}

/** Sends a prepared request; a role whose session some route ended (logout, a level switch) signs in again and retries once. */
async function sendAs(r: AnyRoute, p: Principal, prep: Prepared): Promise<{ res: Res; sent: number }> {
  const send = () =>
    t.call(r.method, prep.url, {
      token: p.token ?? undefined,
      ...prep.send,
      headers: { ...(prep.send.headers ?? {}), ...(p.app ? { 'x-client': 'app' } : {}) },
    });
  const res = await send();
  if (
    p.kind === 'role' &&
    r.permission !== 'public' &&
    (res.status === 401 || res.body.code === 'LOGGED_IN_ELSEWHERE')
  ) {
    p.token = await loginAs(p.local!, p.app ?? false);
    return { res: await send(), sent: 2 };
  }
  return { res, sent: 1 };
}

beforeAll(async () => {
  t = await startTestApp();
  refs = await seedEveryEntity(t);
  tables = await tenantTables(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access matrix', () => {
  test('factories: every tenant-scoped table has rows on both tenants', async () => {
    const empty: string[] = [];
    for (const table of tables) {
      for (const r of Object.values(refs)) {
        const [c] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [
          r.tenantId,
        ]);
        if (c!.n === 0) empty.push(`${table}@${r.code}`);
      }
    }
    expect(empty).toEqual([]);
  });

  test("every route × every role × the other tenant's ids: 401/403 as declared, never the other side's rows", async () => {
    const own = refs[OWN]!;
    const other = refs[OTHER]!;
    const ids = await representativeIds(t.db, other.tenantId, {
      patientId: other.patientId,
      doctorId: other.users.doctor!,
    });
    const ownIds = await representativeIds(t.db, own.tenantId, {
      patientId: own.patientId,
      doctorId: own.users.doctor!,
    });
    const otherIds = await tenantIds(t.db, tables, other.tenantId);
    otherIds.delete(other.tenantId);
    // Our own ids never count as a leak even if a table shares them (none should).
    for (const id of await tenantIds(t.db, tables, own.tenantId)) otherIds.delete(id);
    // References other than ids: the other tenant's QR token (a contact request by QR) and phone number.
    const otherQr = await t.get('/api/account/contacts/qr', await loginAs('follower', true, OTHER));
    expect(otherQr.status, otherQr.raw).toBe(200);
    const [otherPhone] = await t.db.query<{ phone: string }>('select phone from users where id = $1', [
      other.users.patient!,
    ]);
    const referenceVariants: Array<Record<string, unknown>> = [
      { qrToken: otherQr.body.token },
      { phone: otherPhone!.phone },
      { username: `patient@${other.domain}` },
    ];
    const before = await snapshotTenant(t.db, tables, other.tenantId);
    const principals = await allPrincipals();

    const failures: Outcome[] = [];
    const pending: Outcome[] = [];
    const skipped: string[] = [];
    let requests = 0;
    let pastValidation = 0;
    const fail = (r: AnyRoute, p: Principal, res: Res, why: string) => {
      const o = {
        route: `${r.method} ${r.url}`,
        who: p.name,
        status: res.status,
        why: `${why} ${res.raw.slice(0, 160)}`,
      };
      (KNOWN_PENDING.includes(o.route) ? pending : failures).push(o);
    };

    const plan: Array<[AnyRoute, Prepared]> = [];
    for (const r of ROUTES) {
      const plain = prepare(r, ids);
      plan.push([r, plain]);
      // The caller's own record in the path, the other tenant's ids behind it (nested path ids, body, query):
      // only when something of the other side remains to be sent.
      const mixed = prepare(r, ids, { ownPath: ownIds });
      if (plain.otherInPath && (mixed.otherInPath || mixed.otherInInput > 0)) plan.push([r, mixed]);
      // Routes that find a person by QR token or by user name also get the other tenant's token, phone, user name.
      const fields = new Set([...(r.body ? schemaFields(r.body) : []), ...(r.query ? schemaFields(r.query) : [])]);
      const findsPerson = fields.has('qrToken') || fields.has('username');
      if (findsPerson)
        for (const v of referenceVariants)
          if (Object.keys(v).some((k) => fields.has(k))) plan.push([r, prepare(r, ids, { overrides: v })]);
    }
    for (const [r, prep] of plan) {
      for (const p of principals) {
        if (r.permission === 'public' && p.kind !== 'none') continue; // public: no token check, one call is enough
        const platformAdmin = p.kind === 'role' && PLATFORM_ROLES.includes(p.roleCode!) && PLATFORM_LEVEL(r);
        if (platformAdmin && r.method !== 'GET') {
          skipped.push(`${r.method} ${r.url} as ${p.name}`);
          continue;
        }
        const { res, sent } = await sendAs(r, p, prep);
        requests += sent;
        const why = judge(r, p, prep, res, otherIds, platformAdmin);
        if (why) fail(r, p, res, why);
        if (
          p.kind === 'role' &&
          r.permission !== 'public' &&
          p.permissions!.has(r.permission) &&
          res.body.code !== 'VALIDATION_ERROR'
        )
          pastValidation++;
      }
    }

    const after = await snapshotTenant(t.db, tables, other.tenantId);
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    // Nothing of ours may now point at the other tenant's rows (a body id accepted without its tenant).
    const crossRefs = await crossReferences(t.db, tables, own.tenantId, otherIds);
    const roles = principals.length;
    console.log(
      `access-matrix: ${ROUTES.length} routes × ${roles} roles = ${requests} requests, leaks ${failures.length + changed.length + crossRefs.length}` +
        ` (past validation ${pastValidation}, platform-level writes not sent ${skipped.length}, known pending ${pending.length})`,
    );
    for (const o of pending) console.log(`access-matrix KNOWN_PENDING: ${o.route} as ${o.who} → ${o.status}: ${o.why}`);
    expect(changed, 'tables of the other tenant changed by the matrix').toEqual([]);
    expect(crossRefs, 'own rows referencing the other tenant').toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

  test('same tenant: a patient of another center is 404 for center-level staff, another patient is 404 for a patient', async () => {
    const own = refs[OWN]!;
    const ownIds = await representativeIds(t.db, own.tenantId, {
      patientId: own.otherCenterPatientId,
      doctorId: own.users.doctor!,
    });
    const patientRoutes = ROUTES.filter((r) => r.url.startsWith('/api/account/patients/:id'));
    expect(patientRoutes.length).toBeGreaterThan(10);
    const cases: Array<{ who: string; app: boolean; patientId: string }> = [
      { who: 'doctor', app: false, patientId: own.otherCenterPatientId },
      { who: 'assistant', app: false, patientId: own.otherCenterPatientId },
      { who: 'operator', app: false, patientId: own.otherCenterPatientId },
      { who: 'patient', app: true, patientId: own.otherDoctorPatientId },
    ];
    const watched = [...new Set(cases.map((c) => c.patientId))];
    const before = await Promise.all(watched.map((id) => snapshotPatient(t.db, own.tenantId, id)));
    const failures: string[] = [];
    let checked = 0;
    for (const c of cases) {
      const p = await rolePrincipal(c.who, c.app);
      for (const r of patientRoutes) {
        const prep = prepare(r, { ...ownIds, patients: c.patientId });
        const { res } = await sendAs(r, p, prep);
        checked++;
        const expected = p.permissions!.has(r.permission as number) ? [400, 404] : [403];
        if (!expected.includes(res.status))
          failures.push(
            `${r.method} ${r.url} as ${c.who} → ${res.status} (expected ${expected.join('/')}) ${res.raw.slice(0, 120)}`,
          );
      }
    }
    const after = await Promise.all(watched.map((id) => snapshotPatient(t.db, own.tenantId, id)));
    console.log(
      `access-matrix same-tenant: ${patientRoutes.length} patient routes × ${cases.length} roles = ${checked} requests, leaks ${failures.length}`,
    );
    expect(after).toEqual(before);
    expect(failures).toEqual([]);
  }, 120_000);

  test('nobody grants a permission or a role above their own: 403', async () => {
    const own = refs[OWN]!;
    const roles = await t.db.query<{ id: string; code: string; permissions: number[] }>(
      `select r.id, r.code, coalesce(array_agg(rp.permission_id) filter (where rp.permission_id is not null), '{}') as permissions
         from roles r left join role_permissions rp on rp.role_id = r.id and rp.tenant_id = r.tenant_id where r.tenant_id = $1 group by r.id, r.code`,
      [own.tenantId],
    );
    const failures: string[] = [];
    let tried = 0;
    let n = 0;
    for (const a of DEMO_ACCOUNTS.filter((x) => x.role !== 'patient')) {
      const p = await rolePrincipal(a.local, false);
      const lacking = ALL_PERMISSIONS.map((x) => x.id).filter((id) => !p.permissions!.has(id));
      const has = (id: number) => p.permissions!.has(id);
      const expect403 = (what: string, res: Res) => {
        tried++;
        if (res.status !== 403) failures.push(`${what} as ${a.local} → ${res.status} ${res.raw.slice(0, 140)}`);
      };
      if (has(Permission.RoleCreate) && lacking.length > 0) {
        expect403(
          `create role with ${lacking[0]}`,
          await t.post('/api/account/roles', { name: `Escalate ${a.local}`, permissions: [lacking[0]] }, p.token!),
        );
      }
      // Roles holding something the caller lacks, and root for anyone but root.
      const above = roles.filter(
        (r) =>
          r.code !== 'patient' &&
          (r.code === 'root' ? p.roleCode !== 'root' : r.permissions.some((x) => !p.permissions!.has(Number(x)))),
      );
      for (const role of above) {
        if (has(Permission.StaffCreate)) {
          n++;
          expect403(
            `create staff as ${role.code}`,
            await t.post(
              '/api/account/staff',
              {
                firstName: 'Esc',
                lastName: 'Alate',
                email: `escalate${n}@example.com`,
                phone: `07${String(10000000 + n)}`,
                levels: [{ roleCode: role.code, centerId: own.centerA, isMain: false }],
                doctorIds: [own.users.doctor!],
              },
              p.token!,
            ),
          );
        }
        if (has(Permission.StaffUpdate) && role.code !== 'doctor_assistant') {
          expect403(
            `give ${role.code} to assistant@`,
            await t.put(
              `/api/account/staff/${own.users.assistant!}`,
              {
                firstName: 'An',
                lastName: 'Tran',
                email: `assistant@${own.domain}`,
                phone: null,
                levels: [
                  { roleCode: 'doctor_assistant', centerId: own.centerA, isMain: true },
                  { roleCode: role.code, centerId: own.centerA, isMain: false },
                ],
                doctorIds: [own.users.doctor!],
              },
              p.token!,
            ),
          );
        }
      }
    }
    console.log(`access-matrix escalation: ${tried} grant attempts above the caller's own, ${failures.length} allowed`);
    expect(tried).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  }, 120_000);

  /**
   * Role writes (issue 14: a system admin switched permissions off on the root role and locked root out). The matrix
   * above only sent each role route once, with a body sampled from its schema, so a role write was judged by its
   * route permission alone; the escalation test only ever *granted*, and only on the coach role. Here every role
   * write route of the route table is sent by every staff caller, granting and revoking, on every role of the tenant
   * — above, equal to and below the caller — and the outcome is checked in the database: refused → the role's
   * permissions are unchanged; allowed → changed (then put back). The hierarchy is written out here, independently of
   * the server's table. Scope and health-center admins are given the toggle permission for the run so that callers of
   * every rank are exercised.
   */
  test('role writes: grant and revoke on every role above, equal to and below each caller; refused ones change nothing', async () => {
    const own = refs[OWN]!;
    // Spec §6, highest first; custom roles rank with staff.
    const ORDER: string[][] = [
      ['root'],
      ['super_admin'],
      ['system_admin'],
      ['admin'],
      ['scope_admin'],
      ['mhsc_admin'],
      ['operator', 'doctor', 'doctor_assistant', 'coach', 'customer_care', 'custom'],
      ['patient'],
    ];
    const rankOf = (code: string) =>
      ORDER.length - ORDER.findIndex((level) => level.includes(code.startsWith('custom_') ? 'custom' : code));
    const TOP = ['root', 'super_admin', 'system_admin'];
    const permsOf = async (roleId: string) =>
      (
        await t.db.query<{ p: number }>(
          'select permission_id as p from role_permissions where tenant_id = $1 and role_id = $2 order by 1',
          [own.tenantId, roleId],
        )
      ).map((r) => Number(r.p));
    const setPerm = async (roleId: string, id: number, on: boolean) => {
      if (on)
        await t.db.query(
          'insert into role_permissions (tenant_id, role_id, permission_id) values ($1, $2, $3) on conflict do nothing',
          [own.tenantId, roleId, id],
        );
      else
        await t.db.query('delete from role_permissions where tenant_id = $1 and role_id = $2 and permission_id = $3', [
          own.tenantId,
          roleId,
          id,
        ]);
    };
    const roleRows = async () =>
      t.db.query<{ id: string; code: string }>('select id, code from roles where tenant_id = $1 order by code', [
        own.tenantId,
      ]);
    // A custom role to target, and the toggle permission for two lower admin roles (removed at the end).
    const customId = (
      await t.post(
        '/api/account/roles',
        { name: 'Matrix custom', permissions: [Permission.DashboardView, Permission.PatientView] },
        await loginAs('superadmin', false),
      )
    ).body.id as string;
    expect(customId).toBeTruthy();
    const lent = (await roleRows()).filter((r) => r.code === 'scope_admin' || r.code === 'mhsc_admin');
    for (const r of lent) await setPerm(r.id, Permission.RolePermissionToggle, true);

    const writeRoutes = ROUTES.filter((r) => r.method !== 'GET' && r.url.startsWith('/api/account/roles/:id'));
    expect(writeRoutes.map((r) => `${r.method} ${r.url}`)).toContain('PUT /api/account/roles/:id/permissions');
    const targets = await roleRows();
    const failures: string[] = [];
    const seen = { allowed: 0, refused: 0, above: 0, equal: 0, below: 0, grant: 0, revoke: 0 };
    for (const a of DEMO_ACCOUNTS.filter((x) => x.role !== 'patient')) {
      const p = await rolePrincipal(a.local, false);
      const mine = rankOf(p.roleCode!);
      for (const route of writeRoutes) {
        for (const target of targets) {
          const theirs = rankOf(target.code);
          const before = await permsOf(target.id);
          const lacks = ALL_PERMISSIONS.map((x) => x.id).filter((id) => !before.includes(id));
          const variants: Array<{ permissionId: number; enabled: boolean }> = [];
          const heldGrant = lacks.find((id) => p.permissions!.has(id));
          const unheldGrant = lacks.find((id) => !p.permissions!.has(id));
          if (heldGrant !== undefined) variants.push({ permissionId: heldGrant, enabled: true });
          if (unheldGrant !== undefined) variants.push({ permissionId: unheldGrant, enabled: true });
          // Permission 9 (view own profile) first: the one the review switched off on root.
          const revoke = before.includes(Permission.AccountProfileView) ? Permission.AccountProfileView : before[0];
          if (revoke !== undefined) variants.push({ permissionId: revoke, enabled: false });
          for (const v of variants) {
            const allowed =
              p.permissions!.has(route.permission as number) &&
              theirs < mine &&
              (v.enabled ? p.permissions!.has(v.permissionId) : !TOP.includes(target.code));
            const url = route.url.replace(':id', target.id);
            let res = await t.call(route.method, url, { token: p.token!, body: v });
            if (res.status === 401) {
              p.token = await loginAs(a.local, false);
              res = await t.call(route.method, url, { token: p.token, body: v });
            }
            const after = await permsOf(target.id);
            const what = `${a.local} (${p.roleCode}) ${v.enabled ? 'grants' : 'revokes'} ${v.permissionId} on ${target.code} → ${res.status}`;
            seen[theirs > mine ? 'above' : theirs === mine ? 'equal' : 'below']++;
            seen[v.enabled ? 'grant' : 'revoke']++;
            if (allowed) {
              seen.allowed++;
              if (res.status !== 200) failures.push(`${what}: expected 200 ${res.raw.slice(0, 120)}`);
              else if (after.includes(v.permissionId) !== v.enabled)
                failures.push(`${what}: answered 200, role unchanged`);
              await setPerm(target.id, v.permissionId, !v.enabled);
            } else {
              seen.refused++;
              if (res.status !== 403) failures.push(`${what}: expected 403 ${res.raw.slice(0, 120)}`);
              if (JSON.stringify(after) !== JSON.stringify(before))
                failures.push(`${what}: refused but the role changed`);
            }
          }
        }
      }
    }
    for (const r of lent) await setPerm(r.id, Permission.RolePermissionToggle, false);
    // The three top roles still work: their holders sign in and read their permissions.
    for (const local of ['root', 'superadmin', 'sysadmin']) {
      const res = await t.post('/api/auth/permission', {}, await loginAs(local, false));
      if (res.status !== 200) failures.push(`${local} after the run: POST /api/auth/permission → ${res.status}`);
    }
    console.log(`access-matrix role writes: ${JSON.stringify(seen)}, wrong ${failures.length}`);
    expect(seen.allowed).toBeGreaterThan(10);
    expect(Math.min(seen.above, seen.equal, seen.below, seen.grant, seen.revoke)).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  }, 180_000);

  test("the checks can fail: the other tenant's own answers are flagged, a changed row changes the snapshot", async () => {
    const other = refs[OTHER]!;
    const ids = await representativeIds(t.db, other.tenantId, {
      patientId: other.patientId,
      doctorId: other.users.doctor!,
    });
    const otherIds = await tenantIds(t.db, tables, other.tenantId);
    // The demo2 doctor reading their own tenant stands in for a server that leaks: the judge must call it a leak.
    const token = await loginAs('doctor', false, OTHER);
    const g = await sessionGrants(token);
    const p: Principal = {
      name: 'doctor@demo2',
      kind: 'role',
      token,
      local: 'doctor',
      roleCode: g.roleCode,
      permissions: g.permissions,
    };
    for (const url of ['/api/account/patients/:id', '/api/account/patients']) {
      const r = ROUTES.find((x) => x.url === url && x.method === 'GET')!;
      const prep = prepare(r, ids);
      const res = await t.call('GET', prep.url, { token });
      expect(res.status, res.raw).toBe(200);
      expect(judge(r, p, prep, res, otherIds, false)).not.toBeNull();
    }
    const before = await snapshotTenant(t.db, tables, other.tenantId);
    await t.db.query(
      'update notifications set read_at = now() where tenant_id = $1 and id = (select id from notifications where tenant_id = $1 limit 1)',
      [other.tenantId],
    );
    const after = await snapshotTenant(t.db, tables, other.tenantId);
    expect(Object.keys(before).filter((k) => before[k] !== after[k])).toEqual(['notifications']);
  });
});
