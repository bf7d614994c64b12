import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { SOS_RECORDING_MAX_BYTES } from '@carewatch/contracts/alerts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);

function multipart(name: string, filename: string, type: string, data: Buffer) {
  const boundary = '----cwtest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}
async function appToken(username: string, tenant = 'demo') {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}
const upload = (token: string, data: Buffer, type = 'audio/webm') =>
  t.call('POST', '/api/account/me/sos/recordings', { token, ...multipart('file', 'message.webm', type, data) });

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

test('a recorded SOS message is uploaded, named by the SOS, kept with the patient and downloadable by staff', async () => {
  const patient = await appToken('patient@demo.test');
  const up = await upload(patient, WEBM);
  expect(up.status, up.raw).toBe(201);
  expect(up.body).toMatchObject({ contentType: 'audio/webm', sizeBytes: WEBM.length });
  const recordingId = String(up.body.id);

  const sos = await t.call('POST', '/api/account/me/sos', {
    token: patient,
    body: { message: { kind: 'recording', recordingId } },
  });
  expect(sos.status, sos.raw).toBe(201);
  const caseId = String(sos.body.sosCaseId);
  const doctor = (await t.login('doctor')).access;
  const detail = await t.get(`/api/account/sos-cases/${caseId}`, doctor);
  expect(detail.status, detail.raw).toBe(200);
  expect(detail.body.message).toEqual({ kind: 'recording', recordingId });
  const file = await t.get(`/api/account/patients/${String(detail.body.patientId)}/attachments/${recordingId}`, doctor);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toBe('audio/webm');
  expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
});

test('bad recordings get a 400 or 413 naming the file; another patient’s or tenant’s recording answers 404; no patient record 403', async () => {
  const patient = await appToken('patient@demo.test');
  expect(await upload(patient, Buffer.from('<html><script>x</script></html>'), 'audio/webm')).toMatchObject({
    status: 400,
    body: { code: 'INVALID_FILE_TYPE', details: { field: 'file' } },
  });
  expect(await upload(patient, Buffer.alloc(0))).toMatchObject({ status: 400, body: { details: { field: 'file' } } });
  expect(await upload(patient, Buffer.concat([WEBM, Buffer.alloc(SOS_RECORDING_MAX_BYTES)]))).toMatchObject({
    status: 413,
    body: { details: { field: 'file' } },
  });

  const other = await appToken('patient@demo2.test', 'demo2');
  const theirs = await upload(other, WEBM);
  expect(theirs.status, theirs.raw).toBe(201);
  const before = await t.db.query('select count(*)::int as n from sos_cases');
  const sos = await t.call('POST', '/api/account/me/sos', {
    token: patient,
    body: { message: { kind: 'recording', recordingId: String(theirs.body.id) } },
  });
  expect(sos).toMatchObject({ status: 404, body: { details: { field: 'message.recordingId' } } });
  expect(await t.db.query('select count(*)::int as n from sos_cases')).toEqual(before);

  const follower = await appToken('follower@demo.test');
  expect(await upload(follower, WEBM)).toMatchObject({ status: 403, body: { code: 'NOT_A_PATIENT' } });
});
