import type { Location } from '@fj/contract/locations';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** More spots than one page of the streamed whole-list reads (64), and a page that is not full. */
const spots = 150;

describe.each(databaseKinds)('whole-list reads over several pages on $name', (kind) => {
  const t = useTestApp(kind);

  it('answer every location once, newest first, the same in GET /locations and GET /sync', async () => {
    const user = await t.signUp();
    const ids: string[] = [];
    for (let i = 0; i < spots; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: user.auth,
        payload: { name: `Spot ${i}`, position: { lat: 55, lng: 12 + i / 1000 } },
      });
      ids.push(res.json<{ id: string }>().id);
    }
    // Entries on spots of the first, a middle and the last page move them to the top.
    for (const at of [0, 70, 149]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${ids[at]}/entries`,
        headers: user.auth,
        payload: { date: '2026-09-12', species: ['chanterelle'], notes: `at ${at}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const expected = await t.app.db
      .selectFrom('locations')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    const data = list.json<{ data: Location[] }>().data;
    expect(data.map((l) => l.id)).toEqual(expected.map((row) => row.id));
    expect(new Set(data.map((l) => l.id)).size).toBe(spots);
    expect(data.slice(0, 3).map((l) => l.entries[0]?.notes)).toEqual(['at 149', 'at 70', 'at 0']);
    expect(list.body).toBe(JSON.stringify({ data }));

    // The second read is the kept copy: the very same bytes.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    expect(again.body).toBe(list.body);

    const sync = await t.app.inject({ method: 'GET', url: '/api/v1/sync', headers: user.auth });
    expect(sync.statusCode).toBe(200);
    const answer = sync.json<{ full: boolean; locations: Location[] }>();
    expect(answer.full).toBe(true);
    expect(answer.locations).toEqual(data);
    expect(sync.body).toBe(JSON.stringify(answer));
  });
});
