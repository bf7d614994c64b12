import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let patient: string;
let follower: string;
let cskh: string;
let sysadmin2: string;
let doctor: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function appToken(username: string) {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}
function multipart(fields: Record<string, string>, image?: Buffer) {
  const boundary = `----cwFeedbackAdmin${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (image)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="shot.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}
async function send(token: string, fields: Record<string, string>, image?: Buffer): Promise<string> {
  const res = await t.call('POST', '/api/account/me/feedback', { token, ...multipart(fields, image) });
  expect(res.status, res.raw).toBe(201);
  return String(res.body.id);
}
type Item = {
  id: string;
  kind: string;
  category: string;
  handled: boolean;
  hasImage: boolean;
  senderName: string | null;
  handledByName: string | null;
};
const list = async (query: string, token = cskh) => {
  const res = await t.get(`/api/account/feedback${query}`, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as { items: Item[]; total: number };
};

let errorId: string;
let improveId: string;
let serviceId: string;
beforeAll(async () => {
  t = await startTestApp();
  patient = await appToken('patient@demo.test');
  follower = await appToken('follower@demo.test');
  cskh = (await t.login('cskh')).access;
  doctor = (await t.login('doctor')).access;
  sysadmin2 = (await t.login('sysadmin', 'demo2')).access;
  errorId = await send(patient, { kind: 'ERROR', category: 'SOFTWARE', description: 'The chart does not load' }, PNG);
  t.clock.advance(1000);
  improveId = await send(patient, {
    kind: 'IMPROVE',
    category: 'HARDWARE',
    description: 'A longer strap',
    suggestion: 'Size L',
  });
  serviceId = await send(follower, { kind: 'IMPROVE', category: 'SERVICE', description: 'Faster answers' });
});
afterAll(async () => {
  await t?.close();
});

describe('feedback management', () => {
  test('lists with filters by kind, category and handled', async () => {
    const all = await list('');
    expect(all.total).toBe(3);
    expect(new Set(all.items.map((i) => i.id))).toEqual(new Set([errorId, improveId, serviceId]));
    expect((await list('?kind=ERROR')).items.map((i) => i.id)).toEqual([errorId]);
    expect((await list('?kind=IMPROVE')).total).toBe(2);
    expect((await list('?category=HARDWARE')).items.map((i) => i.id)).toEqual([improveId]);
    expect((await list('?kind=IMPROVE&category=SERVICE')).items.map((i) => i.id)).toEqual([serviceId]);
    expect((await list('?handled=true')).total).toBe(0);
    const err = all.items.find((i) => i.id === errorId)!;
    expect(err).toMatchObject({ kind: 'ERROR', category: 'SOFTWARE', hasImage: true, handled: false });
    expect(err.senderName).toBeTruthy();
    const bad = await t.get('/api/account/feedback?kind=BUG', cskh);
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('kind');
  });

  test('streams the image; none → 404', async () => {
    const img = await t.get(`/api/account/feedback/${errorId}/image`, cskh);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // A patient's screenshot may show health data: never kept by a browser cache.
    expect(img.headers['cache-control']).toBe('no-store');
    expect((await t.get(`/api/account/feedback/${improveId}/image`, cskh)).status).toBe(404);
  });

  test('marks handled (who and when, audited)', async () => {
    const res = await t.post(`/api/account/feedback/${errorId}/handled`, {}, cskh);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id: errorId, handled: true, handledAt: t.clock.now().toISOString() });
    expect(res.body.handledByName).toBeTruthy();
    const [row] = await t.db.query<{ handled_by: string }>('select handled_by from app_feedback where id = $1', [
      errorId,
    ]);
    const [me] = await t.db.query<{ id: string }>("select id from users where email = 'cskh@demo.test'");
    expect(row!.handled_by).toBe(me!.id);
    expect(
      (await t.db.query("select 1 from audit_log where action = 'feedback.handled' and resource_id = $1", [errorId]))
        .length,
    ).toBe(1);
    expect((await list('?handled=true')).items.map((i) => i.id)).toEqual([errorId]);
    expect((await list('?handled=false')).total).toBe(2);
  });

  test("another tenant's feedback answers 404; roles without FeedbackManage get 403", async () => {
    expect((await t.get('/api/account/feedback', sysadmin2)).body.total).toBe(0);
    expect((await t.get(`/api/account/feedback/${errorId}`, sysadmin2)).status).toBe(404);
    expect((await t.get(`/api/account/feedback/${errorId}/image`, sysadmin2)).status).toBe(404);
    expect((await t.post(`/api/account/feedback/${improveId}/handled`, {}, sysadmin2)).status).toBe(404);
    expect(
      (await t.db.query('select handled_at from app_feedback where id = $1', [improveId]))[0]!.handled_at,
    ).toBeNull();
    expect((await t.get('/api/account/feedback', doctor)).status).toBe(403);
    expect((await t.get(`/api/account/feedback/${errorId}/image`, patient)).status).toBe(403);
    expect((await t.post(`/api/account/feedback/${errorId}/handled`, {}, doctor)).status).toBe(403);
  });
});
