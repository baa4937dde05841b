// The leak suite: every precision × date precision, shared by link and by e-mail, crawled
// through every route a share credential or a grantee reaches; nothing finer than the share may
// come back (helpers/leak-check.ts says what is looked for). The counts print at the end.
import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import { shareDatePrecisions, sharePrecisions, type SharedLocation } from '@fj/contract/sharing';
import exifr from 'exifr';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg, writtenGps } from './helpers/images.ts';
import {
  checkHeaders,
  checkJson,
  checkPhoto,
  LeakLedger,
  type Policy,
  type Secrets,
} from './helpers/leak-check.ts';
import { uploadedPhoto } from './helpers/photos.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { grantIdsOf, openSession, seedShare } from './helpers/sharing.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Spots near cell edges, at negative latitudes and longitudes; none on a grid line. */
const places = [
  { name: 'Harbour gully', lat: -33.951234567, lng: 151.213456789 },
  { name: 'Edge meadow', lat: 45.6000049, lng: -122.3999951 },
  { name: 'Ridge birches', lat: 61.987654, lng: 25.010203 },
];
const fileName = 'IMG_secret_4711.jpg';
const description = 'behind the red barn';
const accessNote = 'ask Marta at the farm';
const entryDates = ['2025-08-17', '2025-09-03'];

/** A patch of five vertices around the point, each a few metres off any grid line. */
function patchAround(lat: number, lng: number) {
  const ring: [number, number][] = [
    [lng - 0.000321, lat - 0.000213],
    [lng + 0.000437, lat - 0.000219],
    [lng + 0.000441, lat + 0.000377],
    [lng - 0.000313, lat + 0.000383],
  ];
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon' as const, coordinates: [ring] };
}

const ledgers: LeakLedger[] = [];
let revokedSessions = 0;

describe.each(databaseKinds)('nothing leaks from a share on $name', (kind) => {
  const t = useTestApp(kind);
  const ledger = new LeakLedger();
  ledgers.push(ledger);
  let anna: TestUser;
  let ben: TestUser;
  const secrets: Secrets = { spots: [], realIds: [], neverShown: [], dates: entryDates };
  const spots: Location[] = [];
  const asAnna = (method: 'DELETE', url: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: anna.auth });

  beforeAll(async () => {
    anna = await t.signUp();
    ben = await t.signUp();
    for (const place of places) {
      const area = patchAround(place.lat, place.lng);
      const spot = await seedLocation(t, anna, {
        name: place.name,
        description,
        position: { lat: place.lat, lng: place.lng },
        area,
        access: { status: 'ask', note: accessNote },
      });
      const photos: PhotoEntry[] = [];
      for (let i = 0; i < 2; i += 1)
        photos.push(
          await uploadedPhoto(t, anna, await makeJpeg({ width: 300, height: 200, gps: true }), {
            filename: fileName,
          }),
        );
      for (const [i, date] of entryDates.entries()) {
        const { location } = await seedEntry(t, anna, spot.id, {
          date,
          species: ['chanterelle', 'hedgehog'],
          notes: 'under the birches, left of the path',
          photos: [{ filePath: photos[i]?.filePath ?? '' }],
        });
        spots.push(location);
      }
      secrets.spots.push({
        lat: place.lat,
        lng: place.lng,
        vertices: area.coordinates[0]?.flat() ?? [],
      });
    }
    const finished = spots.filter((spot) => spot.entries.length === entryDates.length);
    for (const spot of finished) {
      secrets.realIds.push(spot.id);
      secrets.neverShown.push(spot.createdAt, spot.updatedAt);
      for (const entry of spot.entries) {
        secrets.realIds.push(entry.id);
        secrets.neverShown.push(entry.createdAt);
        for (const photo of entry.photos)
          secrets.realIds.push(
            photo.filePath,
            photo.filePath.split('/')[1]?.replace('.webp', '') ?? '',
          );
      }
    }
    secrets.realIds.push(anna.id);
    secrets.neverShown.push(fileName, 'IMG_secret', '.jpg', description, accessNote, anna.email);
    spots.splice(0, spots.length, ...finished);
  });

  it('uploads photos whose GPS a real EXIF reader reads (the control for the photo checks)', async () => {
    const gps = await exifr.gps(await makeJpeg({ width: 300, height: 200, gps: true }));
    expect(gps?.latitude).toBeCloseTo(writtenGps.latitude, 2);
    expect(spots).toHaveLength(places.length);
  });

  const json = (ledgerRoute: string, policy: Policy, res: LightMyRequestResponse) => {
    ledger.check(res.statusCode < 300, ledgerRoute, policy, `answered ${res.statusCode}`);
    checkHeaders(ledger, ledgerRoute, policy, res.headers, secrets);
    checkJson(ledger, ledgerRoute, policy, res.body, secrets);
  };

  /** The invitation mail names the owner and a count: no spot, no number near one, nothing real. */
  const checkMail = (policy: Policy, text: string) => {
    const route = 'invitation mail';
    ledger.check(text.includes('/invitation#'), route, policy, 'the mail holds its link');
    for (const place of places)
      ledger.check(!text.includes(place.name), route, policy, `no spot name ${place.name}`);
    const words = text.replace(/\S*\/invitation#\S*/g, '');
    ledger.check(!/\d\.\d/.test(words), route, policy, 'no decimal number (no place)');
    for (const secret of [...secrets.realIds, ...secrets.neverShown])
      ledger.check(!text.includes(secret), route, policy, `never shown: ${secret}`);
  };

  const photoIdsOf = (locations: SharedLocation[]) =>
    locations.flatMap((l) => l.entries.flatMap((e) => (e.photos ?? []).map((p) => p.id)));

  describe.each(sharePrecisions)('at %s', (precision) => {
    it.each(shareDatePrecisions)('by %s: link and grantee routes', async (dates) => {
      const policy = { precision, dates };
      const input = {
        locationIds: spots.map((spot) => spot.id),
        precision,
        dates,
        include: { finds: true, notes: true, photos: true },
      };
      const link = await seedShare(t, anna, input);
      const byMail = await seedShare(t, anna, { ...input, audience: { email: ben.email } });
      secrets.realIds.push(link.id, byMail.id);

      const session = await openSession(t, link.token ?? '');
      json('POST /share-sessions', policy, session);
      const credential = session.json<{ data: { credential: string } }>().data.credential;
      const auth = { authorization: `Bearer ${credential}` };
      const view = await t.app.inject({ method: 'GET', url: '/api/v1/shared/link', headers: auth });
      json('GET /shared/link', policy, view);
      const linked = view.json<{ data: { locations: SharedLocation[] } }>().data.locations;
      expect(linked).toHaveLength(places.length);
      for (const photoId of photoIdsOf(linked)) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/shared/link/photos/${photoId}`,
          headers: auth,
        });
        ledger.check(res.statusCode === 200, 'GET /shared/link/photos/:id', policy, 'photo served');
        checkHeaders(ledger, 'GET /shared/link/photos/:id', policy, res.headers, secrets);
        await checkPhoto(
          ledger,
          'GET /shared/link/photos/:id',
          policy,
          res.rawPayload,
          res.headers,
          secrets,
        );
      }

      const {
        grantId,
        token,
        text: mail,
      } = byMail.invitation ?? { grantId: '', token: '', text: '' };
      checkMail(policy, mail);
      const pending = await t.app.inject({
        method: 'GET',
        url: '/api/v1/shared',
        headers: ben.auth,
      });
      json('GET /shared', policy, pending);
      const accept = await t.app.inject({
        method: 'POST',
        url: `/api/v1/shared/${grantId}/accept`,
        headers: ben.auth,
        payload: { token },
      });
      ledger.check(accept.statusCode === 204, 'POST /shared/:id/accept', policy, 'accepted');
      checkHeaders(ledger, 'POST /shared/:id/accept', policy, accept.headers, secrets);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/v1/shared',
        headers: ben.auth,
      });
      json('GET /shared', policy, listed);
      const grant = listed
        .json<{ data: { id: string; locations?: SharedLocation[] }[] }>()
        .data.find((g) => g.id === grantId);
      expect(grant?.locations).toHaveLength(places.length);
      for (const photoId of photoIdsOf(grant?.locations ?? [])) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/shared/${grantId}/photos/${photoId}`,
          headers: ben.auth,
        });
        ledger.check(res.statusCode === 200, 'GET /shared/:id/photos/:id', policy, 'photo served');
        checkHeaders(ledger, 'GET /shared/:id/photos/:id', policy, res.headers, secrets);
        await checkPhoto(
          ledger,
          'GET /shared/:id/photos/:id',
          policy,
          res.rawPayload,
          res.headers,
          secrets,
        );
      }
      // Revoked, both answer 404 everywhere, and the grantee's list holds this share no more.
      for (const share of [link, byMail])
        expect((await asAnna('DELETE', `/shares/${share.id}`)).statusCode).toBe(204);
      const afterRevoke = [
        t.app.inject({ method: 'GET', url: '/api/v1/shared/link', headers: auth }),
        ...photoIdsOf(linked).map((id) =>
          t.app.inject({ method: 'GET', url: `/api/v1/shared/link/photos/${id}`, headers: auth }),
        ),
        ...photoIdsOf(grant?.locations ?? []).map((id) =>
          t.app.inject({
            method: 'GET',
            url: `/api/v1/shared/${grantId}/photos/${id}`,
            headers: ben.auth,
          }),
        ),
        // From an address of its own: a revoked token counts as a wrong one.
        openSession(t, link.token ?? '', `192.0.2.${++revokedSessions}`),
      ];
      for (const res of await Promise.all(afterRevoke))
        ledger.check(res.statusCode === 404, 'after DELETE, every route', policy, 'answers 404');
      ledger.check(
        !(await grantIdsOf(t, ben)).includes(grantId),
        'after DELETE, every route',
        policy,
        'GET /shared holds it no more',
      );
    });
  });

  it("keeps every shared spot out of the grantee's own list, sync and exports", async () => {
    const own: Policy = { precision: 'hidden', dates: 'year' };
    const routes = [
      '/locations',
      '/sync',
      ...['geojson', 'gpx', 'kml', 'csv', 'inaturalist'].map((f) => `/export?format=${f}`),
    ];
    for (const url of routes) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: ben.auth });
      ledger.check(
        res.statusCode === 200,
        `GET ${url} (grantee)`,
        'own',
        `answered ${res.statusCode}`,
      );
      for (const id of secrets.realIds)
        ledger.check(!res.body.includes(id), `GET ${url} (grantee)`, 'own', `holds ${id}`);
      for (const place of places) {
        ledger.check(!res.body.includes(place.name), `GET ${url} (grantee)`, 'own', place.name);
        ledger.check(
          !res.body.includes(String(place.lat).slice(0, 6)),
          `GET ${url} (grantee)`,
          'own',
          'a latitude',
        );
      }
      void own;
    }
  });
});

afterAll(() => {
  for (const [i, ledger] of ledgers.entries())
    if (ledger.total > 0) console.log(`[${databaseKinds[i]?.name}] ${ledger.report()}`);
});
