// The Share dialog's preview: the projection a viewer would receive, made before the share is.
import type { Location } from '@fj/contract/locations';
import type { SharedLocation } from '@fj/contract/sharing';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, fieldsOf, type Call } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { credentialFor, seedShare, withCredential } from './helpers/sharing.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const withoutIds = (locations: SharedLocation[]) =>
  locations.map(({ id: _id, entries, ...rest }) => ({
    ...rest,
    entries: entries.map(({ id: _entry, ...entry }) => entry),
  }));

describe.each(databaseKinds)('the share preview on $name', (kind) => {
  const t = useTestApp(kind);
  let anna: TestUser;
  let asAnna: Call;
  let spots: Location[];

  beforeAll(async () => {
    anna = await t.signUp();
    asAnna = apiClient(t.app, anna.auth);
    spots = [
      await seedLocation(t, anna, {
        name: 'Harbour gully',
        description: 'behind the shed',
        position: { lat: -33.951234567, lng: 151.213456789 },
      }),
      await seedLocation(t, anna, {
        name: 'Birch slope',
        position: { lat: 45.61234, lng: 13.98765 },
      }),
    ];
    await seedEntry(t, anna, spots[0]?.id ?? '', {
      date: '2026-08-15',
      species: ['chanterelle'],
      notes: 'left of the path',
    });
  });

  const body = (precision: string, dates: string) => ({
    locationIds: spots.map((spot) => spot.id),
    precision,
    dates,
    include: { finds: true },
  });

  it('answers what the viewer of such a share then receives, and makes nothing', async () => {
    const res = await asAnna('POST', '/shares/preview', body('cell02', 'month'));
    expect(res.statusCode).toBe(200);
    const preview = res.json<{ data: { locations: SharedLocation[] } }>().data.locations;
    expect(preview.map((spot) => spot.name)).toEqual(['Birch slope', 'Harbour gully']);
    expect(preview[1]).toMatchObject({
      area: {
        coordinates: [
          [
            [151.2, -34],
            [151.4, -34],
            [151.4, -33.8],
            [151.2, -33.8],
            [151.2, -34],
          ],
        ],
      },
      entries: [{ date: '2026-08', finds: [{ species: 'chanterelle' }] }],
    });
    expect(res.body).not.toContain('left of the path');
    expect(res.body).not.toContain('behind the shed');
    expect(res.body).not.toContain('151.213');
    for (const spot of spots) expect(res.body).not.toContain(spot.id);
    expect((await asAnna('GET', '/shares')).json()).toEqual({ data: [] });

    const { token } = await seedShare(t, anna, {
      ...body('cell02', 'month'),
      precision: 'cell02',
      dates: 'month',
    });
    const view = await withCredential(t, await credentialFor(t, token ?? ''), '/shared/link');
    const viewed = view.json<{ data: { locations: SharedLocation[] } }>().data.locations;
    expect(withoutIds(preview)).toEqual(withoutIds(viewed));
  });

  it("answers another user's spot with the 404 of a missing one, and a bad precision with 400", async () => {
    const ben = await t.signUp();
    const asBen = apiClient(t.app, ben.auth);
    expect((await asBen('POST', '/shares/preview', body('exact', 'day'))).statusCode).toBe(404);
    const bad = await asAnna('POST', '/shares/preview', body('street', 'day'));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['precision']);
  });
});
