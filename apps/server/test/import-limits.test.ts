import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportPreview } from '@fj/contract/import';
import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { importLimits, importSlots } from '../src/modules/import/limits.ts';
import { databaseKinds, sqlite } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { zipOf } from './helpers/zip-files.ts';

const point = (i: number, properties: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [10 + i / 1000, 50] },
  properties,
});
const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
const errorOf = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string } }).error;

// Every limit of docs/files.md#import, counted while the file streams (IMPORT_MAX_MB at its
// default of 20).
describe.each(databaseKinds)('import limits on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
  });

  const send = (body: string | Buffer, query: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/import?${query}`,
      headers: { 'content-type': 'application/octet-stream', ...user.auth },
      payload: body,
    });

  async function spotCount(): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth });
    const body = res.json<{ data: Location[] } | Location[]>();
    return (Array.isArray(body) ? body : body.data).length;
  }

  it('a 20 MB KML in a KMZ of a few tens of kB stops at the inflation ratio (413) within a second, nothing written', async () => {
    const placemark = '<Placemark><Point><coordinates>10,50</coordinates></Point></Placemark>\n';
    const kml = `<kml>${placemark.repeat(Math.floor((19.5 * 1024 * 1024) / placemark.length))}</kml>`;
    const bomb = await zipOf({ 'doc.kml': kml });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    const res = await send(bomb, 'format=kmz');
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.body).message).toMatch(
      new RegExp(`more than ${importLimits.kmzRatio} times its compressed size`),
    );
    expect(await spotCount()).toBe(0);
  });

  it('deeply nested GeoJSON → 400 naming the depth limit, not a 500', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const inGeometry = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"x"},"geometry":{"type":"GeometryCollection","geometries":${deep}}}]}`;
    for (const body of [deep, inGeometry]) {
      const res = await send(body, 'format=geojson');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).message).toMatch(
        new RegExp(`deeper than ${importLimits.depth} levels`),
      );
    }
    // GeometryCollections nested 40 deep: within the limit, read (shapeOf recurses).
    let geometry: unknown = { type: 'Point', coordinates: [10, 50] };
    for (let i = 0; i < 25; i += 1)
      geometry = { type: 'GeometryCollection', geometries: [geometry] };
    const nested = collection([{ type: 'Feature', geometry, properties: { name: 'Deep' } }]);
    const ok = await send(nested, 'format=geojson&preview=true');
    expect(ok.json<ImportPreview>().create).toEqual({ spots: 1, entries: 0 });
  });

  it('deeply nested XML → 400 naming the depth limit', async () => {
    const gpx = `<gpx>${'<a>'.repeat(5_000)}${'</a>'.repeat(5_000)}</gpx>`;
    const res = await send(gpx, 'format=gpx');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).message).toMatch(/deeper than 64 levels/);
  });

  it('a waypoint of too many attributes, a placemark of too many elements → 400 naming the limit, nothing written', async () => {
    // An account of its own: the spot read at the end stays.
    const own = await t.signUp();
    const sendOwn = (body: string, format: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/import?format=${format}`,
        headers: { 'content-type': 'application/octet-stream', ...own.auth },
        payload: body,
      });
    const ownSpots = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: own.auth })).json<{
        data: Location[];
      }>().data;
    const attributes = Array.from(
      { length: importLimits.attributesPerElement + 1 },
      (_, i) => ` a${i}=""`,
    ).join('');
    const gpx = `<gpx><wpt lat="50" lon="10"${attributes}><name>Wide</name></wpt></gpx>`;
    const wide = await sendOwn(gpx, 'gpx');
    expect(wide.statusCode).toBe(400);
    expect(errorOf(wide.body).message).toBe(
      `The file has an element of more than ${importLimits.attributesPerElement} attributes`,
    );
    // Each <Data> is two elements: past the limit by one pair.
    const data = '<Data name="x"><value>v</value></Data>'.repeat(importLimits.elementsPerSpot / 2);
    const kml = `<kml><Placemark><name>Wide</name><Point><coordinates>10,50</coordinates></Point><ExtendedData>${data}</ExtendedData></Placemark></kml>`;
    const many = await sendOwn(kml, 'kml');
    expect(many.statusCode).toBe(400);
    expect(errorOf(many.body).message).toMatch(
      `A placemark of the file holds more than ${importLimits.elementsPerSpot} elements`,
    );
    expect(await ownSpots()).toEqual([]);
    // Within the limits, fields a spot does not have are passed over, the others read.
    const fewer = kml
      .replace(data, `${'<Data name="x"><value>v</value></Data>'.repeat(100)}`)
      .replace(
        '</ExtendedData>',
        '<Data name="species"><value>["Morel"]</value></Data></ExtendedData>',
      );
    const read = await sendOwn(fewer, 'kml');
    expect(read.statusCode).toBe(200);
    const [spot] = await ownSpots();
    expect(spot).toMatchObject({ name: 'Wide', species: ['Morel'] });
  });

  it('a CSV mapping naming toString, __proto__ or constructor: 400 naming it as our column, an empty column as the file’s; never a 500', async () => {
    for (const column of ['toString', '__proto__', 'constructor']) {
      const mapping = encodeURIComponent(`{"${column}":"Title"}`);
      const res = await send('Title,Lat,Lon\nA,50,10\n', `format=csv&mapping=${mapping}`);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).message).toBe(`mapping: ${column} is not one of our columns`);
    }
    for (const theirs of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const mapping = encodeURIComponent(
        JSON.stringify({ location_name: theirs, latitude: 'Lat', longitude: 'Lon' }),
      );
      const res = await send(
        'Title,Lat,Lon\nA,50,10\n',
        `format=csv&preview=true&mapping=${mapping}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<ImportPreview>().problems).toEqual([
        { at: 'line 2', message: expect.stringMatching(/^name/) as string },
      ]);
    }
    // A file whose column is named so is read like any other.
    const mapping = encodeURIComponent(
      JSON.stringify({ location_name: '__proto__', latitude: 'toString', longitude: 'Lon' }),
    );
    const named = await send(
      '__proto__,toString,Lon\nOdd,50,10\n',
      `format=csv&preview=true&mapping=${mapping}`,
    );
    expect(named.json<ImportPreview>()).toMatchObject({ create: { spots: 1 }, problems: [] });
  });

  it.each([
    [
      'GeoJSON features',
      'format=geojson',
      () => collection(Array.from({ length: 10_001 }, (_, i) => point(i, { name: `S${i}` }))),
      /more than 10000 features/,
    ],
    [
      'GPX waypoints',
      'format=gpx',
      () =>
        `<gpx>${Array.from({ length: 10_001 }, (_, i) => `<wpt lat="50" lon="${10 + i / 1000}"><name>S${i}</name></wpt>`).join('')}</gpx>`,
      /more than 10000 waypoints/,
    ],
    [
      'KML placemarks',
      'format=kml',
      () =>
        `<kml>${Array.from({ length: 10_001 }, (_, i) => `<Placemark><name>S${i}</name><Point><coordinates>${10 + i / 1000},50</coordinates></Point></Placemark>`).join('')}</kml>`,
      /more than 10000 placemarks/,
    ],
    [
      'CSV spots',
      'format=csv',
      () =>
        `location_name,latitude,longitude\n${Array.from({ length: 10_001 }, (_, i) => `S${i},50,${10 + i / 1000}`).join('\n')}`,
      /more than 10000 spots/,
    ],
    [
      'CSV entries',
      'format=csv',
      () =>
        `location_name,latitude,longitude,entry_date\n${'One,50,10,2025-01-01\n'.repeat(100_001)}`,
      /more than 100000 entries/,
    ],
    [
      'patch corners',
      'format=geojson',
      () => {
        const corners = (f: number) =>
          Array.from({ length: 9_999 }, (_, i) => [
            10 + f / 10 + 0.001 * Math.cos((2 * Math.PI * i) / 9_999),
            50 + 0.001 * Math.sin((2 * Math.PI * i) / 9_999),
          ]);
        return collection(
          Array.from({ length: 21 }, (_, f) => {
            const ring = corners(f);
            return {
              type: 'Feature',
              geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
              properties: { name: `Patch ${f}` },
            };
          }),
        );
      },
      /more than 200000 corners in all/,
    ],
    [
      'JSON values in one feature',
      'format=geojson',
      () =>
        collection([
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: Array.from({ length: 200_000 }, () => [1, 2]),
            },
            properties: { name: 'Wide' },
          },
        ]),
      /feature holds more than 500000 JSON values/,
    ],
  ])(
    'more %s than the limit → 400 naming it, nothing written',
    async (_name, query, make, message) => {
      const res = await send(make(), query);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body).message).toMatch(message);
      expect(await spotCount()).toBe(0);
    },
  );

  it('the problems list keeps the first 20 and counts the rest', async () => {
    const file = collection([
      point(0, { name: 'Good' }),
      ...Array.from({ length: 50 }, (_, i) => point(i + 1, { name: '' })),
    ]);
    const res = await send(file, 'format=geojson&preview=true');
    const preview = res.json<ImportPreview>();
    expect(preview.create).toEqual({ spots: 1, entries: 0 });
    expect(preview.problems).toHaveLength(importLimits.problemsListed);
    expect(preview.problems[0]?.at).toBe('feature 2');
    expect(preview.problems[19]?.at).toBe('feature 21');
    expect(preview.moreProblems).toBe(30);
    const small = await send(collection([point(0, { name: '' })]), 'format=geojson&preview=true');
    expect(small.json<ImportPreview>()).not.toHaveProperty('moreProblems');
  });
});

// Not about the database: SQLite alone keeps the suite short.
describe('imports at once, over a real socket', () => {
  const t = useTestApp(sqlite);
  let port: number;
  let user: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const file = (name: string) =>
    collection([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [10, 50] }, properties: { name } },
    ]);

  /** An import whose body is sent in two halves: the second when `finish` is called. */
  function slowImport(body: string) {
    const half = Math.floor(body.length / 2);
    let req: ClientRequest;
    const answer = new Promise<{
      status: number;
      headers: IncomingMessage['headers'];
      body: string;
    }>((resolve, reject) => {
      req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/import?format=geojson',
          headers: { ...user.auth, 'content-type': 'application/geo+json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
    });
    return {
      answer,
      finish: () => req.end(body.slice(half)),
      abort: () => req.destroy(),
    };
  }

  /** Until the server has taken (or given back) its slots: a request is answered in turn. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it(`a third import while ${importSlots} are running → 503 SERVER_BUSY with Retry-After; the slots come back when they end or their clients leave`, async () => {
    const first = slowImport(file('First'));
    const second = slowImport(file('Second'));
    await settle();
    const third = slowImport(file('Third'));
    third.finish();
    const busy = await third.answer;
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorOf(busy.body)).toMatchObject({ code: 'SERVER_BUSY' });

    first.finish();
    expect((await first.answer).status).toBe(200);
    const fourth = slowImport(file('Fourth'));
    fourth.finish();
    expect((await fourth.answer).status).toBe(200);

    // A client that leaves mid-upload gives its slot back.
    second.abort();
    await second.answer.catch(() => undefined);
    await settle();
    const [fifth, sixth] = [slowImport(file('Fifth')), slowImport(file('Sixth'))];
    fifth.finish();
    sixth.finish();
    const answers = await Promise.all([fifth.answer, sixth.answer]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const names = (
      await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth })
    ).json<{ data: Location[] } | Location[]>();
    expect((Array.isArray(names) ? names : names.data).map((s) => s.name).sort()).toEqual([
      'Fifth',
      'First',
      'Fourth',
      'Sixth',
    ]);
    expect((await first.answer).body).toContain('"created"');
  });
});
