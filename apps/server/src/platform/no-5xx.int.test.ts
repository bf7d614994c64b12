import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROUTES } from '../routes.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { errorOf } from '../safety/fuzz-harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OTHER_ID = '00000000-0000-7000-8000-000000000000';
const BODIES: unknown[] = [{}, { name: 123, email: 'x', page: -1 }, [], 'text', { id: "' or 1=1 --", file: null }];

/** Every route, called by a super admin with wrong ids and wrong bodies, answers 2xx/4xx with the error shape — never 5xx. */
test('no route answers 5xx to bad input', async () => {
  const { access } = await t.login('superadmin');
  const failures: string[] = [];
  for (const r of ROUTES) {
    for (const id of [OTHER_ID, 'not-a-uuid']) {
      const url = r.url.replace(/:[a-zA-Z]+/g, id) + '?page=-1&size=abc&from=nope&lang=xx&tz=Nope/Zone';
      for (const body of r.method === 'GET' ? [undefined] : BODIES) {
        const res = await t.call(r.method, url, {
          token: access,
          ...(body === undefined
            ? {}
            : typeof body === 'string'
              ? { payload: body, headers: { 'content-type': 'application/json' } }
              : { body }),
        });
        if (res.status >= 500)
          failures.push(`${r.method} ${url} ${JSON.stringify(body)} → ${res.status} ${res.raw.slice(0, 120)}`);
        // The error shape: `{ code, message }`, or under /fhir/ an OperationOutcome carrying the same (errorOf reads both).
        else if (
          res.status >= 400 &&
          !(typeof errorOf(res).code === 'string' && typeof errorOf(res).message === 'string')
        )
          failures.push(`${r.method} ${url} → ${res.status} without the error shape`);
      }
    }
  }
  expect(failures).toEqual([]);
}, 120_000);
