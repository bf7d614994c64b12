import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePackage, type TFirmwarePackage } from '@carewatch/contracts/firmware';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

const P = '/api/account/firmware';

function multipart(
  fields: Record<string, string>,
  file?: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const b = '----cwfirmware';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${b}\r\ncontent-disposition: form-data; name="file"; filename="pkg.cwpk"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const pkg = (model: string, kind: 'firmware' | 'watch_face', version: string, size = 3000) =>
  Buffer.from(
    encodePackage(
      { model, kind, version },
      Uint8Array.from({ length: size }, (_, i) => (i * 7 + version.length) & 0xff),
    ),
  );

describe('watch firmware and faces: staff upload, mark current; the app reads and downloads', () => {
  let t: TestApp;
  let sysadmin: string;
  let admin2: string;
  let doctor: string;
  let patientApp: string;

  const upload = (token: string, fields: Record<string, string>, file?: Buffer): Promise<Res> => {
    const m = multipart(fields, file);
    return t.call('POST', P, { token, payload: m.payload, headers: m.headers });
  };
  const download = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers };
  };

  beforeAll(async () => {
    t = await startTestApp();
    sysadmin = (await t.login('sysadmin')).access;
    admin2 = (await t.login('superadmin', 'demo2')).access;
    doctor = (await t.login('doctor')).access;
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    patientApp = String(res.body.access_token);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('uploads, lists, marks current (one per model and kind) and downloads the same bytes', async () => {
    const bytes = pkg('GT5', 'firmware', '5.2.0');
    const up = await upload(
      sysadmin,
      { model: 'GT5', kind: 'firmware', version: '5.2.0', notes: 'Battery fix' },
      bytes,
    );
    expect(up.status).toBe(201);
    const first = up.body as unknown as TFirmwarePackage;
    expect(first).toMatchObject({
      model: 'GT5',
      kind: 'firmware',
      version: '5.2.0',
      name: '5.2.0',
      notes: 'Battery fix',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      isCurrent: false,
      uploadedBy: 'Sam System',
    });
    // Never a storage key or path in the answer.
    expect(up.raw).not.toMatch(/files\//);
    const second = (
      await upload(sysadmin, { model: 'GT5', kind: 'firmware', version: '5.3.0' }, pkg('GT5', 'firmware', '5.3.0'))
    ).body as unknown as TFirmwarePackage;
    const face = await upload(
      sysadmin,
      { model: 'GT5', kind: 'watch_face', version: '1.0.0', name: 'Ocean' },
      pkg('GT5', 'watch_face', '1.0.0', 500),
    );
    expect(face.status).toBe(201);
    expect(face.body).toMatchObject({ name: 'Ocean', kind: 'watch_face' });

    const list = await t.get(P, sysadmin);
    expect(list.status).toBe(200);
    expect((list.body.items as TFirmwarePackage[]).map((p) => `${p.kind} ${p.version}`)).toEqual([
      'firmware 5.3.0',
      'firmware 5.2.0',
      'watch_face 1.0.0',
    ]);
    expect(((await t.get(`${P}?kind=watch_face`, sysadmin)).body.items as unknown[]).length).toBe(1);

    expect((await t.post(`${P}/${first.id}/current`, {}, sysadmin)).body).toMatchObject({ isCurrent: true });
    expect((await t.post(`${P}/${second.id}/current`, {}, sysadmin)).body).toMatchObject({ isCurrent: true });
    const after = (await t.get(`${P}?model=GT5&kind=firmware`, sysadmin)).body.items as TFirmwarePackage[];
    expect(after.filter((p) => p.isCurrent).map((p) => p.version)).toEqual(['5.3.0']);

    const file = await download(`${P}/${first.id}/file`, sysadmin);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-content-sha256']).toBe(first.sha256);
    expect(Buffer.compare(file.bytes, bytes)).toBe(0);

    // The app: the current firmware of its watch's model and that model's faces; the bytes it sends to the watch.
    const mine = await t.get('/api/account/me/firmware?model=GT5', patientApp);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ firmware: { id: second.id, version: '5.3.0' }, faces: [{ name: 'Ocean' }] });
    expect((await t.get('/api/account/me/firmware?model=GT2', patientApp)).body).toEqual({ firmware: null, faces: [] });
    const appFile = await download(`/api/account/me/firmware/${second.id}/file`, patientApp);
    expect(appFile.status).toBe(200);
    expect(createHash('sha256').update(appFile.bytes).digest('hex')).toBe(second.sha256);
  });

  it('answers 400 naming the field for a bad model, kind, version, an empty or foreign file, or a header that disagrees', async () => {
    const ok = pkg('GT2', 'firmware', '2.5.0');
    const bad = async (fields: Record<string, string>, file: Buffer | undefined, field: string) => {
      const res = await upload(sysadmin, fields, file);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect((res.body.details as { field?: string }).field).toBe(field);
      return res;
    };
    await bad({ model: 'V19', kind: 'firmware', version: '2.5.0' }, ok, 'model');
    await bad({ model: 'GT2', kind: 'theme', version: '2.5.0' }, ok, 'kind');
    await bad({ model: 'GT2', kind: 'firmware', version: 'latest' }, ok, 'version');
    await bad({ model: 'GT2', kind: 'firmware', version: '2.5.0' }, undefined, 'file');
    await bad({ model: 'GT2', kind: 'firmware', version: '2.5.0' }, Buffer.alloc(0), 'file');
    const notPkg = await bad({ model: 'GT2', kind: 'firmware', version: '2.5.0' }, Buffer.from('hello world'), 'file');
    expect(notPkg.body.code).toBe('INVALID_FILE_TYPE');
    const mismatch = await bad({ model: 'GT2', kind: 'firmware', version: '2.6.0' }, ok, 'file');
    expect((mismatch.body.details as { rule?: string }).rule).toBe('package_mismatch');
    // A version is uploaded once per model and kind.
    expect((await upload(sysadmin, { model: 'GT2', kind: 'firmware', version: '2.5.0' }, ok)).status).toBe(201);
    const dup = await upload(sysadmin, { model: 'GT2', kind: 'firmware', version: '2.5.0' }, ok);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'FIRMWARE_VERSION_EXISTS', details: { field: 'version' } });
  });

  it('keeps tenants apart (404) and refuses patients and staff without the permission (403)', async () => {
    const own = (await t.get(P, sysadmin)).body.items as TFirmwarePackage[];
    const id = own[0]!.id;
    expect(((await t.get(P, admin2)).body.items as unknown[]).length).toBe(0);
    expect((await t.post(`${P}/${id}/current`, {}, admin2)).status).toBe(404);
    expect((await download(`${P}/${id}/file`, admin2)).status).toBe(404);
    expect((await t.get('/api/account/me/firmware?model=GT5', admin2)).body).toEqual({ firmware: null, faces: [] });
    expect((await t.get(`${P}/00000000-0000-4000-8000-000000000000/file`, sysadmin)).status).toBe(404);

    const patientUpload = await upload(
      patientApp,
      { model: 'GT5', kind: 'firmware', version: '5.9.0' },
      pkg('GT5', 'firmware', '5.9.0'),
    );
    expect(patientUpload.status).toBe(403);
    expect((await t.get(P, patientApp)).status).toBe(403);
    expect((await t.post(`${P}/${id}/current`, {}, doctor)).status).toBe(403);
  });
});
