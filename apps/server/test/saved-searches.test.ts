import { randomUUID } from 'node:crypto';
import type { SavedSearch } from '@fj/contract/saved-searches';
import type { SyncAnswer } from '@fj/contract/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedLocation } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('saved searches on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [user, other] = [await t.signUp(), await t.signUp()];
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who = user,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.auth,
      ...(payload ? { payload } : {}),
    });
  const listOf = async (who = user) =>
    (await call('GET', '/searches', undefined, who)).json<{ data: SavedSearch[] }>().data;
  const syncOf = async (who: TestUser, since?: string) =>
    (
      await call(
        'GET',
        `/sync${since ? `?since=${encodeURIComponent(since)}` : ''}`,
        undefined,
        who,
      )
    ).json<SyncAnswer>();

  it('saves, lists by name, renames, changes and deletes a search', async () => {
    const who = await t.signUp();
    const made = await call(
      'POST',
      '/searches',
      { name: 'Summer chanterelles', query: 'chanterelle tree:oak month:jul-sep' },
      who,
    );
    expect(made.statusCode).toBe(201);
    const saved = made.json<SavedSearch>();
    expect(saved).toMatchObject({
      name: 'Summer chanterelles',
      query: 'chanterelle tree:oak month:jul-sep',
    });
    await call('POST', '/searches', { name: 'Ash morels', query: 'species:morel tree:ash' }, who);
    expect((await listOf(who)).map((s) => s.name)).toEqual(['Ash morels', 'Summer chanterelles']);

    const renamed = await call(
      'PUT',
      `/searches/${saved.id}`,
      { name: 'Chanterelles', query: 'chanterelle' },
      who,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<SavedSearch>()).toMatchObject({
      id: saved.id,
      name: 'Chanterelles',
      query: 'chanterelle',
    });

    expect((await call('DELETE', `/searches/${saved.id}`, undefined, who)).statusCode).toBe(204);
    expect((await listOf(who)).map((s) => s.name)).toEqual(['Ash morels']);
    expect((await call('DELETE', `/searches/${saved.id}`, undefined, who)).statusCode).toBe(404);
    expect((await call('PUT', `/searches/${saved.id}`, { name: 'x' }, who)).statusCode).toBe(404);
  });

  it('answers a retried POST with the search it saved', async () => {
    const id = randomUUID();
    const first = await call('POST', '/searches', { id, name: 'Cèpes', query: 'cèpe' });
    const again = await call('POST', '/searches', { id, name: 'Cèpes', query: 'cèpe' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a query the box cannot read, naming query, and an empty name', async () => {
    const bad = await call('POST', '/searches', { name: 'Bad', query: 'month:never' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: object } }>().error.fields).toHaveProperty('query');
    const noName = await call('POST', '/searches', { name: ' ', query: 'oak' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ error: { fields: object } }>().error.fields).toHaveProperty('name');
    const saved = (
      await call('POST', '/searches', { name: 'Fine', query: 'oak' })
    ).json<SavedSearch>();
    const badPut = await call('PUT', `/searches/${saved.id}`, { query: 'kind:line' });
    expect(badPut.statusCode).toBe(400);
  });

  it('asks for a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/searches' })).statusCode).toBe(401);
  });

  it('keeps one user’s searches from another', async () => {
    const mine = (
      await call('POST', '/searches', { name: 'Mine', query: 'oak' })
    ).json<SavedSearch>();
    expect((await listOf(other)).map((s) => s.id)).not.toContain(mine.id);
    expect((await call('PUT', `/searches/${mine.id}`, { name: 'Theirs' }, other)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/searches/${mine.id}`, undefined, other)).statusCode).toBe(404);
    const clash = await call(
      'POST',
      '/searches',
      { id: mine.id, name: 'Same id', query: '' },
      other,
    );
    expect(clash.statusCode).toBe(409);
    expect((await listOf()).find((s) => s.id === mine.id)?.name).toBe('Mine');
  });

  it('is synced: saved, changed and deleted searches come in GET /sync', async () => {
    const who = await t.signUp();
    const start = await syncOf(who);
    expect(start.searches).toEqual([]);
    const saved = (
      await call('POST', '/searches', { name: 'Oaks', query: 'tree:oak' }, who)
    ).json<SavedSearch>();
    const afterSave = await syncOf(who, start.cursor);
    expect(afterSave.searches).toEqual([saved]);
    // Nothing changed since: neither searches nor deletions are told.
    const quiet = await syncOf(who, afterSave.cursor);
    expect(quiet.searches).toBeUndefined();
    expect(quiet.deleted.searches).toBeUndefined();
    await call('DELETE', `/searches/${saved.id}`, undefined, who);
    const afterDelete = await syncOf(who, afterSave.cursor);
    expect(afterDelete.deleted.searches).toEqual([saved.id]);
    expect((await syncOf(who)).searches).toEqual([]);
  });

  it('is in the account backup, and a restore brings it back', async () => {
    const who = await t.signUp();
    await seedLocation(t, who, { name: 'Oak ridge' });
    const saved = (
      await call('POST', '/searches', { name: 'Oaks', query: 'tree:oak' }, who)
    ).json<SavedSearch>();
    const backup = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: who.auth });
    expect(backup.statusCode).toBe(200);
    const fresh = await t.signUp();
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { ...fresh.auth, 'content-type': 'application/zip' },
      payload: backup.rawPayload,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    // The ids are the backup's: another user keeps theirs, so the fresh account gets none.
    expect(await listOf(fresh)).toEqual([]);
    await call('DELETE', `/searches/${saved.id}`, undefined, who);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { ...who.auth, 'content-type': 'application/zip' },
      payload: backup.rawPayload,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await listOf(who)).map(({ id, name, query }) => ({ id, name, query }))).toEqual([
      { id: saved.id, name: 'Oaks', query: 'tree:oak' },
    ]);
  });
});
