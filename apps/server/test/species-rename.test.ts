import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { listOf, syncOf } from './helpers/sync.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('POST /species/rename on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let call: Call;

  beforeAll(async () => {
    user = await t.signUp();
    call = apiClient(t.app, user.auth);
  });

  const rename = (from: string, to: string, as = call) =>
    as('POST', '/species/rename', { from, to });
  const entriesOf = (location: Location) =>
    Object.fromEntries(location.entries.map((entry) => [entry.date, entry.finds]));
  const read = async (id: string) => (await call('GET', `/locations/${id}`)).json<Location>();

  it('renames every find, location list and preference list, merging into a species already there', async () => {
    const spot = await seedLocation(t, user, { name: 'Wood', species: ['Cep', 'Morel'] });
    const plain = await seedLocation(t, user, { name: 'Plain' });
    await seedEntry(t, user, spot.id, {
      date: '2026-06-01',
      finds: [{ species: 'cep', quantity: 1.5, unit: 'kg' }, { species: 'Girolle' }],
    });
    // Merging: same unit sums, another unit keeps the target's.
    await seedEntry(t, user, spot.id, {
      date: '2026-06-02',
      finds: [
        { species: 'Cep', quantity: 0.2, unit: 'kg' },
        { species: 'Porcini', quantity: 0.1, unit: 'kg' },
      ],
    });
    await seedEntry(t, user, spot.id, {
      date: '2026-06-03',
      finds: [
        { species: 'Cep', quantity: 3, unit: 'count' },
        { species: 'Porcini', quantity: 0.4, unit: 'kg' },
      ],
    });
    await seedEntry(t, user, plain.id, { date: '2026-06-04', species: ['Morel'] });
    await call('PUT', '/preferences/species/Mushrooms', { species: ['CEP', 'Girolle'] });
    const other = await t.signUp();
    const othersSpot = await seedLocation(t, other, { name: 'Theirs', species: ['Cep'] });
    await seedEntry(t, other, othersSpot.id, { finds: [{ species: 'Cep', quantity: 1 }] });
    const before = await listOf(t, user);
    const beforePlain = await read(plain.id);

    const res = await rename('CÈP', 'Porcini');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { entries: 3, locations: 1 } });

    const wood = await read(spot.id);
    expect(wood.species).toEqual(['Porcini', 'Morel']);
    expect(entriesOf(wood)).toEqual({
      '2026-06-01': [
        { species: 'Porcini', quantity: 1.5, unit: 'kg' },
        { species: 'Girolle', quantity: null, unit: null },
      ],
      '2026-06-02': [{ species: 'Porcini', quantity: 0.3, unit: 'kg' }],
      '2026-06-03': [{ species: 'Porcini', quantity: 0.4, unit: 'kg' }],
    });
    expect(wood.entries.map((e) => e.species)).toEqual([
      ['Porcini'],
      ['Porcini'],
      ['Porcini', 'Girolle'],
    ]);
    expect(await read(plain.id)).toEqual(beforePlain);
    const prefs = (await call('GET', '/preferences')).json<{
      data: { customSpecies: Record<string, string[]> };
    }>();
    expect(prefs.data.customSpecies.Mushrooms).toEqual(['Porcini', 'Girolle']);
    const keys = await t.app.db
      .selectFrom('entry_finds')
      .select(['species', 'species_key', 'quantity'])
      .where('user_id', '=', user.id)
      .where('location_id', '=', spot.id)
      .orderBy('date')
      .orderBy('species_key')
      .execute();
    expect(keys.map((k) => [k.species, k.species_key, Number(k.quantity)])).toEqual(
      [
        ['Girolle', 'girolle', 0],
        ['Porcini', 'porcini', 1.5],
        ['Porcini', 'porcini', 0.3],
        ['Porcini', 'porcini', 0.4],
      ].map(([s, k, q]) => [s, k, s === 'Girolle' ? 0 : q]),
    );
    // Sync carries every changed record: the changed spot, not the untouched one.
    const changed = await syncOf(t, user, before.cursor ?? undefined);
    expect(changed.locations.map((l) => l.id)).toEqual([spot.id]);
    expect(changed.preferences?.customSpecies.Mushrooms).toEqual(['Porcini', 'Girolle']);
    // Another user's journal is untouched.
    const theirs = (
      await apiClient(t.app, other.auth)('GET', `/locations/${othersSpot.id}`)
    ).json<Location>();
    expect(theirs.species).toEqual(['Cep']);
    expect(theirs.entries[0]?.finds).toEqual([{ species: 'Cep', quantity: 1, unit: null }]);
  });

  it('a new spelling of the same species renames it; nothing to rename changes nothing', async () => {
    const spot = await seedLocation(t, user, { name: 'Fen' });
    await seedEntry(t, user, spot.id, {
      finds: [{ species: 'cloudberry', quantity: 2, unit: 'l' }],
    });
    expect((await rename('cloudberry', 'Cloudberry')).json()).toEqual({
      data: { entries: 1, locations: 0 },
    });
    expect((await read(spot.id)).entries[0]?.finds).toEqual([
      { species: 'Cloudberry', quantity: 2, unit: 'l' },
    ]);
    const before = await listOf(t, user);
    expect((await rename('Lingonberry', 'Cowberry')).json()).toEqual({
      data: { entries: 0, locations: 0 },
    });
    expect((await listOf(t, user)).etag).toBe(before.etag);
  });

  it.each([
    [{ to: 'Cep' }, 'from'],
    [{ from: 'Cep', to: '' }, 'to'],
    [{ from: 'Cep', to: 'x'.repeat(81) }, 'to'],
  ])('400 naming the field: %j', async (body, field) => {
    const res = await call('POST', '/species/rename', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });
});
