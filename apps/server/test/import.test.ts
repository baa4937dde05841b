import { randomUUID } from 'node:crypto';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { Location } from '@fj/contract/locations';
import { parse as parseCsv } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { multipartBody } from './helpers/multipart.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { zipOf } from './helpers/zip-files.ts';

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

const point = (lng: number, lat: number, properties: Record<string, unknown>, id?: string) => ({
  type: 'Feature',
  ...(id ? { id } : {}),
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});
const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

/** A spot as compared across accounts: everything but its ids. */
const withoutIds = ({ id: _id, entries, ...spot }: Location) => ({
  ...spot,
  entries: entries.map(({ id: _e, locationId: _l, ...entry }) => entry),
});

describe.each(databaseKinds)('import on $name', (kind) => {
  const t = useTestApp(kind, { env: { IMPORT_MAX_MB: '1' } });
  let owner: TestUser;
  let exported: string;
  let exportedGpx: string;
  let exportedKml: string;
  let exportedCsv: string;
  let originals: Location[];

  beforeAll(async () => {
    owner = await t.signUp();
    const rich = await seedLocation(t, owner, {
      name: 'Ceps "big", <&> 🍄',
      description: 'North slope\nby the stream',
      area: patch,
      categories: ['mushrooms'],
      species: ['porcini'],
      terrainType: 'forest',
      treeTypes: ['oak'],
      favorite: true,
      access: { status: 'ask', note: 'Farmer' },
    });
    await seedEntry(t, owner, rich.id, {
      date: '2026-08-02',
      species: ['porcini'],
      abundance: 4,
      notes: 'three;\nunder "the" oak',
      weather: 'rain',
    });
    await seedEntry(t, owner, rich.id, { date: '2026-07-01' });
    // Finds with quantities and units (every format that carries entries keeps them), and a
    // visit that found nothing.
    await seedEntry(t, owner, rich.id, {
      date: '2026-08-20',
      finds: [
        { species: 'Porcini', quantity: 1.234, unit: 'kg' },
        { species: 'Chanterelle', quantity: 40, unit: 'count' },
        { species: 'Hedgehog; wood', quantity: 0.5, unit: 'l' },
        { species: 'Morel' },
      ],
    });
    await seedEntry(t, owner, rich.id, { date: '2026-08-25', nothingFound: true });
    await seedLocation(t, owner, { name: 'Bare', position: { lat: -33.9, lng: 151.2 } });
    originals = await list(owner);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/export?format=geojson',
      headers: owner.auth,
    });
    exported = res.body;
    exportedGpx = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/export?format=gpx',
        headers: owner.auth,
      })
    ).body;
    exportedCsv = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/export?format=csv',
        headers: owner.auth,
      })
    ).body;
    exportedKml = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/export?format=kml',
        headers: owner.auth,
      })
    ).body;
  });

  async function empty(who: TestUser): Promise<void> {
    for (const spot of await list(who)) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${spot.id}`,
        headers: who.auth,
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await list(who)).toEqual([]);
  }

  async function list(who: TestUser): Promise<Location[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth });
    const body = res.json<{ data: Location[] } | Location[]>();
    const spots = Array.isArray(body) ? body : body.data;
    return spots.sort((a, b) => a.name.localeCompare(b.name));
  }

  const send = (
    path: '/import' | '/import/preview',
    body: string | Buffer,
    who: TestUser | null,
    query = 'format=geojson',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${path}?${query}`,
      headers: { 'content-type': 'application/octet-stream', ...(who ? who.auth : {}) },
      payload: body,
    });

  it('round trip: the export imported into an emptied account gives back the same spots, ids, entries, patches and dates', async () => {
    // The account that exported, emptied, then given its file back.
    for (const spot of originals) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${spot.id}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await list(owner)).toEqual([]);
    const res = await send('/import', exported, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toEqual({
      created: { spots: 2, entries: 4 },
      duplicates: 0,
      problems: [],
    });
    expect(await list(owner)).toEqual(originals);
  });

  it('re-importing the same file skips every spot as a duplicate and writes nothing', async () => {
    const before = await list(owner);
    const preview = await send('/import/preview', exported, owner);
    expect(preview.json<ImportPreview>()).toEqual({
      create: { spots: 0, entries: 0 },
      spots: [],
      duplicates: 2,
      problems: [],
    });
    const res = await send('/import', exported, owner);
    expect(res.json<ImportResult>()).toMatchObject({
      created: { spots: 0, entries: 0 },
      duplicates: 2,
    });
    expect(await list(owner)).toEqual(before);
  });

  it('POST /import?preview=true answers the preview and writes nothing; another value of preview is 400', async () => {
    const user = await t.signUp();
    const res = await send('/import', exported, user, 'format=geojson&preview=true');
    expect(res.statusCode).toBe(200);
    // The spots it would create, by name with their entries: those of the exported journal.
    const exportedSpots = originals.map((spot) => ({
      name: spot.name,
      entries: spot.entries.length,
    }));
    const preview = res.json<ImportPreview>();
    expect(preview).toEqual({
      create: { spots: 2, entries: 4 },
      spots: expect.any(Array) as unknown,
      duplicates: 0,
      problems: [],
    });
    expect([...(preview.spots ?? [])].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      exportedSpots,
    );
    expect(await list(user)).toEqual([]);
    const upload = multipartBody([{ name: 'file', filename: 'spots.geojson', data: exported }]);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?preview=true',
      headers: { ...upload.headers, ...user.auth },
      payload: upload.payload,
    });
    expect(multipart.json<ImportPreview>().create).toEqual({ spots: 2, entries: 4 });
    expect(await list(user)).toEqual([]);
    const bad = await send('/import', exported, user, 'format=geojson&preview=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { 'querystring.preview': expect.any(String) } },
    });
    const written = await send('/import', exported, user, 'format=geojson&preview=false');
    expect(written.json<ImportResult>().created).toEqual({ spots: 2, entries: 4 });
  });

  it("another user's file: new ids for every spot and entry, the owner's spots untouched", async () => {
    const other = await t.signUp();
    const res = await send('/import', exported, other);
    expect(res.json<ImportResult>()).toMatchObject({ created: { spots: 2, entries: 4 } });
    const theirs = await list(other);
    expect(theirs.map(withoutIds)).toEqual(originals.map(withoutIds));
    const ownerIds = new Set(originals.flatMap((s) => [s.id, ...s.entries.map((e) => e.id)]));
    for (const spot of theirs) {
      expect(ownerIds.has(spot.id)).toBe(false);
      for (const entry of spot.entries) expect(ownerIds.has(entry.id)).toBe(false);
    }
    expect(await list(owner)).toEqual(originals);
  });

  it('GPX round trip: our fj:spot extension reads back the same spots, ids, entries, patches and dates', async () => {
    await empty(owner);
    const res = await send('/import', exportedGpx, owner, 'filename=spots.gpx');
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toEqual({
      created: { spots: 2, entries: 4 },
      duplicates: 0,
      problems: [],
    });
    expect(await list(owner)).toEqual(originals);
    const again = await send('/import/preview', exportedGpx, owner, 'format=gpx');
    expect(again.json<ImportPreview>()).toMatchObject({ create: { spots: 0 }, duplicates: 2 });
  });

  it('GPX: plain waypoints become spots (name, desc, time), their time an entry of that day; bad ones are problems with waypoint and line', async () => {
    const user = await t.signUp();
    const gpx = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">',
      '  <wpt lat="59.5" lon="18.25"><name>Birch &amp; moss</name><desc>by the lake</desc><time>2025-05-01T10:00:00Z</time></wpt>',
      '  <wpt lat="95" lon="18"><name>Too far north</name></wpt>',
      '  <wpt lat="59" lon="18"></wpt>',
      '  <trk><name>A walk</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk>',
      '</gpx>',
    ].join('\n');
    const res = await send('/import', gpx, user, 'format=gpx');
    expect(res.statusCode).toBe(200);
    const result = res.json<ImportResult>();
    expect(result.created).toEqual({ spots: 1, entries: 1 });
    expect(result.problems).toEqual([
      { at: 'waypoint 2 (line 4)', message: expect.stringMatching(/^position\.lat/) as string },
      { at: 'waypoint 3 (line 5)', message: expect.stringMatching(/^name/) as string },
    ]);
    const [spot] = await list(user);
    expect(spot).toMatchObject({
      name: 'Birch & moss',
      description: 'by the lake',
      position: { lat: 59.5, lng: 18.25 },
      createdAt: '2025-05-01T10:00:00Z',
    });
    expect(spot?.entries).toEqual([
      expect.objectContaining({ date: '2025-05-01', createdAt: '2025-05-01T10:00:00Z' }),
    ]);
  });

  it('a preview names the first 100 spots it would create, in file order, and counts the rest', async () => {
    const user = await t.signUp();
    const names = Array.from({ length: 102 }, (_, i) => `Spot ${i}`);
    const gpx = `<gpx>${names.map((name, i) => `<wpt lat="50" lon="${8 + i / 100}"><name>${name}</name></wpt>`).join('')}</gpx>`;
    const preview = (await send('/import/preview', gpx, user, 'format=gpx')).json<ImportPreview>();
    expect(preview.spots).toEqual(names.slice(0, 100).map((name) => ({ name, entries: 0 })));
    expect(preview.moreSpots).toBe(2);
  });

  it('GPX: a waypoint time late in the UTC day is an entry of that UTC day; none, no entry', async () => {
    const user = await t.signUp();
    const gpx = [
      '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">',
      '<wpt lat="60" lon="20"><name>Late</name><time>2024-09-30T23:30:00Z</time></wpt>',
      '<wpt lat="61" lon="21"><name>Timeless</name></wpt>',
      '</gpx>',
    ].join('');
    const preview = await send('/import/preview', gpx, user, 'format=gpx');
    expect(preview.json<ImportPreview>().create).toEqual({ spots: 2, entries: 1 });
    await send('/import', gpx, user, 'format=gpx');
    const byName = new Map((await list(user)).map((spot) => [spot.name, spot]));
    expect(byName.get('Late')?.entries.map((entry) => entry.date)).toEqual(['2024-09-30']);
    expect(byName.get('Timeless')?.entries).toEqual([]);
  });

  it('KML round trip: our ExtendedData reads back the same spots, ids, entries, patches and dates', async () => {
    await empty(owner);
    const res = await send('/import', exportedKml, owner, 'filename=spots.kml');
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toEqual({
      created: { spots: 2, entries: 4 },
      duplicates: 0,
      problems: [],
    });
    expect(await list(owner)).toEqual(originals);
  });

  it('KML: plain Placemarks (in Folders) become spots; one without geometry is a problem with its line', async () => {
    const user = await t.signUp();
    const kml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>',
      '<Placemark><name>Point spot</name><description>mossy</description><Point><coordinates>18.5,59.5,0</coordinates></Point></Placemark>',
      '<Placemark><name>Patch spot</name><Polygon><outerBoundaryIs><LinearRing><coordinates>18.06,59.33 18.07,59.33 18.07,59.34 18.06,59.33</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>',
      '<Placemark><name>Nowhere</name></Placemark>',
      '</Folder></Document></kml>',
    ].join('\n');
    const res = await send('/import', kml, user, 'format=kml');
    expect(res.statusCode).toBe(200);
    const result = res.json<ImportResult>();
    expect(result.created).toEqual({ spots: 2, entries: 0 });
    expect(result.problems).toEqual([
      { at: 'placemark 3 (line 5)', message: 'no Point or Polygon geometry' },
    ]);
    const spots = await list(user);
    expect(spots[0]).toMatchObject({ name: 'Patch spot', area: patch });
    expect(spots[1]).toMatchObject({
      name: 'Point spot',
      description: 'mossy',
      position: { lat: 59.5, lng: 18.5 },
    });
  });

  it('KMZ: the KML inside (doc.kml, images beside it) is read like a KML file', async () => {
    const user = await t.signUp();
    const kmz = await zipOf({ 'files/icon.png': Buffer.alloc(10), 'doc.kml': exportedKml });
    const res = await send('/import', kmz, user, 'filename=Spots.KMZ');
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toMatchObject({ created: { spots: 2, entries: 4 } });
    expect((await list(user)).map(withoutIds)).toEqual(originals.map(withoutIds));
  });

  it('CSV round trip: our columns read back the same spots, ids, entries, patches and dates', async () => {
    await empty(owner);
    const res = await send('/import', exportedCsv, owner, 'filename=spots.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toEqual({
      created: { spots: 2, entries: 4 },
      duplicates: 0,
      problems: [],
    });
    expect(await list(owner)).toEqual(originals);
  });

  it('CSV and iNaturalist exports quote cells a spreadsheet would run; the CSV import reads them back as they were', async () => {
    const writer = await t.signUp();
    const risky = await seedLocation(t, writer, {
      name: '=HYPERLINK("http://evil","x")',
      description: '-2+3',
      categories: ['@SUM(A1)'],
      species: ['+porcini'],
      position: { lat: -33.9, lng: -70.6 },
      access: { status: 'ask', note: "'=quoted already" },
    });
    await seedEntry(t, writer, risky.id, {
      date: '2026-08-02',
      species: ['=cmd|calc'],
      abundance: 2,
      notes: '\tindented @ start',
      weather: '-5 and snow',
    });
    const written = await list(writer);
    const get = async (format: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/export?format=${format}`,
          headers: writer.auth,
        })
      ).body;
    const csv = await get('csv');
    const [row] = parseCsv(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      location_name: `'=HYPERLINK("http://evil","x")`,
      description: "'-2+3",
      categories: "'@SUM(A1)",
      location_species: "'+porcini",
      access_note: "''=quoted already",
      entry_species: "'=cmd|calc",
      notes: "'\tindented @ start",
      weather: "'-5 and snow",
      // Numbers keep their sign: no formula, and a spreadsheet reads them as numbers.
      latitude: '-33.9',
      longitude: '-70.6',
      abundance: '2',
    });
    const [observation] = parseCsv(await get('inaturalist'), { columns: true }) as Record<
      string,
      string
    >[];
    expect(observation).toMatchObject({
      'Species guess': "'=cmd|calc",
      'Place name': `'=HYPERLINK("http://evil","x")`,
      Description: "'\tindented @ start",
      'Latitude / y coord / northing': '-33.9',
    });

    const reader = await t.signUp();
    const res = await send('/import', csv, reader, 'format=csv');
    expect(res.json<ImportResult>()).toMatchObject({ created: { spots: 1, entries: 1 } });
    expect((await list(reader)).map(withoutIds)).toEqual(written.map(withoutIds));
  });

  it('CSV with a column mapping: rows of one spot joined, entries read, problems at their line', async () => {
    const user = await t.signUp();
    const csv = [
      'Title,Lat,Lon,Visited,Found',
      'Oak wood,59.1,18.1,2025-09-01,porcini; ceps',
      'Oak wood,59.1,18.1,2025-09-08,',
      'No position,,,2025-09-01,',
      'Bad date,59.2,18.2,soon,',
    ].join('\r\n');
    const mapping = JSON.stringify({
      location_name: 'Title',
      latitude: 'Lat',
      longitude: 'Lon',
      entry_date: 'Visited',
      entry_species: 'Found',
    });
    const query = `format=csv&mapping=${encodeURIComponent(mapping)}`;
    const preview = await send('/import/preview', csv, user, query);
    expect(preview.statusCode).toBe(200);
    const answer = preview.json<ImportPreview>();
    expect(answer.create).toEqual({ spots: 1, entries: 2 });
    expect(answer.problems.map((p) => p.at)).toEqual(['line 4', 'line 5']);
    expect(answer.problems[0]?.message).toMatch(/^position\.lat/);
    expect(answer.problems[1]?.message).toMatch(/^entries\.0\.date/);
    await send('/import', csv, user, query);
    const [spot] = await list(user);
    expect(spot).toMatchObject({ name: 'Oak wood', position: { lat: 59.1, lng: 18.1 } });
    expect(spot?.entries.map((e) => [e.date, e.species])).toEqual([
      ['2025-09-08', []],
      ['2025-09-01', ['porcini', 'ceps']],
    ]);
  });

  it('the file as a multipart upload (format told by its name, mapping as a field) or as JSON', async () => {
    const user = await t.signUp();
    const csv = 'Title,Lat,Lon\r\nUploaded,58,17\r\n';
    const upload = multipartBody([
      {
        name: 'mapping',
        data: JSON.stringify({ location_name: 'Title', latitude: 'Lat', longitude: 'Lon' }),
      },
      { name: 'file', filename: 'mine.csv', contentType: 'text/csv', data: csv },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import',
      headers: { ...upload.headers, ...user.auth },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>().created).toEqual({ spots: 1, entries: 0 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import/preview?format=geojson',
      headers: { 'content-type': 'application/json', ...user.auth },
      payload: collection([point(1, 1, { name: 'As JSON' })]),
    });
    expect(json.json<ImportPreview>().create).toEqual({ spots: 1, entries: 0 });
    expect((await list(user)).map((s) => s.name)).toEqual(['Uploaded']);
  });

  it('preview counts new spots and entries, duplicates by name within 10 m, and problems by feature number; writes nothing', async () => {
    const user = await t.signUp();
    await seedLocation(t, user, { name: 'Chanterelle hill', position: { lat: 60, lng: 15 } });
    const file = collection([
      // 0.00005° of latitude is about 5.6 m: the same spot.
      point(15, 60.00005, { name: 'Chanterelle hill' }),
      // 0.0002° is about 22 m: another spot of the same name.
      point(15, 60.0002, { name: 'Chanterelle hill' }),
      point(16, 61, { title: 'Plain point' }),
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: patch.coordinates },
        properties: { name: 'A patch' },
      },
      point(16, 61, {}),
      point(200, 61, { name: 'Off the map' }),
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        },
        properties: { name: 'Line' },
      },
      point(16, 62, { name: 'Bad entry', entries: [{ date: 'yesterday' }] }),
    ]);
    const res = await send('/import/preview', file, user);
    expect(res.statusCode).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.create).toEqual({ spots: 3, entries: 0 });
    expect(preview.duplicates).toBe(1);
    expect(preview.problems.map((p) => p.at)).toEqual([
      'feature 5',
      'feature 6',
      'feature 7',
      'feature 8',
    ]);
    expect(preview.problems[0]?.message).toMatch(/^name/);
    expect(preview.problems[1]?.message).toMatch(/^position/);
    expect(preview.problems[2]?.message).toMatch(/geometry/);
    expect(preview.problems[3]?.message).toMatch(/^entries\.0\.date/);
    expect(await list(user)).toHaveLength(1);

    const imported = await send('/import', file, user);
    expect(imported.json<ImportResult>()).toMatchObject({ created: { spots: 3 }, duplicates: 1 });
    const spots = await list(user);
    expect(spots.map((s) => s.name)).toEqual([
      'A patch',
      'Chanterelle hill',
      'Chanterelle hill',
      'Plain point',
    ]);
    const patchSpot = spots[0];
    expect(patchSpot?.area).toEqual(patch);
    // A polygon alone is put at its corners' mean.
    expect(patchSpot?.position.lat).toBeCloseTo((59.33 + 59.33 + 59.34) / 3, 6);
  });

  it('a file of more names than one query takes (600 spots) is found again as duplicates, no ids needed', async () => {
    const user = await t.signUp();
    const file = collection(
      Array.from({ length: 600 }, (_, i) => point(10 + i / 100, 50, { name: `Spot ${i}` })),
    );
    const first = await send('/import', file, user);
    expect(first.json<ImportResult>()).toMatchObject({ created: { spots: 600 }, duplicates: 0 });
    const again = await send('/import/preview', file, user);
    expect(again.json<ImportPreview>()).toMatchObject({ create: { spots: 0 }, duplicates: 600 });
  });

  it('the same id twice in one file is created once', async () => {
    const user = await t.signUp();
    const id = randomUUID();
    const res = await send(
      '/import',
      collection([point(1, 1, { name: 'Once' }, id), point(2, 2, { name: 'Twice' }, id)]),
      user,
    );
    expect(res.json<ImportResult>()).toMatchObject({ created: { spots: 1 }, duplicates: 1 });
    expect((await list(user)).map((s) => s.id)).toEqual([id]);
  });

  describe('hostile or broken files: a 4xx naming the problem, nothing written', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await t.signUp();
    });

    it.each([
      ['not JSON', '{"type":', /not valid JSON/],
      ['not GeoJSON', '{"type":"Topology"}', /FeatureCollection/],
      ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /UTF-8/],
    ])('%s → 400', async (_name, body, message) => {
      const res = await send('/import', body, user);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
      expect(await list(user)).toEqual([]);
    });

    it('XML with a DOCTYPE (billion laughs) → 400 before parsing', async () => {
      const laughs = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE gpx [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
        '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="1"><name>&b;</name></wpt></gpx>',
      ].join('\n');
      const res = await send('/import', laughs, user, 'format=gpx');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(/DOCTYPE/);
      expect(await list(user)).toEqual([]);
    });

    it.each([
      ['not well-formed XML', '<gpx><wpt lat="1" lon="1"></gpx>', /not well-formed XML/],
      ['XML that is not GPX', '<kml xmlns="http://www.opengis.net/kml/2.2"/>', /not GPX/],
    ])('%s → 400', async (_name, body, message) => {
      const res = await send('/import', body, user, 'format=gpx');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
    });

    it('KMZ zip bomb: a tiny ZIP whose KML inflates to 24 MB → 413 naming the inflated size, at once, nothing written', async () => {
      // 24 MB of placemarks compress to well under 100 kB: the upload is small, its content not.
      const placemark = '<Placemark><Point><coordinates>10,50</coordinates></Point></Placemark>\n';
      const kml = `<kml>${placemark.repeat(Math.ceil((24 * 1024 * 1024) / placemark.length))}</kml>`;
      const bomb = await zipOf({ 'doc.kml': kml });
      expect(bomb.length).toBeLessThan(100 * 1024);
      const started = performance.now();
      const res = await send('/import', bomb, user, 'format=kmz');
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/inflates past 1 MB/) },
      });
      expect(await list(user)).toEqual([]);
    });

    it('KMZ with too many entries, without a KML, or not a ZIP → 400', async () => {
      const files = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`f${i}.txt`, 'x']));
      const many = await send('/import', await zipOf(files), user, 'format=kmz');
      expect(many.statusCode).toBe(400);
      expect(many.json<{ error: { message: string } }>().error.message).toMatch(/1001 entries/);
      const noKml = await send('/import', await zipOf({ 'a.txt': 'x' }), user, 'format=kmz');
      expect(noKml.json<{ error: { message: string } }>().error.message).toMatch(/no \.kml/);
      const notZip = await send('/import', 'plain text', user, 'format=kmz');
      expect(notZip.statusCode).toBe(400);
      expect(notZip.json<{ error: { message: string } }>().error.message).toMatch(/not a KMZ/);
    });

    it.each([
      ['broken CSV quoting', 'location_name,latitude\n"open,1', '', /not readable CSV/],
      ['a mapping that is not JSON', 'a,b\n1,2', '&mapping=%7Bnope', /mapping: not JSON/],
      [
        'a mapping to an unknown column',
        'a,b\n1,2',
        `&mapping=${encodeURIComponent('{"size":"a"}')}`,
        /size is not one of our columns/,
      ],
    ])('CSV: %s → 400', async (_name, body, extra, message) => {
      const res = await send('/import', body, user, `format=csv${extra}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
      expect(await list(user)).toEqual([]);
    });

    it('no format and no telling file name → 400; a .geojson file name is enough', async () => {
      const none = await send('/import/preview', collection([]), user, '');
      expect(none.statusCode).toBe(400);
      expect(none.json<{ error: { message: string } }>().error.message).toMatch(/format/);
      const named = await send('/import/preview', collection([]), user, 'filename=spots.geojson');
      expect(named.statusCode).toBe(200);
    });

    it('past IMPORT_MAX_MB → 413', async () => {
      const big = collection([
        point(1, 1, { name: 'x'.repeat(80), description: 'y'.repeat(1_100_000) }),
      ]);
      const res = await send('/import', big, user);
      expect(res.statusCode).toBe(413);
      expect(await list(user)).toEqual([]);
    });

    it('more features than the cap → 400', async () => {
      const many = collection(
        Array.from({ length: 10_001 }, (_, i) => ({
          type: 'Feature',
          geometry: null,
          properties: { i },
        })),
      );
      const res = await send('/import', many, user);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(
        /more than 10000 features/,
      );
      expect(await list(user)).toEqual([]);
    });

    it('without a session → 401', async () => {
      const res = await send('/import', collection([]), null);
      expect(res.statusCode).toBe(401);
    });
  });
});

describe.each(databaseKinds)('import past the quota on $name', (kind) => {
  const t = useTestApp(kind, { env: { QUOTA_LOCATIONS_PER_USER: '2' } });

  it('an import that would pass QUOTA_LOCATIONS_PER_USER is refused whole (403), nothing written', async () => {
    const user = await t.signUp();
    await seedLocation(t, user, { name: 'Already here' });
    const file = collection([point(1, 1, { name: 'One' }), point(2, 2, { name: 'Two' })]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?format=geojson',
      headers: { 'content-type': 'application/geo+json', ...user.auth },
      payload: file,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('QUOTA_EXCEEDED');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: user.auth,
    });
    const body = listed.json<{ data: Location[] } | Location[]>();
    expect((Array.isArray(body) ? body : body.data).map((s) => s.name)).toEqual(['Already here']);
  });
});
