import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const spot = { name: 'Oak ridge', position: { lat: 59.33, lng: 18.06 }, categories: ['mushrooms'] };

describe.each(databaseKinds)('locations on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
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

  it('answers an empty list as { data: [] } for a new user', async () => {
    const res = await call('GET', '/locations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('creates a location and reads it back, alone and in the list', async () => {
    const created = await call('POST', '/locations', {
      ...spot,
      description: 'north slope',
      favorite: true,
    });
    expect(created.statusCode).toBe(201);
    const location = created.json<Location>();
    expect(location).toMatchObject({
      ...spot,
      description: 'north slope',
      favorite: true,
      entries: [],
    });
    expect(location.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.createdAt).toBe(location.updatedAt);

    const one = await call('GET', `/locations/${location.id}`);
    expect(one.json()).toEqual(location);
    const list = await call('GET', '/locations');
    expect(list.json<{ data: Location[] }>().data.map((l) => l.id)).toContain(location.id);
  });

  it('answers a new location as it is stored, every field set (the answer is not read back)', async () => {
    const created = await call('POST', '/locations', {
      name: '  Birch hollow  ',
      description: '',
      position: { lat: -33.868_819_1, lng: 151.209_295_5 },
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [151.2, -33.8],
            [151.3, -33.8],
            [151.3, -33.9],
            [151.2, -33.8],
          ],
        ],
      },
      categories: ['mushrooms', 'berries'],
      species: ['porcini'],
      terrainType: null,
      treeTypes: ['birch'],
      favorite: false,
      access: { status: 'ask', note: 'farmer at the gate' },
    });
    expect(created.statusCode).toBe(201);
    const location = created.json<Location>();
    expect(location.name).toBe('Birch hollow');
    expect(location).not.toHaveProperty('description');
    expect(location).not.toHaveProperty('terrainType');
    expect((await call('GET', `/locations/${location.id}`)).json()).toEqual(location);
  });

  it('trims the id in the path (docs/behaviour.md#validation)', async () => {
    const { id } = (await call('POST', '/locations', spot)).json<Location>();
    const res = await call('GET', `/locations/%20${id}%20`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Location>().id).toBe(id);
  });

  it('is idempotent when the client repeats a POST with the same id', async () => {
    const id = randomUUID();
    const first = await call('POST', '/locations', { ...spot, id });
    const again = await call('POST', '/locations', { ...spot, id, name: 'retried' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = (await call('GET', '/locations')).json<{ data: Location[] }>().data;
    expect(list.filter((l) => l.id === id)).toHaveLength(1);
  });

  it("refuses an id that another user's location has, and leaves that location alone", async () => {
    const other = await t.signUp();
    const id = randomUUID();
    await call('POST', '/locations', { ...spot, id }, other);
    const res = await call('POST', '/locations', { ...spot, id, name: 'mine now' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ id: 'already used' });
    const theirs = await call('GET', `/locations/${id}`, undefined, other);
    expect(theirs.json<Location>().name).toBe('Oak ridge');
  });

  it.each([
    [{ ...spot, name: '' }, 'name'],
    [{ ...spot, name: 'x'.repeat(121) }, 'name'],
    [{ ...spot, position: { lat: 91, lng: 0 } }, 'position.lat'],
    [{ ...spot, position: { lat: 0, lng: -181 } }, 'position.lng'],
    [{ name: 'no position' }, 'position'],
    [{ ...spot, id: 'not-a-uuid' }, 'id'],
    [{ ...spot, access: { status: 'maybe' } }, 'access.status'],
    [
      {
        ...spot,
        area: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ],
        },
      },
      'area.coordinates.0',
    ],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const before = (await call('GET', '/locations')).json<{ data: Location[] }>().data.length;
    const res = await call('POST', '/locations', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toContain(field);
    expect((await call('GET', '/locations')).json<{ data: Location[] }>().data).toHaveLength(
      before,
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('changes only the fields a PUT sends, and moves updatedAt', async () => {
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [18, 59],
          [18.1, 59],
          [18.1, 59.1],
          [18, 59],
        ],
      ],
    };
    const created = (
      await call('POST', '/locations', { ...spot, terrainType: 'forest', area })
    ).json<Location>();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await call('PUT', `/locations/${created.id}`, {
      name: 'Oak ridge east',
      favorite: true,
      entries: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json<Location>();
    expect(updated).toMatchObject({
      name: 'Oak ridge east',
      favorite: true,
      terrainType: 'forest',
      area,
      categories: ['mushrooms'],
    });
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    const cleared = (
      await call('PUT', `/locations/${created.id}`, { terrainType: null, area: null })
    ).json<Location>();
    expect(cleared.terrainType).toBeUndefined();
    expect(cleared.area).toBeUndefined();
  });

  it('answers 400 for a bad PUT and leaves the location unchanged', async () => {
    const created = (await call('POST', '/locations', spot)).json<Location>();
    const res = await call('PUT', `/locations/${created.id}`, { name: '   ', favorite: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['favorite', 'name']);
    expect((await call('GET', `/locations/${created.id}`)).json()).toEqual(created);
  });

  it('answers 404 for a location that does not exist', async () => {
    for (const [method, payload] of [['GET'], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      const res = await call(method, `/locations/${randomUUID()}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('deletes a location with its entries', async () => {
    const created = (await call('POST', '/locations', spot)).json<Location>();
    await call('POST', `/locations/${created.id}/entries`, { date: '2026-09-01' });
    const res = await call('DELETE', `/locations/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `/locations/${created.id}`)).statusCode).toBe(404);
    const rows = await t.app.db
      .selectFrom('entries')
      .select('id')
      .where('location_id', '=', created.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
