import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTypedClient, type TypedApiClient } from '@carewatch/api-client/typed-client';
import { DEMO_PASSWORD } from './modules/seed/demo.ts';
import { startTestApp, type TestApp } from './test-support/test-app.ts';
import { currentOpenApiDocument } from './openapi-files.ts';

/** The client typed from the OpenAPI document (packages/api-client/src/typed-client.ts) against the real server. */
let t: TestApp;
let token: string | null = null;
let client: TypedApiClient;

beforeAll(async () => {
  t = await startTestApp();
  // openapi-fetch's requests, answered by the app without a socket.
  const fetch = async (req: Request) => {
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const res = await t.app.inject({
      method: req.method as 'GET',
      url: new URL(req.url).pathname + new URL(req.url).search,
      headers: Object.fromEntries(req.headers),
      ...(body ? { payload: body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
  client = createTypedClient({ baseUrl: 'http://carewatch.test', accessToken: () => token, fetch });
});
afterAll(async () => {
  await t?.app.close();
});

test('the server serves the document the route table makes (the one docs/openapi.json holds)', async () => {
  const res = await t.get('/api/docs/json');
  expect(res.status).toBe(200);
  expect(res.body).toEqual(JSON.parse(JSON.stringify(currentOpenApiDocument())));
});

test('signs in, lists and reads patients, and gets typed errors', async () => {
  const denied = await client.GET('/api/account/patients', { params: { query: { size: 5 } } });
  expect(denied.response.status).toBe(401);
  expect(denied.error?.code).toBe('UNAUTHORIZED');

  const signIn = await client.POST('/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'sysadmin@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
  });
  expect(signIn.response.status).toBe(200);
  token = signIn.data!.access_token;

  const list = await client.GET('/api/account/patients', { params: { query: { size: 5 } } });
  expect(list.response.status).toBe(200);
  expect(list.data!.items.length).toBeGreaterThan(0);
  const first = list.data!.items[0]!;
  const one = await client.GET('/api/account/patients/{id}', { params: { path: { id: first.id } } });
  expect(one.data).toMatchObject({ id: first.id, fullName: first.fullName });

  const missing = await client.GET('/api/account/patients/{id}', {
    params: { path: { id: '0193a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b' } },
  });
  expect(missing.response.status).toBe(404);
  expect(missing.error?.code).toMatch(/NOT_FOUND/);
});
