import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';

type View = {
  id: string;
  list: string;
  name: string;
  query: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
};

const P = '/api/account/saved-views';

describe('saved views: personal named states of the portal lists', () => {
  let t: TestApp;
  let doctor: string;
  let assistant: string;
  let doctor2: string;
  const create = (body: Record<string, unknown>, token = doctor) => t.post(P, body, token);
  const list = async (listKey: string, token = doctor) => {
    const res = await t.get(`${P}?list=${listKey}`, token);
    expect(res.status).toBe(200);
    return res.body.items as View[];
  };
  const patch = (id: string, body: unknown, token = doctor) => t.call('PATCH', `${P}/${id}`, { body, token });
  const remove = (id: string, token = doctor) => t.call('DELETE', `${P}/${id}`, { token });
  const rowsOf = (id: string) =>
    t.db.query<{ name: string; is_default: boolean; user_id: string }>(
      'select name, is_default, user_id from saved_views where id = $1',
      [id],
    );

  beforeAll(async () => {
    t = await startTestApp();
    doctor = (await t.login('doctor')).access;
    assistant = (await t.login('assistant')).access;
    doctor2 = (await t.login('doctor', 'demo2')).access;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists by name, renames, sets the default (one per list) and deletes', async () => {
    const mine = await create({ list: 'patients', name: 'Mine', query: 'status=sos&sort=-lastReadingAt&size=30' });
    expect(mine.status).toBe(201);
    const a = mine.body as unknown as View;
    expect(a).toMatchObject({
      list: 'patients',
      name: 'Mine',
      query: 'status=sos&sort=-lastReadingAt&size=30',
      isDefault: false,
    });
    const b = (await create({ list: 'patients', name: 'At risk', query: 'status=at_risk', isDefault: true }))
      .body as unknown as View;
    expect(b.isDefault).toBe(true);
    // Another list's views are apart.
    expect((await create({ list: 'devices', name: 'Mine', query: '' })).status).toBe(201);

    expect((await list('patients')).map((v) => [v.name, v.isDefault])).toEqual([
      ['At risk', true],
      ['Mine', false],
    ]);
    expect((await list('devices')).map((v) => v.name)).toEqual(['Mine']);

    const renamed = await patch(a.id, { name: 'My SOS' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: a.id, name: 'My SOS', query: a.query });

    // Making "My SOS" the default: "At risk" stops being it.
    expect((await patch(a.id, { isDefault: true })).body).toMatchObject({ isDefault: true });
    expect((await list('patients')).map((v) => [v.name, v.isDefault])).toEqual([
      ['At risk', false],
      ['My SOS', true],
    ]);
    expect((await patch(a.id, { isDefault: false })).body).toMatchObject({ isDefault: false });
    expect((await list('patients')).every((v) => !v.isDefault)).toBe(true);

    expect((await remove(b.id)).body).toEqual({ ok: true });
    expect(await rowsOf(b.id)).toEqual([]);
    expect((await list('patients')).map((v) => v.name)).toEqual(['My SOS']);
    expect((await remove(b.id)).body).toMatchObject({ code: 'SAVED_VIEW_NOT_FOUND' });
  });

  it('a name twice on one list (whatever its case) is a 409 naming the field, on create and rename', async () => {
    await create({ list: 'staff', name: 'Doctors', query: 'role=doctor' });
    const other = (await create({ list: 'staff', name: 'Disabled', query: 'status=disabled' })).body as unknown as View;
    const dup = await create({ list: 'staff', name: ' doctors ', query: 'role=doctor&sort=-name' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'SAVED_VIEW_NAME_EXISTS', details: { field: 'name' } });
    const ren = await patch(other.id, { name: 'DOCTORS' });
    expect(ren.status).toBe(409);
    expect(ren.body).toMatchObject({ code: 'SAVED_VIEW_NAME_EXISTS', details: { field: 'name' } });
    // Renaming a view to its own name in another case is no clash.
    expect((await patch(other.id, { name: 'disabled' })).status).toBe(200);
    // Another user may use the same name.
    expect((await create({ list: 'staff', name: 'Doctors', query: 'role=doctor' }, assistant)).status).toBe(201);
  });

  it('at most 20 views per user and list: the 21st is a 409', async () => {
    for (let i = 1; i <= 20; i++)
      expect((await create({ list: 'audit', name: `View ${i}`, query: `page=${i}` })).status).toBe(201);
    const over = await create({ list: 'audit', name: 'View 21', query: '' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'SAVED_VIEW_LIMIT' });
    expect((await list('audit')).length).toBe(20);
    // Other lists and other users are not counted.
    expect((await create({ list: 'alerts', name: 'View 21', query: '' })).status).toBe(201);
    expect((await create({ list: 'audit', name: 'View 1', query: '' }, assistant)).status).toBe(201);
  });

  it("another user's view, or another tenant's, is a 404 and is left as it was", async () => {
    const v = (await create({ list: 'worklist', name: 'Mine only', query: 'tier=high' })).body as unknown as View;
    const [before] = await rowsOf(v.id);
    for (const token of [assistant, doctor2]) {
      const checks: Res[] = [
        await patch(v.id, { name: 'Taken' }, token),
        await patch(v.id, { isDefault: true }, token),
        await remove(v.id, token),
      ];
      for (const res of checks) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('SAVED_VIEW_NOT_FOUND');
      }
      expect((await list('worklist', token)).map((x) => x.id)).not.toContain(v.id);
    }
    expect(await rowsOf(v.id)).toEqual([before]);
    // A name clash with one's own view comes after the owner check: another user's id is still a 404.
    await create({ list: 'worklist', name: 'Taken', query: '' }, assistant);
    expect((await patch(v.id, { name: 'Taken' }, assistant)).status).toBe(404);
  });

  it('a bad list, name or query is a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ list: 'nope', name: 'X', query: '' }, 'list'],
      [{ list: 'patients', name: '', query: '' }, 'name'],
      [{ list: 'patients', name: '   ', query: '' }, 'name'],
      [{ list: 'patients', name: 'x'.repeat(61), query: '' }, 'name'],
      [{ list: 'patients', name: 'a\u0000b', query: '' }, 'name'],
      [{ list: 'patients', name: 'Bad', query: '?status=sos' }, 'query'],
      [{ list: 'patients', name: 'Bad', query: 'status=sos#top' }, 'query'],
      [{ list: 'patients', name: 'Bad', query: 'search=a b' }, 'query'],
      [{ list: 'patients', name: 'Bad', query: 'search=%E0%A4%A' }, 'query'],
      [{ list: 'patients', name: 'Bad', query: `search=${'a'.repeat(2000)}` }, 'query'],
      [{ list: 'patients', name: 'Bad', query: '<script>=1' }, 'query'],
      [{ list: 'patients', name: 'Bad' }, 'query'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
    expect((await t.get(`${P}?list=unknown`, doctor)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'list' },
    });
    const v = (await create({ list: 'tickets', name: 'Valid', query: 'search=Nguy%E1%BB%85n+V&status=' }))
      .body as unknown as View;
    expect(v.query).toBe('search=Nguy%E1%BB%85n+V&status=');
    expect((await patch(v.id, {})).body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'name' } });
    expect((await patch(v.id, { name: '' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name' },
    });
    expect((await t.call('PATCH', `${P}/not-an-id`, { body: { name: 'x' }, token: doctor })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'id' },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.get(`${P}?list=patients`)).status).toBe(401);
  });
});
