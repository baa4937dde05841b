import { randomUUID } from 'node:crypto';
import type { Location } from '@fj/contract/locations';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createExportService } from '../src/modules/export/service.ts';
import { createUrlSigner } from '../src/storage/url-signer.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const oddName = 'Ceps "big", <&> 🍄';
const oddNotes = 'Found 3, under "the" oak;\nsecond line <b>&amp;</b> 🍄\r\nthird';
const patch: { type: 'Polygon'; coordinates: [number, number][][] } = {
  type: 'Polygon',
  coordinates: [
    [
      [18.06, 59.33],
      [18.07, 59.33],
      [18.07, 59.34],
      [18.06, 59.33],
    ],
  ],
};

/** The spot as an export carries it: the API's location, its photos without signed URLs. */
const exported = (location: Location) => ({
  ...location,
  entries: location.entries.map((entry) => ({
    ...entry,
    photos: entry.photos.map(({ url: _u, thumbnailUrl: _t, ...photo }) => photo),
  })),
});

/** A real XML parser that refuses anything not well-formed. */
function parseXml(body: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(body, 'text/xml');
}

const all = (node: Element | null | undefined, name: string): Element[] =>
  node ? Array.from(node.getElementsByTagName(name)) : [];
const textOf = (node: Element | null | undefined, name: string): string | undefined =>
  all(node, name)[0]?.textContent ?? undefined;

describe.each(databaseKinds)('export on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;
  /** A spot with a patch, two entries (one with a photo) and odd characters everywhere. */
  let rich: Location;
  /** A spot with nothing but a name and a position. */
  let bare: Location;
  let othersSpot: Location;

  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
    const photo = await seedPhoto(t, user);
    const spot = await seedLocation(t, user, {
      name: oddName,
      description: 'North slope, "mossy"\nby the stream',
      area: patch,
      categories: ['mushrooms', 'berries'],
      species: ['porcini'],
      terrainType: 'forest',
      treeTypes: ['oak'],
      favorite: true,
      access: { status: 'ask', note: 'Farmer, at the gate' },
    });
    await seedEntry(t, user, spot.id, {
      date: '2026-08-02',
      finds: [
        { species: 'porcini', quantity: 1.25, unit: 'kg' },
        { species: 'chanterelle', quantity: 30, unit: 'count' },
      ],
      abundance: 4,
      notes: oddNotes,
      weather: 'rain, then sun',
      photos: [{ filePath: photo.filePath }],
    });
    rich = (await seedEntry(t, user, spot.id, { date: '2026-07-01', species: ['porcini'] }))
      .location;
    bare = await seedLocation(t, user, {
      name: 'Bare, spot',
      position: { lat: -33.9, lng: 151.2 },
    });
    othersSpot = await seedLocation(t, other, { name: 'Not yours' });
  });

  const get = (query: string, who: TestUser | null = user) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/export?${query}`,
      headers: who ? who.auth : {},
    });

  it('GeoJSON: a Feature per spot, a patch as a GeometryCollection, every field and entry in properties', async () => {
    const res = await get('format=geojson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="foraging-journal-${day}.geojson"`,
    );
    const collection = JSON.parse(res.body) as {
      type: string;
      features: { id: string; geometry: unknown; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => f.id).sort()).toEqual([rich.id, bare.id].sort());
    const richFeature = collection.features.find((f) => f.id === rich.id);
    expect(richFeature?.geometry).toEqual({
      type: 'GeometryCollection',
      geometries: [{ type: 'Point', coordinates: [rich.position.lng, rich.position.lat] }, patch],
    });
    const properties: Partial<ReturnType<typeof exported>> = exported(rich);
    delete properties.position;
    delete properties.area;
    // Entries oldest first in a file (the API answers newest first).
    expect(richFeature?.properties).toEqual({
      ...properties,
      entries: properties.entries?.reverse(),
    });
    const bareFeature = collection.features.find((f) => f.id === bare.id);
    expect(bareFeature?.geometry).toEqual({ type: 'Point', coordinates: [151.2, -33.9] });
    expect(bareFeature?.properties).toMatchObject({ name: 'Bare, spot', entries: [] });
  });

  it('GPX 1.1: well-formed, a waypoint per spot with the entries in desc and whole in fj:spot, a patch as a closed track', async () => {
    const res = await get('format=gpx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /filename="foraging-journal-[\d-]{10}\.gpx"/,
    );
    const gpx = parseXml(res.body).documentElement;
    expect(gpx?.namespaceURI).toBe('http://www.topografix.com/GPX/1/1');
    expect(gpx?.getAttribute('version')).toBe('1.1');
    expect(gpx?.lookupNamespaceURI('fj')).toBe('https://foragingjournal.org/gpx/1');
    const waypoints = all(gpx, 'wpt');
    expect(waypoints).toHaveLength(2);
    const richPoint = waypoints.find((w) => all(w, 'fj:spot')[0]?.getAttribute('id') === rich.id);
    expect(textOf(richPoint, 'name')).toBe(oddName);
    expect([richPoint?.getAttribute('lat'), richPoint?.getAttribute('lon')]).toEqual([
      '59.33',
      '18.07',
    ]);
    expect(textOf(richPoint, 'desc')).toContain(
      '2026-08-02; porcini 1.25 kg, chanterelle 30; abundance 4/5',
    );
    expect(textOf(richPoint, 'desc')).toContain('second line <b>&amp;</b> 🍄');
    // The extension carries the spot losslessly, \r included (XML would turn it into \n).
    const spot = JSON.parse(textOf(richPoint, 'fj:spot') ?? '{}') as Location;
    const whole = exported(rich);
    expect(spot).toEqual({ ...whole, entries: whole.entries.reverse() });
    expect(spot.entries[1]?.notes).toBe(oddNotes);
    const tracks = all(gpx, 'trk');
    expect(tracks).toHaveLength(1);
    expect(textOf(tracks[0], 'fj:patchOf')).toBe(rich.id);
    const points = all(tracks[0], 'trkpt').map((p) => [
      Number(p.getAttribute('lon')),
      Number(p.getAttribute('lat')),
    ]);
    expect(points).toEqual(patch.coordinates[0]);
    expect(points[0]).toEqual(points.at(-1));
    // Every waypoint before the first track, as GPX 1.1's schema orders them.
    expect(res.body.lastIndexOf('<wpt')).toBeLessThan(res.body.indexOf('<trk'));
  });

  it('KML 2.2: a Placemark per spot, Point and Polygon in a MultiGeometry, fields in ExtendedData', async () => {
    const res = await get('format=kml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    const kml = parseXml(res.body).documentElement;
    expect(kml?.namespaceURI).toBe('http://www.opengis.net/kml/2.2');
    const placemarks = all(kml, 'Placemark');
    expect(placemarks.map((p) => textOf(p, 'name')).sort()).toEqual([bare.name, oddName].sort());
    const richMark = placemarks.find((p) => textOf(p, 'name') === oddName);
    const multi = all(richMark, 'MultiGeometry')[0];
    expect(textOf(all(multi, 'Point')[0], 'coordinates')).toBe('18.07,59.33');
    expect(textOf(all(multi, 'outerBoundaryIs')[0], 'coordinates')).toBe(
      patch.coordinates[0]?.map(([lng, lat]) => `${lng},${lat}`).join(' '),
    );
    const data = Object.fromEntries(
      all(richMark, 'Data').map((d) => [d.getAttribute('name'), textOf(d, 'value')]),
    );
    expect(data.id).toBe(rich.id);
    expect(data.description).toBe('North slope, "mossy"\nby the stream');
    expect(JSON.parse(data.access ?? 'null')).toEqual({
      status: 'ask',
      note: 'Farmer, at the gate',
    });
    const entries = JSON.parse(data.entries ?? '[]') as Location['entries'];
    expect(entries).toEqual(exported(rich).entries.reverse());
    const bareMark = placemarks.find((p) => textOf(p, 'name') === bare.name);
    expect(textOf(all(bareMark, 'Point')[0], 'coordinates')).toBe('151.2,-33.9');
    expect(all(bareMark, 'MultiGeometry')).toHaveLength(0);
  });

  it('CSV: a header, a row per find (one for an entry without finds) and one per spot without entries, RFC 4180 quoting', async () => {
    const res = await get('format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toMatch(
      /filename="foraging-journal-[\d-]{10}\.csv"/,
    );
    expect(res.body.split('\r\n')[0]).toMatch(/^location_id,location_name,description,/);
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    const entries = rows.filter((row) => row.location_id === rich.id);
    expect(entries.map((row) => row.entry_date)).toEqual([
      '2026-07-01',
      '2026-08-02',
      '2026-08-02',
    ]);
    expect(entries.map((row) => [row.entry_species, row.quantity, row.unit])).toEqual([
      ['porcini', '', ''],
      ['porcini', '1.25', 'kg'],
      ['chanterelle', '30', 'count'],
    ]);
    expect(entries[2]?.entry_id).toBe(entries[1]?.entry_id);
    expect(entries[1]).toMatchObject({
      location_name: oddName,
      latitude: '59.33',
      favorite: 'true',
      categories: 'mushrooms; berries',
      access_note: 'Farmer, at the gate',
      abundance: '4',
      weather: 'rain, then sun',
      notes: oddNotes,
    });
    expect(entries[1]?.photos).toMatch(/\.(jpe?g|webp)$/);
    expect(JSON.parse(entries[0]?.patch_geojson ?? 'null')).toEqual(patch);
    const bareRow = rows.find((row) => row.location_id === bare.id);
    expect(bareRow).toMatchObject({ location_name: 'Bare, spot', entry_id: '', notes: '' });
  });

  it('iNaturalist CSV: its upload columns, a row per species of an entry, Geoprivacy obscured unless asked', async () => {
    const res = await get('format=inaturalist');
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Species guess',
      'Date',
      'Description',
      'Place name',
      'Latitude / y coord / northing',
      'Longitude / x coord / easting',
      'Tags',
      'Geoprivacy',
    ]);
    expect(rows.map((row) => [row['Species guess'], row.Date])).toEqual([
      ['porcini', '2026-07-01'],
      ['porcini', '2026-08-02'],
      ['chanterelle', '2026-08-02'],
    ]);
    expect(rows[1]?.Description).toBe(`Quantity: 1.25 kg\n${oddNotes}`);
    expect(rows[2]).toMatchObject({
      Description: `Quantity: 30\n${oddNotes}`,
      'Place name': oddName,
      'Latitude / y coord / northing': '59.33',
      Tags: 'mushrooms, berries',
      Geoprivacy: 'obscured',
    });
    const open = parseCsv((await get('format=inaturalist&geoprivacy=open')).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(new Set(open.map((row) => row.Geoprivacy))).toEqual(new Set(['open']));
  });

  it('ids= exports only those spots; ids of another user are skipped, and only theirs is a 404', async () => {
    const one = JSON.parse((await get(`format=geojson&ids=${bare.id}`)).body) as {
      features: { id: string }[];
    };
    expect(one.features.map((f) => f.id)).toEqual([bare.id]);
    const mixed = await get(`format=csv&ids=${rich.id},${othersSpot.id},${randomUUID()}`);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.body).not.toContain('Not yours');
    expect(
      new Set(
        (parseCsv(mixed.body, { columns: true }) as { location_id: string }[]).map(
          (r) => r.location_id,
        ),
      ),
    ).toEqual(new Set([rich.id]));
    const theirs = await get(`format=gpx&ids=${othersSpot.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it("never writes another user's spots", async () => {
    for (const format of ['geojson', 'gpx', 'kml', 'csv']) {
      const res = await get(`format=${format}`);
      expect(res.body).toContain('Bare, spot');
      expect(res.body).not.toContain('Not yours');
      expect(res.body).not.toContain(othersSpot.id);
    }
    const theirs = await get('format=geojson', other);
    expect(JSON.parse(theirs.body)).toMatchObject({ features: [{ id: othersSpot.id }] });
  });

  it('refuses a bad format or geoprivacy with a 400 naming it, and asks for a sign-in first', async () => {
    const bad = await get('format=shapefile');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { 'querystring.format': expect.any(String) } },
    });
    const missing = await get('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { fields: { 'querystring.format': expect.any(String) } },
    });
    const privacy = await get('format=inaturalist&geoprivacy=public');
    expect(privacy.json()).toMatchObject({
      error: { fields: { 'querystring.geoprivacy': expect.any(String) } },
    });
    const tooMany = await get(
      `format=csv&ids=${Array.from({ length: 301 }, () => randomUUID()).join(',')}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await get('format=geojson', null)).statusCode).toBe(401);
  });

  it('reads the spots a page at a time and writes each once, in id order', async () => {
    const pager = await t.signUp();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await seedLocation(t, pager, { name: `Spot ${i}` }));
    const service = createExportService({
      db: t.app.db,
      signer: createUrlSigner('test'),
      pageSize: 2,
    });
    const file = await service.open(pager.id, { format: 'geojson', geoprivacy: 'obscured' });
    let text = '';
    for await (const chunk of file.body) text += String(chunk);
    const ids = (JSON.parse(text) as { features: { id: string }[] }).features.map((f) => f.id);
    expect(ids).toEqual(made.map((spot) => spot.id).sort());
  });

  it("reads a page's entries a page at a time too: every spot whole, once, its entries oldest first", async () => {
    const many = await t.signUp();
    const counts = [0, 7, 1, 4, 0, 3];
    const made: { id: string; dates: string[] }[] = [];
    for (const [i, count] of counts.entries()) {
      const spot = await seedLocation(t, many, { name: `Spot ${i}` });
      const dates = Array.from({ length: count }, (_, day) => `2026-05-${String(28 - day)}`);
      for (const date of dates) await seedEntry(t, many, spot.id, { date });
      made.push({ id: spot.id, dates: dates.reverse() });
    }
    const service = createExportService({
      db: t.app.db,
      signer: createUrlSigner('test'),
      pageSize: 4,
      entryPageSize: 3,
    });
    const file = await service.open(many.id, { format: 'geojson', geoprivacy: 'obscured' });
    let text = '';
    for await (const chunk of file.body) text += String(chunk);
    const features = (
      JSON.parse(text) as {
        features: { id: string; properties: { entries: { date: string }[] } }[];
      }
    ).features.map((f) => ({ id: f.id, dates: f.properties.entries.map((e) => e.date) }));
    expect(features).toEqual(made.sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  it('writes an empty account as an empty but valid file in every format', async () => {
    const empty = await t.signUp();
    expect(JSON.parse((await get('format=geojson', empty)).body)).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
    for (const format of ['gpx', 'kml']) parseXml((await get(`format=${format}`, empty)).body);
    expect((await get('format=csv', empty)).body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});
