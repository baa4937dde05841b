import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { findRowsOf } from '../src/lib/entry-details.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/**
 * entry_finds is derived from entries.details: after every write path (entry create, update,
 * delete; location delete; import; restore; writes sharing a group commit, one of them failing;
 * account deletion) its rows are exactly those the entries' details make.
 */
async function expectFindsMatchEntries(t: TestApp): Promise<number> {
  const entries = await t.app.db.selectFrom('entries').selectAll().execute();
  const byKey = <T extends { entry_id: string; species_key: string }>(rows: T[]) =>
    rows.sort((a, b) =>
      `${a.entry_id}\n${a.species_key}`.localeCompare(`${b.entry_id}\n${b.species_key}`),
    );
  const expected = byKey(entries.flatMap(findRowsOf));
  const rows = byKey(await t.app.db.selectFrom('entry_finds').selectAll().execute());
  expect(
    rows.map((row) => ({ ...row, quantity: row.quantity === null ? null : Number(row.quantity) })),
  ).toEqual(expected);
  return rows.length;
}

const maxEntries = 3;

describe.each(databaseKinds)('entry_finds follows every write on $name', (kind) => {
  const t = useTestApp(kind, { env: { QUOTA_ENTRIES_PER_LOCATION: String(maxEntries) } });

  const request = (
    who: TestUser,
    method: 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who.auth,
      ...(payload ? { payload } : {}),
    });

  it('entry create, update (date, finds, species alone, nothingFound), delete, location delete', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user);
    const { entry } = await seedEntry(t, user, spot.id, {
      finds: [
        { species: 'Cep', quantity: 1.25, unit: 'kg' },
        { species: 'Girolle', quantity: 12, unit: 'count' },
      ],
    });
    expect(await expectFindsMatchEntries(t)).toBe(2);
    const url = `/locations/${spot.id}/entries/${entry.id}`;
    expect((await request(user, 'PUT', url, { date: '2026-07-01' })).statusCode).toBe(200);
    expect((await request(user, 'PUT', url, { species: ['cep', 'Morel'] })).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('entry_finds')
      .selectAll()
      .orderBy('species_key')
      .execute();
    expect(
      rows.map((r) => [r.species, r.date, r.quantity === null ? null : Number(r.quantity), r.unit]),
    ).toEqual([
      ['cep', '2026-07-01', 1.25, 'kg'],
      ['Morel', '2026-07-01', null, null],
    ]);
    await expectFindsMatchEntries(t);
    expect((await request(user, 'PUT', url, { nothingFound: true })).statusCode).toBe(200);
    expect(await expectFindsMatchEntries(t)).toBe(0);
    await seedEntry(t, user, spot.id, { species: ['Chanterelle'] });
    expect(await expectFindsMatchEntries(t)).toBe(1);
    expect((await request(user, 'DELETE', url)).statusCode).toBe(200);
    expect(await expectFindsMatchEntries(t)).toBe(1);
    expect((await request(user, 'DELETE', `/locations/${spot.id}`)).statusCode).toBe(204);
    expect(await expectFindsMatchEntries(t)).toBe(0);
  });

  it('writes sharing a group commit: the one refused (past the entries quota) leaves no rows', async () => {
    const user = await t.signUp();
    const spot = await seedLocation(t, user);
    const answers = await Promise.all(
      Array.from({ length: maxEntries + 2 }, (_, i) =>
        request(user, 'POST', `/locations/${spot.id}/entries`, {
          date: '2026-06-01',
          finds: [{ species: `Species ${i}`, quantity: i }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 403, 403]);
    const rows = await t.app.db
      .selectFrom('entry_finds')
      .select('species')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(maxEntries);
    await expectFindsMatchEntries(t);
  });

  it('import, restore from an account backup, account deletion', async () => {
    const before = await expectFindsMatchEntries(t);
    const user = await t.signUp();
    const spot = await seedLocation(t, user, { name: 'Wood' });
    await seedEntry(t, user, spot.id, {
      finds: [{ species: 'Cep', quantity: 0.5, unit: 'kg' }],
    });
    await seedEntry(t, user, spot.id, { date: '2026-06-02', nothingFound: true });
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/export?format=geojson',
      headers: user.auth,
    });
    const backup = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: user.auth });
    const other = await t.signUp();
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?format=geojson',
      headers: { ...other.auth, 'content-type': 'application/octet-stream' },
      payload: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    expect(await expectFindsMatchEntries(t)).toBe(before + 2);
    const third = await t.signUp();
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { ...third.auth, 'content-type': 'application/zip' },
      payload: backup.rawPayload,
    });
    expect(restored.statusCode).toBe(200);
    expect(await expectFindsMatchEntries(t)).toBe(before + 3);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: third.auth,
    });
    const [wood] = list.json<{ data: Location[] }>().data;
    expect(wood?.entries.map((e) => [e.finds, e.nothingFound])).toEqual([
      [[], true],
      [[{ species: 'Cep', quantity: 0.5, unit: 'kg' }], undefined],
    ]);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { authorization: `Bearer ${third.sessionToken}` },
      payload: { password: third.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await expectFindsMatchEntries(t)).toBe(before + 2);
    const left = await t.app.db
      .selectFrom('entry_finds')
      .select('user_id')
      .where('user_id', '=', third.id)
      .execute();
    expect(left).toEqual([]);
  });
});
