import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LICENSE_IMAGE_MAX_BYTES } from '@carewatch/contracts/staff';
import { LOGO_MAX_BYTES as CENTER_LOGO_MAX_BYTES } from '@carewatch/contracts/centers';
import { LOGO_MAX_BYTES as TENANT_LOGO_MAX_BYTES } from '@carewatch/contracts/tenants';
import { ATTACHMENT_MAX_BYTES } from '@carewatch/contracts/patients';
import { DEVICE_IMPORT_MAX_BYTES } from '@carewatch/contracts/devices';
import { SOS_RECORDING_MAX_BYTES } from '@carewatch/contracts/alerts';
import { FEEDBACK_IMAGE_MAX_BYTES } from '@carewatch/contracts/app-profile';
import { MEDICAL_RECORD_FILE_MAX_BYTES } from '@carewatch/contracts/medical-records';
import { MEDICINE_IMAGE_MAX_BYTES } from '@carewatch/contracts/prescriptions';
import { RECONCILIATION_MAX_BYTES } from '@carewatch/contracts/transactions';
import { FIRMWARE_MAX_BYTES } from '@carewatch/contracts/firmware';
import { ROUTES } from '../routes.ts';
import { AVATAR_MAX_BYTES } from '../modules/account/account.service.ts';
import type { Row, SqlValue } from '../platform/db.ts';
import { startTestApp, type Res, type TestApp } from '../test-support/test-app.ts';
import {
  answerProblems,
  callerFor,
  loadSecrets,
  loginToken,
  permissionsByAccount,
  type Secrets,
} from './fuzz-harness.ts';

/**
 * Upload safety (issue 7): every multipart route gets hostile files — HTML or SVG named .jpg/.png, a file over
 * the limit, a `../` name, an empty file — and each is refused (4xx with the error shape) or stored under a
 * random name inside DATA_DIR and served as a download (`Content-Disposition: attachment`, `nosniff`).
 * Another tenant's file ids answer 404.
 */

let t: TestApp;
let secrets: Secrets;
beforeAll(async () => {
  t = await startTestApp();
  secrets = await loadSecrets(t);
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const TRAVERSAL = '../../x.jpg';

type Part = { name: string; value?: string; filename?: string; type?: string; data?: Buffer };

function multipart(parts: Part[]): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `----cwUpload${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.data ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(p.data ?? Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}

type Target = {
  route: string;
  url: string;
  /** The file part's field name. */
  field: string;
  fields?: Record<string, string>;
  /** The route's own size limit (an oversize file is one byte more); null when too big to send in a test. */
  limit: number | null;
  /** A valid PNG (under a `../` name) is accepted here: the refusals of the hostile files are then about the file, not the form. */
  acceptsPng: boolean;
  /** Where a stored file is served back, from the upload's answer. */
  serve?: (body: Record<string, unknown>) => string | null;
};

async function one<T extends Row>(sql: string, params: SqlValue[]): Promise<T> {
  const rows = await t.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

const findUrl = (body: unknown, re: RegExp) => JSON.stringify(body).match(re)?.[0] ?? null;

test('hostile uploads are refused or stored under a random name and served as downloads', async () => {
  const perms = await permissionsByAccount(t.db, 'demo');
  const { id: tenantId } = await one<{ id: string }>("select id from tenants where code = 'demo'", []);
  const { id: doctorId } = await one<{ id: string }>("select id from users where email = 'doctor@demo.test'", []);
  const { id: operatorId } = await one<{ id: string }>("select id from users where email = 'operator@demo.test'", []);
  const { id: patientId } = await one<{ id: string }>(
    'select id from patients where tenant_id = $1 order by id limit 1',
    [tenantId],
  );
  const center = await one<{ id: string; name: string }>(
    'select id, name from health_centers where tenant_id = $1 order by name limit 1',
    [tenantId],
  );
  const { name: tenantName } = await one<{ name: string }>('select name from tenants where id = $1', [tenantId]);
  const LICENSE = { name: 'Practising certificate', number: 'UP-1', expiryDate: '2030-01-01' };
  const licenseImage = (b: Record<string, unknown>) =>
    typeof b.id === 'string' ? `/api/account/staff/${doctorId}/licenses/${b.id}/image` : null;
  const superToken = await loginToken(t, 'superadmin');
  // A license to edit (PUT), made through the API.
  const made = await t.call('POST', `/api/account/staff/${doctorId}/licenses`, {
    token: superToken,
    ...multipart(Object.entries(LICENSE).map(([name, value]) => ({ name, value }))),
  });
  expect(made.status).toBe(201);
  // A medical record to attach papers to.
  const record = await t.call('POST', `/api/account/patients/${patientId}/medical-records`, {
    token: superToken,
    body: { title: 'Upload test', examinationDate: '2026-11-01' },
  });
  expect(record.status, record.raw).toBe(201);
  const recordFiles = `/api/account/medical-records/${String(record.body.id)}/attachments`;

  const targets: Target[] = [
    {
      route: 'POST /api/account/me/profile/upload-avatar',
      url: '/api/account/me/profile/upload-avatar',
      field: 'file',
      limit: AVATAR_MAX_BYTES,
      acceptsPng: true,
      serve: () => '/api/account/me/avatar',
    },
    {
      route: 'POST /api/account/admin/user/adminUploadAvatarForUser',
      url: '/api/account/admin/user/adminUploadAvatarForUser?username=doctor%40demo.test',
      field: 'file',
      limit: AVATAR_MAX_BYTES,
      acceptsPng: true,
      serve: () => `/api/account/staff/${doctorId}/avatar`,
    },
    {
      route: 'POST /api/account/avatar',
      url: '/api/account/avatar?username=operator%40demo.test',
      field: 'file',
      limit: AVATAR_MAX_BYTES,
      acceptsPng: true,
      serve: () => `/api/account/staff/${operatorId}/avatar`,
    },
    {
      route: 'POST /api/account/staff/:id/licenses',
      url: `/api/account/staff/${doctorId}/licenses`,
      field: 'file',
      fields: LICENSE,
      limit: LICENSE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: licenseImage,
    },
    {
      route: 'PUT /api/account/staff/:id/licenses/:licenseId',
      url: `/api/account/staff/${doctorId}/licenses/${String(made.body.id)}`,
      field: 'file',
      fields: LICENSE,
      limit: LICENSE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: licenseImage,
    },
    // The doctors module's licence paths (issue 16), the same licence implementation as the staff ones.
    {
      route: 'POST /api/account/doctors/:id/licenses',
      url: `/api/account/doctors/${doctorId}/licenses`,
      field: 'file',
      fields: LICENSE,
      limit: LICENSE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => (typeof b.id === 'string' ? `/api/account/doctors/${doctorId}/licenses/${b.id}/image` : null),
    },
    {
      route: 'PUT /api/account/doctors/:id/licenses/:licenseId',
      url: `/api/account/doctors/${doctorId}/licenses/${String(made.body.id)}`,
      field: 'file',
      fields: LICENSE,
      limit: LICENSE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => (typeof b.id === 'string' ? `/api/account/doctors/${doctorId}/licenses/${b.id}/image` : null),
    },
    {
      route: 'POST /api/account/doctor/v2/register/qualification',
      url: '/api/account/doctor/v2/register/qualification',
      field: 'file',
      fields: LICENSE,
      limit: LICENSE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: licenseImage,
    },
    {
      route: 'POST /api/account/patients/:id/attachments',
      url: `/api/account/patients/${patientId}/attachments`,
      field: 'file',
      limit: ATTACHMENT_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => (typeof b.id === 'string' ? `/api/account/patients/${patientId}/attachments/${b.id}` : null),
    },
    {
      route: 'POST /api/account/sadmin/tenant/:id/logo/:kind',
      url: `/api/account/sadmin/tenant/${tenantId}/logo/square`,
      field: 'file',
      limit: TENANT_LOGO_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => findUrl(b, /\/api\/auth\/tenant\/logo\/[^"?]+/),
    },
    {
      route: 'POST /api/manage/sadmin/center/upload-logo',
      url: `/api/manage/sadmin/center/upload-logo?tenantName=${encodeURIComponent(tenantName)}&name=${encodeURIComponent(center.name)}`,
      field: 'file',
      limit: CENTER_LOGO_MAX_BYTES,
      acceptsPng: true,
      serve: () => `/api/account/mhsc/${center.id}/logo`,
    },
    {
      route: 'PUT /api/account/sadmin/mhsc/:id',
      url: `/api/account/sadmin/mhsc/${center.id}`,
      field: 'logo',
      fields: { name: center.name },
      limit: CENTER_LOGO_MAX_BYTES,
      acceptsPng: false,
      serve: () => `/api/account/mhsc/${center.id}/logo`,
    },
    {
      route: 'PUT /api/account/smadmin/mhsc/:id',
      url: `/api/account/smadmin/mhsc/${center.id}`,
      field: 'logo',
      fields: { name: center.name },
      limit: CENTER_LOGO_MAX_BYTES,
      acceptsPng: false,
      serve: () => `/api/account/mhsc/${center.id}/logo`,
    },
    {
      route: 'POST /api/account/sadmin/mhsc',
      url: '/api/account/sadmin/mhsc',
      field: 'logo',
      fields: { name: 'Upload test center' },
      limit: CENTER_LOGO_MAX_BYTES,
      acceptsPng: false,
      serve: (b) => (typeof b.id === 'string' ? `/api/account/mhsc/${b.id}/logo` : null),
    },
    {
      route: 'POST /api/auth/tenant/trial-request',
      url: '/api/auth/tenant/trial-request',
      field: 'squareLogo',
      fields: { name: 'Upload Clinic', email: 'upload@clinic.test' },
      limit: TENANT_LOGO_MAX_BYTES,
      acceptsPng: false,
    },
    {
      route: 'POST /api/account/tenant/branding-request',
      url: '/api/account/tenant/branding-request',
      field: 'squareLogo',
      fields: { name: 'Upload Clinic' },
      limit: TENANT_LOGO_MAX_BYTES,
      acceptsPng: false,
    },
    {
      route: 'POST /api/account/patients/import',
      url: '/api/account/patients/import',
      field: 'file',
      limit: null,
      acceptsPng: false,
    },
    {
      route: 'POST /api/account/me/sos/recordings',
      url: '/api/account/me/sos/recordings',
      field: 'file',
      limit: SOS_RECORDING_MAX_BYTES,
      acceptsPng: false,
    },
    {
      route: 'POST /api/account/me/feedback',
      url: '/api/account/me/feedback',
      field: 'image',
      fields: { kind: 'IMPROVE', category: 'SOFTWARE', description: 'Upload test' },
      limit: FEEDBACK_IMAGE_MAX_BYTES,
      acceptsPng: true,
    },
    {
      route: 'POST /api/account/devices/import',
      url: '/api/account/devices/import',
      field: 'file',
      limit: DEVICE_IMPORT_MAX_BYTES,
      acceptsPng: false,
    },
    {
      route: 'POST /api/account/prescriptions/medicine-images',
      url: '/api/account/prescriptions/medicine-images',
      field: 'file',
      limit: MEDICINE_IMAGE_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => (typeof b.id === 'string' ? `/api/account/prescriptions/medicine-images/${b.id}` : null),
    },
    {
      route: 'POST /api/account/medical-records/:id/attachments',
      url: recordFiles,
      field: 'file',
      fields: { type: 'OTHER' },
      limit: MEDICAL_RECORD_FILE_MAX_BYTES,
      acceptsPng: true,
      serve: (b) => (typeof b.id === 'string' ? `${recordFiles}/${b.id}` : null),
    },
    {
      route: 'POST /api/account/transactions/reconciliations',
      url: '/api/account/transactions/reconciliations',
      field: 'file',
      fields: { provider: 'VN_PAY' },
      limit: RECONCILIATION_MAX_BYTES,
      acceptsPng: false,
    },
    {
      // Watch packages (issue 21): only a package whose header names the form's model, kind and version is kept.
      route: 'POST /api/account/firmware',
      url: '/api/account/firmware',
      field: 'file',
      fields: { model: 'GT5', kind: 'firmware', version: '5.2.0' },
      limit: FIRMWARE_MAX_BYTES,
      acceptsPng: false,
    },
  ];

  // Every upload route of the route table is covered: a new one fails here until it is added above.
  const uploadRoutes = ROUTES.filter((r) => r.bodyKind === 'multipart').map((r) => `${r.method} ${r.url}`);
  const covered = new Set(targets.map((x) => x.route));
  expect(uploadRoutes.filter((r) => !covered.has(r))).toEqual([]);

  const problems: string[] = [];
  const tokens = new Map<string, string>([['superadmin', superToken]]);
  const tokenFor = async (account: string | null) => {
    if (!account) return undefined;
    if (!tokens.has(account)) tokens.set(account, await loginToken(t, account));
    return tokens.get(account);
  };
  const routeOf = (key: string) => ROUTES.find((r) => `${r.method} ${r.url}` === key)!;
  const check = (where: string, res: Res, token?: string) => {
    for (const p of answerProblems(res, secrets, token)) problems.push(`${where} → ${res.status}: ${p}`);
  };

  let uploads = 0;
  let refused = 0;
  let stored = 0;
  let served = 0;
  const storedHostile: string[] = [];
  for (const target of targets) {
    const r = routeOf(target.route);
    const account = target.route.includes('qualification') ? 'doctor' : callerFor(r, perms);
    const token = await tokenFor(account);
    const send = async (file: Part) => {
      const parts: Part[] = [...Object.entries(target.fields ?? {}).map(([name, value]) => ({ name, value })), file];
      const { headers, payload } = multipart(parts);
      uploads++;
      return t.call(r.method, target.url, { token, headers, payload });
    };
    const hostile: Array<[string, Part, 'refuse' | 'refuse-or-store']> = [
      ['HTML named .jpg', { name: target.field, filename: 'evil.jpg', type: 'image/jpeg', data: HTML }, 'refuse'],
      ['SVG named .jpg', { name: target.field, filename: 'evil.jpg', type: 'image/jpeg', data: SVG }, 'refuse'],
      ['SVG named .png', { name: target.field, filename: 'evil.png', type: 'image/svg+xml', data: SVG }, 'refuse'],
      [
        'empty file',
        { name: target.field, filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
        'refuse-or-store',
      ],
      ...(target.limit
        ? [
            [
              'over the limit',
              {
                name: target.field,
                filename: 'big.png',
                type: 'image/png',
                data: Buffer.concat([PNG, Buffer.alloc(target.limit + 1)]),
              },
              'refuse',
            ] as [string, Part, 'refuse'],
          ]
        : []),
    ];
    for (const [label, part, want] of hostile) {
      const res = await send(part);
      const where = `${target.route} [${label}]`;
      check(where, res, token);
      if (res.status >= 400) {
        refused++;
        continue;
      }
      // Imports take any file and report bad content later; image routes must refuse it outright.
      if (want === 'refuse' && target.acceptsPng) problems.push(`${where} → ${res.status}: accepted`);
      if (res.status < 300) {
        stored++;
        storedHostile.push(`${where} → ${res.status}`);
      }
      await checkServed(where, target, res);
    }
    // A valid image under a path-traversal name: stored (under a random name) or refused, never written where named.
    const res = await send({ name: target.field, filename: TRAVERSAL, type: 'image/png', data: PNG });
    const where = `${target.route} [${TRAVERSAL}]`;
    check(where, res, token);
    if (res.status < 300) {
      stored++;
      await checkServed(where, target, res);
    } else {
      refused++;
      if (target.acceptsPng)
        problems.push(`${where} → ${res.status}: a valid PNG was refused (${res.raw.slice(0, 120)})`);
    }
  }

  async function checkServed(where: string, target: Target, res: Res) {
    const url = target.serve?.(res.body);
    if (!url) return;
    const got = await t.call('GET', url, { token: superToken });
    check(`${where} GET ${url}`, got, superToken);
    if (got.status !== 200) return;
    served++;
    const disposition = String(got.headers['content-disposition'] ?? '');
    if (!/^attachment\b/i.test(disposition)) problems.push(`${where} GET ${url}: Content-Disposition "${disposition}"`);
    if (/\.\.|[/\\]/.test(disposition))
      problems.push(`${where} GET ${url}: the given path is in the download name "${disposition}"`);
    if (got.headers['x-content-type-options'] !== 'nosniff')
      problems.push(`${where} GET ${url}: no X-Content-Type-Options: nosniff`);
    if (/html|svg|xml|javascript/i.test(String(got.headers['content-type'] ?? '')))
      problems.push(`${where} GET ${url}: served as ${String(got.headers['content-type'])}`);
  }

  // On disk: everything stayed inside DATA_DIR, under names the server chose.
  const dataDir = t.deps.config.dataDir;
  for (const outside of ['../x.jpg', '../../x.jpg', 'x.jpg']) {
    if (await fs.stat(path.resolve(dataDir, 'files', outside)).catch(() => null))
      problems.push(`a file was written at ${outside}`);
    if (await fs.stat(path.resolve(dataDir, outside)).catch(() => null))
      problems.push(`a file was written at DATA_DIR/${outside}`);
  }
  const files = await walk(dataDir);
  for (const f of files) {
    if (!path.resolve(f).startsWith(path.resolve(dataDir) + path.sep)) problems.push(`stored outside DATA_DIR: ${f}`);
    if (/^(x|evil|empty|big)\.(jpg|png)$/.test(path.basename(f))) problems.push(`stored under the given name: ${f}`);
  }
  // In the file store (issue 18): keys the server chose, never a given name or a path.
  for (const { key } of await t.db.query<{ key: string }>('select key from stored_files')) {
    if (/(^|\/)(x|evil|empty|big)\.(jpg|png)$/.test(key) || key.includes('..') || !/^(files|cdr)\//.test(key))
      problems.push(`stored under the given name: ${key}`);
  }
  console.log(
    `uploads: ${targets.length} upload routes, ${uploads} hostile uploads, ${refused} refused, ${stored} stored safely, ${served} served back, ${files.length} files on disk`,
  );
  if (storedHostile.length)
    console.log(
      `uploads: hostile files accepted (stored under random names, checked above):\n${storedHostile.join('\n')}`,
    );
  expect(problems).toEqual([]);
}, 300_000);

test("another tenant's file ids answer 404 and change nothing", async () => {
  const other = await loginToken(t, 'superadmin', 'demo2');
  const mine = await loginToken(t, 'superadmin');
  const { id: otherTenant } = await one<{ id: string }>("select id from tenants where code = 'demo2'", []);
  const { id: ownTenant } = await one<{ id: string }>("select id from tenants where code = 'demo'", []);
  const { id: otherPatient } = await one<{ id: string }>(
    'select id from patients where tenant_id = $1 order by id limit 1',
    [otherTenant],
  );
  const { id: ownPatient } = await one<{ id: string }>(
    'select id from patients where tenant_id = $1 order by id limit 1',
    [ownTenant],
  );
  const { id: otherDoctor } = await one<{ id: string }>("select id from users where email = 'doctor@demo2.test'", []);
  const { id: otherCenter } = await one<{ id: string }>(
    'select id from health_centers where tenant_id = $1 order by id limit 1',
    [otherTenant],
  );

  // demo2's own files: an attachment, a license image, an avatar, a center logo.
  const file = (name: string) =>
    multipart([
      { name: 'file', filename: 'scan.png', type: 'image/png', data: PNG },
      ...(name === 'license'
        ? [
            { name: 'name', value: 'Cert' },
            { name: 'expiryDate', value: '2030-01-01' },
          ]
        : []),
    ]);
  const att = await t.call('POST', `/api/account/patients/${otherPatient}/attachments`, {
    token: other,
    ...file('att'),
  });
  expect(att.status).toBe(201);
  const lic = await t.call('POST', `/api/account/staff/${otherDoctor}/licenses`, { token: other, ...file('license') });
  expect(lic.status).toBe(201);
  const av = await t.call('POST', '/api/account/admin/user/adminUploadAvatarForUser?username=doctor%40demo2.test', {
    token: other,
    ...file('avatar'),
  });
  expect(av.status).toBe(200);
  const attId = String(att.body.id);
  const licId = String(lic.body.id);

  const reads: Array<[string, string]> = [
    ['GET', `/api/account/patients/${ownPatient}/attachments/${attId}`],
    ['GET', `/api/account/patients/${otherPatient}/attachments/${attId}`],
    ['DELETE', `/api/account/patients/${ownPatient}/attachments/${attId}`],
    ['DELETE', `/api/account/patients/${otherPatient}/attachments/${attId}`],
    ['GET', `/api/account/staff/${otherDoctor}/licenses/${licId}/image`],
    ['GET', `/api/account/staff/${otherDoctor}/avatar`],
    ['GET', `/api/account/mhsc/${otherCenter}/logo`],
  ];
  const wrong: string[] = [];
  for (const [method, url] of reads) {
    const res = await t.call(method, url, { token: mine });
    if (res.status !== 404 || typeof res.body.code !== 'string')
      wrong.push(`${method} ${url} → ${res.status} ${res.raw.slice(0, 100)}`);
  }
  const put = await t.call('PUT', `/api/account/staff/${otherDoctor}/licenses/${licId}`, {
    token: mine,
    ...multipart([
      { name: 'name', value: 'Hijacked' },
      { name: 'expiryDate', value: '2031-01-01' },
      { name: 'file', filename: 'x.png', type: 'image/png', data: PNG },
    ]),
  });
  if (put.status !== 404) wrong.push(`PUT other tenant's license → ${put.status}`);
  expect(wrong).toEqual([]);
  // The other tenant still has its attachment and its license unchanged.
  expect(
    (await t.call('GET', `/api/account/patients/${otherPatient}/attachments/${attId}`, { token: other })).status,
  ).toBe(200);
  const licRow = await one<{ name: string }>('select name from medical_licenses where id = $1', [licId]);
  expect(licRow.name).toBe('Cert');
}, 120_000);
