// `npm run bench`: speed and memory figures of the server, each against its target.
// `npm run bench -- reads start` runs only the sections named (see `sections` below).
import sharp from 'sharp';
import { databaseKinds } from '../test/helpers/databases.ts';
import { createTestApp } from '../test/helpers/test-app.ts';
import { balancedReadFigures } from './balanced-reads.ts';
import { coldStartFigures } from './cold-start.ts';
import { exportMemoryFigures } from './export-memory.ts';
import { fullReadFigures } from './full-read.ts';
import { listReadFigures } from './list-reads.ts';
import { report, timeRuns, type Figure } from './measure.ts';
import { measurePhotoMemory } from './photo-memory.ts';
import { seasonalityFigures } from './seasonality.ts';
import { signInTimingFigures } from './sign-in-timing.ts';
import { smallReadFigures } from './small-reads.ts';
import { tileReadFigures } from './tile-reads.ts';
import { searchFigures } from './search.ts';
import { writeFigures } from './writes.ts';

async function journalFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const kind of databaseKinds) {
    const t = await createTestApp(kind);
    const user = await t.signUp();
    const locations = 2000;
    for (let i = 0; i < locations; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: user.auth,
        payload: {
          name: `Spot ${i}`,
          position: { lat: 55 + (i % 100) / 10, lng: 12 + i / 400 },
          categories: ['mushrooms'],
        },
      });
      if (i % 4 === 0) {
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/locations/${res.json<{ id: string }>().id}/entries`,
          headers: user.auth,
          payload: {
            date: '2026-09-12',
            species: ['chanterelle'],
            abundance: 3,
            notes: 'by the mossy stump',
          },
        });
      }
    }
    const list = await timeRuns(15, () =>
      t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: user.auth }),
    );
    figures.push({
      name: `GET /locations, 2000 spots + 500 entries (${kind.name}) p50`,
      value: list.median,
      unit: 'ms',
      target: 300,
    });
    figures.push({
      name: `GET /locations, 2000 spots + 500 entries (${kind.name}) p95`,
      value: list.p95,
      unit: 'ms',
      target: 600,
    });
    const write = await timeRuns(200, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: user.auth,
        payload: { name: 'x', position: { lat: 1, lng: 1 } },
      }),
    );
    figures.push({
      name: `POST /locations (${kind.name}) p50`,
      value: write.median,
      unit: 'ms',
      target: 10,
    });
    // A 500 kB polygon of 250,000 wrong numbers: refused after a cheap count.
    const wrongNumbers = `{"name":"x","position":{"lat":1,"lng":1},"area":{"type":"Polygon","coordinates":[[${'0,'.repeat(249_999)}0]]}}`;
    const postInvalid = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload: wrongNumbers,
      });
    const invalid = await timeRuns(30, postInvalid);
    figures.push({
      name: `POST /locations, 500 kB invalid (${kind.name}) p50`,
      value: invalid.median,
      unit: 'ms',
      target: 50,
    });
    figures.push({
      name: `  … relative to a valid POST /locations (${kind.name})`,
      value: invalid.median / write.median,
      unit: 'x',
      target: 20,
    });
    const healthAlongside = await timeRuns(30, async () => {
      const sent = postInvalid();
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await sent;
    });
    figures.push({
      name: `GET /api/health beside a 500 kB invalid body (${kind.name}) p50`,
      value: healthAlongside.median,
      unit: 'ms',
      target: 50,
    });
    // Token verification is in memory: this is one signature check plus one indexed read.
    const auth = await timeRuns(500, () =>
      t.app.inject({ method: 'GET', url: '/api/v1/preferences', headers: user.auth }),
    );
    figures.push({
      name: `GET /preferences (${kind.name}) p50`,
      value: auth.median,
      unit: 'ms',
      target: 5,
    });

    if (kind.name === 'sqlite') {
      const photo = await sharp({
        create: { width: 4000, height: 3000, channels: 3, background: '#4a6b3a' },
      })
        .composite([
          {
            input: Buffer.from(
              '<svg width="4000" height="3000"><circle cx="2000" cy="1500" r="900" fill="#d9a03f"/></svg>',
            ),
          },
        ])
        .jpeg({ quality: 90 })
        .toBuffer();
      const boundary = 'benchboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = await timeRuns(8, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/photos',
          headers: { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        }),
      );
      figures.push({
        name: 'POST /photos, 12 MP JPEG p50',
        value: upload.median,
        unit: 'ms',
        target: 1500,
      });
    }
    await t.close();
  }
  return figures;
}

async function photoMemoryFigures(): Promise<Figure[]> {
  const photoMemory = await measurePhotoMemory();
  return [
    {
      name: `RSS growth, ${photoMemory.uploads} uploads of a 24 MP JPEG`,
      value: photoMemory.growthMiB,
      unit: 'MiB',
      target: 250,
      reference: `idle server ${photoMemory.idleRssMiB.toFixed(0)} MiB; answers ${JSON.stringify(photoMemory.statuses)}`,
    },
  ];
}

const sections: Record<string, () => Promise<Figure[]>> = {
  journal: journalFigures,
  'sign-in': signInTimingFigures,
  'photo-memory': photoMemoryFigures,
  export: exportMemoryFigures,
  reads: smallReadFigures,
  'list-reads': listReadFigures,
  tiles: tileReadFigures,
  'balanced-reads': balancedReadFigures,
  writes: writeFigures,
  seasonality: seasonalityFigures,
  start: coldStartFigures,
  search: searchFigures,
  'full-read': fullReadFigures,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in sections));
if (unknown.length)
  throw new Error(
    `unknown bench sections ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`,
  );
const figures: Figure[] = [];
for (const [name, run] of Object.entries(sections))
  if (!chosen.length || chosen.includes(name)) figures.push(...(await run()));
const met = report(figures);
console.log(met ? 'all targets met' : 'some targets missed');
process.exitCode = met ? 0 : 1;
