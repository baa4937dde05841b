import { defaultPreferences, type Preferences } from '@fj/contract/preferences';
import { describe, expect, it } from 'vitest';
import { apiClient, errorOf, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** The documented defaults (docs/behaviour.md#defaults), written out rather than imported, so a change to the contract is noticed. */
const specDefaults = {
  name: '',
  email: '',
  customSpeciesCategories: ['mushrooms', 'berries', 'herbs'],
  customSpecies: {
    mushrooms: ['chanterelle', 'morel', 'oyster'],
    berries: ['blackberry', 'raspberry', 'blueberry'],
    herbs: ['mint', 'thyme', 'rosemary'],
  },
  customTerrainTypes: ['forest', 'meadow', 'riverbank'],
  customTreeTypes: ['oak', 'maple', 'pine'],
};

describe.each(databaseKinds)('preferences on $name', (kind) => {
  const t = useTestApp(kind);

  /** A new user, with a record made from the documented defaults. */
  async function newUser(): Promise<{ user: TestUser; call: Call; created: Preferences }> {
    const user = await t.signUp();
    const call = apiClient(t.app, user.auth);
    const res = await call('POST', '/preferences', { id: user.id });
    expect(res.statusCode).toBe(201);
    return { user, call, created: res.json<{ data: Preferences }>().data };
  }

  const read = async (call: Call) =>
    (await call('GET', '/preferences')).json<{ data: Preferences }>().data;

  describe('POST /preferences', () => {
    it('creates the record with the documented defaults when the body holds only the id', async () => {
      const { user, created } = await newUser();
      expect(created).toEqual({ id: user.id, ...specDefaults, showTutorial: true });
      expect(specDefaults).toMatchObject(defaultPreferences);
    });

    it('creates the record with the lists it is sent', async () => {
      const user = await t.signUp();
      const sent = {
        id: user.id,
        name: 'Ada',
        email: user.email,
        customSpeciesCategories: ['lichens', 'nuts'],
        customSpecies: { lichens: ['reindeer moss'], nuts: ['hazel'] },
        customTerrainTypes: ['bog'],
        customTreeTypes: ['yew', 'alder'],
      };
      const res = await apiClient(t.app, user.auth)('POST', '/preferences', sent);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { ...sent, showTutorial: true } });
    });

    it('is harmless the second time: 201 again, the first record kept', async () => {
      const { user, call, created } = await newUser();
      const again = await call('POST', '/preferences', {
        id: user.id,
        customSpeciesCategories: ['something else'],
        customTreeTypes: [],
      });
      expect(again.statusCode).toBe(201);
      expect(again.json<{ data: Preferences }>().data).toEqual(created);
      expect(await read(call)).toEqual(created);
      const rows = await t.app.db
        .selectFrom('preferences')
        .select('id')
        .where('id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['id', () => ({})],
      ['id', () => ({ id: '' })],
      ['customSpeciesCategories', (id: string) => ({ id, customSpeciesCategories: 'mushrooms' })],
      ['customSpecies.mushrooms', (id: string) => ({ id, customSpecies: { mushrooms: 'cep' } })],
      ['customTreeTypes.0', (id: string) => ({ id, customTreeTypes: [''] })],
    ])('answers 400 naming %s for a bad body, and makes no record', async (field, bodyFor) => {
      const user = await t.signUp();
      const payload = bodyFor(user.id);
      const res = await apiClient(t.app, user.auth)('POST', '/preferences', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res)).toEqual([field]);
      const rows = await t.app.db
        .selectFrom('preferences')
        .select('id')
        .where('id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('GET /preferences', () => {
    it('answers { data } with the record fields and showTutorial true for a new user', async () => {
      const { user, call } = await newUser();
      const res = await call('GET', '/preferences');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { id: user.id, ...specDefaults, showTutorial: true } });
    });

    it('answers the defaults for a user whose first POST never arrived', async () => {
      const user = await t.signUp();
      const data = await read(apiClient(t.app, user.auth));
      expect(data).toEqual({ id: user.id, ...specDefaults, showTutorial: true });
    });
    it('answers every change at the next read, however often it was read before', async () => {
      const { call, created } = await newUser();
      expect(await read(call)).toEqual(created);
      expect(await read(call)).toEqual(created);
      await call('PUT', '/preferences/terrain', { terrainTypes: ['bog'] });
      expect((await read(call)).customTerrainTypes).toEqual(['bog']);
      await call('PUT', '/preferences/tutorial', { show: false });
      expect(await read(call)).toEqual({
        ...created,
        customTerrainTypes: ['bog'],
        showTutorial: false,
      });
      // A POST that finds the record kept changes nothing, and the read says so.
      await call('POST', '/preferences', { id: created.id, customTreeTypes: ['yew'] });
      expect((await read(call)).customTreeTypes).toEqual(created.customTreeTypes);
    });
  });

  describe('the PUT routes change only their own part', () => {
    it('PUT /preferences/categories', async () => {
      const { call, created } = await newUser();
      const res = await call('PUT', '/preferences/categories', {
        categories: ['mushrooms', ' berries ', 'lichens', 'berries'],
      });
      expect(res.statusCode).toBe(200);
      const data = res.json<{ data: Preferences }>().data;
      // A category that goes takes its species list with it; a new one starts empty.
      expect(data).toEqual({
        ...created,
        customSpeciesCategories: ['mushrooms', 'berries', 'lichens'],
        customSpecies: {
          mushrooms: created.customSpecies.mushrooms,
          berries: created.customSpecies.berries,
          lichens: [],
        },
      });
      expect(await read(call)).toEqual(data);
    });

    it('takes categories named like Object.prototype members (constructor, toString)', async () => {
      const { call } = await newUser();
      const res = await call('PUT', '/preferences/categories', {
        categories: ['constructor', 'toString', 'hasOwnProperty'],
      });
      expect(res.statusCode).toBe(200);
      await call('PUT', '/preferences/species/toString', { species: ['wood ear'] });
      const data = await read(call);
      expect(data.customSpeciesCategories).toEqual(['constructor', 'toString', 'hasOwnProperty']);
      expect(data.customSpecies).toEqual({
        constructor: [],
        toString: ['wood ear'],
        hasOwnProperty: [],
      });
    });

    it('keeps categories called __proto__ and constructor as keys: answers, reads and stored rows', async () => {
      const { user, call, created } = await newUser();
      const species = await call('PUT', '/preferences/species/__proto__', {
        species: ['wood ear'],
      });
      expect(species.statusCode).toBe(200);
      await call('PUT', '/preferences/species/constructor', { species: ['cep'] });
      const expected = [
        ...Object.entries(created.customSpecies),
        ['__proto__', ['wood ear']],
        ['constructor', ['cep']],
      ];
      expect(Object.entries(species.json<{ data: Preferences }>().data.customSpecies)).toEqual(
        expected.slice(0, -1),
      );
      const data = await read(call);
      expect(data.customSpeciesCategories).toEqual([
        ...created.customSpeciesCategories,
        '__proto__',
        'constructor',
      ]);
      expect(Object.entries(data.customSpecies)).toEqual(expected);
      const row = await t.app.db
        .selectFrom('preferences')
        .select('custom_species')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Object.entries(JSON.parse(row.custom_species) as object)).toEqual(expected);

      // Taken away with PUT /preferences/categories, then sent back in a new record's POST.
      const kept = await call('PUT', '/preferences/categories', { categories: ['constructor'] });
      expect(kept.json<{ data: Preferences }>().data.customSpecies).toEqual({
        constructor: ['cep'],
      });
      const again = await call('PUT', '/preferences/categories', { categories: ['__proto__'] });
      expect(Object.entries(again.json<{ data: Preferences }>().data.customSpecies)).toEqual([
        ['__proto__', []],
      ]);
    });

    it('POST /preferences: a JSON body with a __proto__ key is refused (400) by the body parser', async () => {
      // Fastify's guard against prototype poisoning reads every body; the PUT routes carry
      // category names in lists and the path, which it does not look at.
      const user = await t.signUp();
      const body = `{"id":${JSON.stringify(user.id)},"customSpecies":{"__proto__":["wood ear"]}}`;
      const res = await apiClient(t.app, { ...user.auth, 'content-type': 'application/json' })(
        'POST',
        '/preferences',
        body,
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    });

    it('PUT /preferences/species/{category}, with the category URL-encoded', async () => {
      const { call, created } = await newUser();
      const res = await call('PUT', '/preferences/species/wild%20gr%C3%B6ns', {
        species: ['nettle', 'ground elder'],
      });
      expect(res.statusCode).toBe(200);
      const expected = {
        ...created,
        customSpeciesCategories: [...created.customSpeciesCategories, 'wild gröns'],
        customSpecies: { ...created.customSpecies, 'wild gröns': ['nettle', 'ground elder'] },
      };
      expect(res.json<{ data: Preferences }>().data).toEqual(expected);
      expect(await read(call)).toEqual(expected);

      const herbs = await call('PUT', '/preferences/species/herbs', { species: ['sorrel'] });
      expect(herbs.json<{ data: Preferences }>().data).toEqual({
        ...expected,
        customSpecies: { ...expected.customSpecies, herbs: ['sorrel'] },
      });
    });

    it('PUT /preferences/terrain', async () => {
      const { call, created } = await newUser();
      const res = await call('PUT', '/preferences/terrain', { terrainTypes: ['bog', 'scree'] });
      expect(res.statusCode).toBe(200);
      const expected = { ...created, customTerrainTypes: ['bog', 'scree'] };
      expect(res.json<{ data: Preferences }>().data).toEqual(expected);
      expect(await read(call)).toEqual(expected);
    });

    it('PUT /preferences/trees', async () => {
      const { call, created } = await newUser();
      const res = await call('PUT', '/preferences/trees', { treeTypes: [] });
      expect(res.statusCode).toBe(200);
      const expected = { ...created, customTreeTypes: [] };
      expect(res.json<{ data: Preferences }>().data).toEqual(expected);
      expect(await read(call)).toEqual(expected);
    });

    it('PUT /preferences/tutorial', async () => {
      const { call, created } = await newUser();
      const off = await call('PUT', '/preferences/tutorial', { show: false });
      expect(off.statusCode).toBe(200);
      expect(off.json<{ data: Preferences }>().data).toEqual({ ...created, showTutorial: false });
      expect((await read(call)).showTutorial).toBe(false);
      const on = await call('PUT', '/preferences/tutorial', { show: true });
      expect(on.json<{ data: Preferences }>().data).toEqual(created);
    });
  });

  it.each([
    ['categories', '/preferences/categories', { categories: 'x' }],
    ['categories', '/preferences/categories', {}],
    ['categories.1', '/preferences/categories', { categories: ['ok', 'x'.repeat(81)] }],
    ['species', '/preferences/species/herbs', { species: 'mint' }],
    ['species.0', '/preferences/species/herbs', { species: ['  '] }],
    ['params.category', '/preferences/species/%20', { species: ['mint'] }],
    ['terrainTypes.0', '/preferences/terrain', { terrainTypes: [1] }],
    ['treeTypes', '/preferences/trees', { treeTypes: Array(501).fill('oak') }],
    ['show', '/preferences/tutorial', { show: 'yes' }],
    ['show', '/preferences/tutorial', {}],
  ])('answers 400 naming %s for a bad PUT %s, and changes nothing', async (field, url, body) => {
    const { call, created } = await newUser();
    const res = await call('PUT', url, body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual([field]);
    expect(await read(call)).toEqual(created);
  });
});
