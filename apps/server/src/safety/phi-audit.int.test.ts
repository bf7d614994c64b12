import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../routes.ts';
import type { AnyRoute } from '../platform/route.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { ACCOUNT_ORDER, callerFor, fillPath, loginToken, ownParams, permissionsByAccount } from './fuzz-harness.ts';
import { queryString, validSample } from './fuzz-schema.ts';
import { schemaFields } from './schema-sample.ts';

/**
 * Issue 14 item 9 (HIPAA 164.312(b)): patient list and search, medical profile, followers, alert settings, alerts,
 * SOS cases and denied attempts left no trace, because auditing was a call each service had to remember. Now each
 * signed-in route declares `audit` (route.ts; the type makes it required) and the HTTP layer writes the row. This
 * suite, generated from the route table, fails when:
 * - a route that looks like patient data by its URL or its schemas (independently of what it declares) says 'none'
 *   without being in the reasoned list below;
 * - a call of a patient-data route, allowed or refused, leaves no row (who, tenant, role, patients, route, outcome,
 *   address), or a denied call of any route leaves none;
 * - the audit log can be changed or emptied, or its export misses rows.
 */

const key = (r: AnyRoute) => `${r.method} ${r.url}`;

/** Looks like patient data, whatever the route declares: by URL segment or by a field of its schemas. */
const PHI_URL =
  /\/(patients|alerts|sos|vitals|contacts|followers|tickets|messages|sms|calls|registrations|deactivation|devices?|ingest|sub-users|medical-profile|thresholds|alert-settings|app-profile|notification|fhir)(\/|-|$)/;
const PHI_FIELDS = [
  'patientId',
  'patientIds',
  'patientCode',
  'birthday',
  'dateOfBirth',
  'diagnosis',
  'medicalHistory',
  'readings',
  'value',
];

/** Routes that look like patient data but hold none, each with its reason. */
const NOT_PHI: Record<string, string> = {
  'GET /api/account/patients/import/template': 'an empty spreadsheet with column names',
  'GET /api/account/devices/import/template': 'an empty spreadsheet with column names',
  'GET /api/account/device/getDisconnectDeviceCount': 'a count',
  'GET /api/account/device-connection-history/getDeviceNameList': 'device model names',
  'GET /api/account/notification/getUnreadCount': 'a count',
  'GET /api/account/thresholds/defaults': "the tenant's default thresholds, nobody's readings",
  'PUT /api/account/thresholds/defaults': "the tenant's default thresholds, nobody's readings",
  'POST /api/account/thresholds/defaults/reset': "the tenant's default thresholds, nobody's readings",
  'GET /api/account/tickets/statistics': 'counts per status',
  'POST /api/account/messages/:id/reveal': 'a one-time code of a sign-in message (audited by the service as a reveal)',
  'GET /api/account/sadmin/tenant': 'tenants',
};

let t: TestApp;
let tenantId: string;
let perms: Map<string, Set<number>>;
const tokens = new Map<string, string>();
const token = async (account: string) => {
  if (!tokens.has(account)) tokens.set(account, await loginToken(t, account));
  return tokens.get(account)!;
};
type Row = {
  action: string;
  outcome: string;
  actor_id: string | null;
  tenant_id: string | null;
  role: string | null;
  route: string | null;
  patient_ids: string[] | null;
  ip: string | null;
  details: { status?: number } | null;
};
const rowsOf = async (route: string) =>
  t.db.query<Row>(
    'select action, outcome, actor_id, tenant_id, role, route, patient_ids, ip, details from audit_log where route = $1 order by created_at, id',
    [route],
  );

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  perms = await permissionsByAccount(t.db, 'demo');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access trail of patient data', () => {
  test('every signed-in route declares what it does with patient data; none that looks like patient data says none', () => {
    const missing = ROUTES.filter((r) => r.permission !== 'public' && !r.audit).map(key);
    expect(missing, 'signed-in routes without an audit declaration').toEqual([]);
    const suspicious: string[] = [];
    for (const r of ROUTES) {
      if (r.permission === 'public' || r.audit?.phi !== 'none' || NOT_PHI[key(r)]) continue;
      const fields = new Set<string>();
      for (const s of [r.query, r.body, r.params, r.response])
        if (s) for (const f of schemaFields(s as z.ZodType)) fields.add(f);
      const why = PHI_URL.test(r.url) ? 'its URL' : PHI_FIELDS.find((f) => fields.has(f));
      if (why) suspicious.push(`${key(r)} (by ${why})`);
    }
    expect(suspicious, "routes declared 'none' that look like patient data").toEqual([]);
    // The heuristic is not empty: it flags most of the declared patient-data routes on its own.
    const declared = ROUTES.filter((r) => r.audit && r.audit.phi !== 'none');
    expect(declared.filter((r) => PHI_URL.test(r.url)).length).toBeGreaterThan(declared.length * 0.6);
    expect(
      Object.keys(NOT_PHI).every((k) => ROUTES.some((r) => key(r) === k)),
      'NOT_PHI names routes that exist',
    ).toBe(true);
  });

  test('each call of a patient-data route, allowed or refused, writes one row; a denied call of any route too', async () => {
    const failures: string[] = [];
    let allowed = 0;
    let denied = 0;
    const lacking = (r: AnyRoute) => ACCOUNT_ORDER.find((a) => !perms.get(a)?.has(Number(r.permission)));
    for (const r of ROUTES) {
      if (r.permission === 'public') continue;
      const phi = r.audit?.phi ?? 'none';
      const route = key(r);
      const params = await ownParams(t.db, tenantId, r.url);
      const q = r.query ? queryString(validSample(r.query, 'query')) : '';
      const url = fillPath(r.url, params) + (q ? `?${q}` : '');
      // Reads for real; writes refused for their content type (below).
      const once = async (account: string) => {
        const headers: Record<string, string> =
          account === 'patient' || account === 'follower' ? { 'x-client': 'app' } : {};
        const tok = await token(account);
        if (r.method === 'GET') return t.call('GET', url, { token: tok, headers });
        // Writes in the wrong content type (415 once signed in and allowed): the call is made, nothing changes.
        return r.bodyKind === 'multipart'
          ? t.call(r.method, url, { token: tok, headers, body: {} })
          : t.call(r.method, url, {
              token: tok,
              headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
              payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
            });
      };
      // Rows of this route before and after one call; a session some earlier route ended (a level switch, a second
      // app sign-in) signs in again first.
      const send = async (account: string) => {
        let before = (await rowsOf(route)).length;
        let res = await once(account);
        if (res.status === 401) {
          tokens.delete(account);
          before = (await rowsOf(route)).length;
          res = await once(account);
        }
        return { res, before, after: await rowsOf(route) };
      };
      if (phi !== 'none') {
        const account = callerFor(r, perms)!;
        const { res, before, after } = await send(account);
        allowed++;
        const row = after[after.length - 1];
        const outcome = res.status < 400 ? 'ok' : res.status === 401 || res.status === 403 ? 'denied' : 'failed';
        if (after.length !== before + 1)
          failures.push(`${route} as ${account} → ${res.status}: ${after.length - before} rows`);
        else if (
          row!.action !== `phi.${phi}` ||
          row!.outcome !== outcome ||
          row!.tenant_id !== tenantId ||
          !row!.actor_id ||
          !row!.role ||
          !row!.ip ||
          row!.details?.status !== res.status
        ) {
          failures.push(`${route} as ${account} → ${res.status}: row ${JSON.stringify(row)}`);
        } else if (
          res.status < 300 &&
          params.id &&
          /\/patients\/:id/.test(r.url) &&
          !(row!.patient_ids ?? []).includes(params.id)
        ) {
          failures.push(`${route} as ${account}: patient ${params.id} not in ${JSON.stringify(row!.patient_ids)}`);
        }
      }
      const refused = lacking(r);
      if (refused) {
        const { res, before, after } = await send(refused);
        denied++;
        const row = after[after.length - 1];
        if (res.status !== 403) failures.push(`${route} as ${refused} (lacking ${r.permission}) → ${res.status}`);
        else if (
          after.length !== before + 1 ||
          row!.outcome !== 'denied' ||
          row!.tenant_id !== tenantId ||
          !row!.actor_id
        )
          failures.push(`${route} denied to ${refused}: ${after.length - before} rows ${JSON.stringify(row)}`);
      }
    }
    console.log(
      `phi-audit: ${allowed} patient-data calls, ${denied} denied calls, ${failures.length} without their row`,
    );
    expect(allowed).toBeGreaterThan(100);
    expect(denied).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);

  test('a call without a session is a denied attempt with its address; the patient list names the patients it showed', async () => {
    const before = (await rowsOf('GET /api/account/patients/:id/medical-profile')).length;
    const res = await t.call('GET', `/api/account/patients/${crypto.randomUUID()}/medical-profile`);
    expect(res.status).toBe(401);
    const rows = await rowsOf('GET /api/account/patients/:id/medical-profile');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ outcome: 'denied', actor_id: null, action: 'phi.read' });
    expect(rows.at(-1)!.ip).toBeTruthy();

    const list = await t.get('/api/account/patients?size=5', await token('doctor'));
    expect(list.status).toBe(200);
    const shown = (list.body.items as Array<{ id: string }>).map((p) => p.id).sort();
    expect(shown.length).toBeGreaterThan(0);
    expect([...(await rowsOf('GET /api/account/patients')).at(-1)!.patient_ids!].sort()).toEqual(shown);
    // "Who saw this patient?": the audit log filters by patient.
    const who = await t.get(`/api/account/audit-log?patientId=${shown[0]}&size=200`, await token('superadmin'));
    expect(who.status, who.raw).toBe(200);
    expect((who.body.items as Array<{ route: string }>).map((i) => i.route)).toContain('GET /api/account/patients');
  });

  test('the audit log is append-only: update, delete and truncate are refused by the database', async () => {
    const [n] = await t.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(n!.n).toBeGreaterThan(0);
    await expect(t.db.query("update audit_log set action = 'x'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.query('truncate audit_log')).rejects.toThrow(/append-only/);
    const [m] = await t.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(m!.n).toBeGreaterThanOrEqual(n!.n);
  });

  test('export for a date range: CSV of every row in range, formulas defused, the export itself in the trail; bad ranges 400', async () => {
    const admin = await token('superadmin');
    // A row whose text a spreadsheet would read as a formula.
    await t.db.query(
      "insert into audit_log (id, tenant_id, actor_id, action, outcome, ip, created_at) values ($1, $2, null, '=HYPERLINK(\"http://x\")', 'ok', '127.0.0.1', $3)",
      [crypto.randomUUID(), tenantId, t.clock.now()],
    );
    const from = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    const to = new Date(t.clock.now().getTime() + 1000).toISOString();
    const [inRange] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from audit_log where tenant_id = $1 and created_at between $2 and $3',
      [tenantId, from, to],
    );
    const res = await t.call(
      'GET',
      `/api/account/audit-log/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { token: admin },
    );
    expect(res.status, res.raw.slice(0, 200)).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="audit-/);
    const lines = res.raw.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,actor_id,actor_email,role,action,route,resource,resource_id,patient_ids,outcome,ip,request_id,details',
    );
    expect(lines.length - 1).toBeGreaterThanOrEqual(inRange!.n);
    expect(res.raw).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.raw).not.toMatch(/(^|,)"=/m);
    const trail = await rowsOf('GET /api/account/audit-log/export');
    expect(trail.at(-1)).toMatchObject({ action: 'phi.export', outcome: 'ok', role: 'super_admin' });

    for (const [q, field] of [
      ['from=2026-01-10&to=2026-01-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      ['from=junk&to=2026-01-01', 'from'],
      ['to=2026-01-01', 'from'],
    ] as const) {
      const bad = await t.call('GET', `/api/account/audit-log/export?${q}`, { token: admin });
      expect(bad.status, q).toBe(400);
      expect(bad.body.details?.field, q).toBe(field);
    }
    const doctor = await t.call(
      'GET',
      `/api/account/audit-log/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { token: await token('doctor') },
    );
    expect(doctor.status).toBe(403);
  });
});
