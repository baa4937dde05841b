import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImportPreview, ImportResult } from '@fj/contract/import';
import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { sha256, unzip, zipOf } from './helpers/zip-files.ts';

/*
 * A backup is bounded before it is expensive (docs/files.md#restore): every ZIP here is crafted in the test, its manifest's checksums made to match, so each
 * one reaches the limit it is about.
 */

const journalPath = 'data/journal.json';

/** A ZIP holding these files and a manifest that lists each with its true SHA-256 and size. */
function backupOf(files: [string, Buffer][]): Promise<Buffer> {
  const manifest = {
    format: 'foraging-journal-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    counts: { locations: 0, entries: 0, photos: 0 },
    files: Object.fromEntries(
      files.map(([name, bytes]) => [name, { sha256: sha256(bytes), bytes: bytes.length }]),
    ),
    missing: [],
  };
  return zipOf([...files, ['manifest.json', Buffer.from(JSON.stringify(manifest))]]);
}

/** The offset of the first central directory header naming `name`. */
function centralHeaderOf(zip: Buffer, name: string): number {
  for (let at = zip.indexOf(Buffer.from('PK\x01\x02', 'latin1')); at !== -1;) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) return at;
    at = zip.indexOf(Buffer.from('PK\x01\x02', 'latin1'), at + 46);
  }
  throw new Error(`${name} is not in the central directory`);
}

/** The ZIP with the central directory's inflated size of `name` changed: a lie yauzl reads. */
function declaring(zip: Buffer, name: string, uncompressedSize: number): Buffer {
  const out = Buffer.from(zip);
  out.writeUInt32LE(uncompressedSize, centralHeaderOf(out, name) + 24);
  return out;
}

const spot = (name: string, extra = '') =>
  `{"id":"${randomUUID()}","name":"${name}","position":{"lat":59.3,"lng":18.1}${extra}}`;

describe.each(databaseKinds)('restore limits on $name', (kind) => {
  const t = useTestApp(kind, {
    env: { QUOTA_LOCATIONS_PER_USER: '100', QUOTA_ENTRIES_PER_LOCATION: '5' },
  });
  let preferences: string;
  let victim: TestUser;

  beforeAll(async () => {
    const someone = await t.signUp();
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: someone.auth });
    const journal = (await unzip(own.rawPayload)).find(([name]) => name === journalPath)?.[1];
    preferences = JSON.stringify(
      (JSON.parse(String(journal)) as { preferences: unknown }).preferences,
    );
    victim = await t.signUp();
  });

  const journalOf = (locations: string) =>
    Buffer.from(`{"version":1,"preferences":${preferences},"locations":[${locations}]}`);

  const send = (who: TestUser, zip: Buffer, preview: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/import${preview ? '?preview=true' : ''}`,
      headers: { ...who.auth, 'content-type': 'application/zip' },
      payload: zip,
    });

  async function locationsOf(who: TestUser): Promise<Location[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: who.auth });
    return res.json<{ data: Location[] }>().data;
  }

  function userFiles(who: TestUser): string[] {
    if (t.config.storage.kind !== 'local') throw new Error('local storage expected');
    const dir = path.join(t.config.storage.dir, who.id);
    return existsSync(dir) ? readdirSync(dir) : [];
  }

  /** Preview and restore both refused with this status and message, quickly; nothing written. */
  async function expectRefused(zip: Buffer, status: number, message: RegExp) {
    for (const preview of [true, false]) {
      const started = performance.now();
      const res = await send(victim, zip, preview);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toMatch(message);
      // Generous for a shared machine; before these limits each case took seconds to minutes.
      expect(ms).toBeLessThan(3_000);
    }
    expect(await locationsOf(victim)).toEqual([]);
    expect(userFiles(victim)).toEqual([]);
  }

  it('a 2 kB ZIP of half a million spots: refused from the central directory by its ratio', async () => {
    const zip = await backupOf([[journalPath, journalOf(Array(500_000).fill('{}').join(','))]]);
    expect(zip.length).toBeLessThan(4096);
    await expectRefused(zip, 400, /data\/journal\.json inflates more than 100 times/);
  });

  it('more spots than QUOTA_LOCATIONS_PER_USER: 403 at the first spot past it, the rest unread', async () => {
    // Past spot 101 the journal is not even JSON: a reader that went on would say so instead.
    const spots = Array.from({ length: 101 }, (_, i) => spot(`s${i}`)).join(',');
    const zip = await backupOf([[journalPath, journalOf(`${spots},{"name": oops`)]]);
    await expectRefused(zip, 403, /holds more than 100 spots; an account holds at most 100/);
  });

  it('a spot with more entries than QUOTA_ENTRIES_PER_LOCATION: 403 naming the spot', async () => {
    const entries = Array(6).fill('{"date":"2026-08-01"}').join(',');
    const zip = await backupOf([
      [journalPath, journalOf(`${spot('ok')},${spot('many', `,"entries":[${entries}]`)}`)],
    ]);
    await expectRefused(zip, 403, /spot 2 has 6 entries; a spot holds at most 5/);
  });

  it('a journal nested past 16 levels: 400 before it is parsed', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const zip = await backupOf([[journalPath, journalOf(spot('deep', `,"x":${deep}`))]]);
    await expectRefused(zip, 400, /nests deeper than 16 levels \(in spot 1\)/);
  });

  it('a zip bomb declared small: stopped at its declared size, not inflated', async () => {
    const honest = await backupOf([[journalPath, Buffer.alloc(20 * 1024 * 1024, 32)]]);
    // 60 kB declared: under the ratio check's floor, so only the inflating can catch it.
    const zip = declaring(honest, journalPath, 60_000);
    await expectRefused(zip, 400, /data\/journal\.json cannot be read: too many bytes/);
  });

  it('a file declared larger than its kind may be: 400 from the central directory', async () => {
    const honest = await backupOf([[journalPath, journalOf(spot('one'))]]);
    const zip = declaring(honest, journalPath, 40 * 1024 * 1024);
    await expectRefused(zip, 400, /data\/journal\.json is larger than 32 MB/);
  });

  it('the problems listed are the first 20, then how many more', async () => {
    const zip = await backupOf([[journalPath, journalOf(Array(35).fill('{}').join(','))]]);
    const res = await send(victim, zip, true);
    expect(res.statusCode).toBe(200);
    const { problems } = res.json<ImportPreview>();
    expect(problems).toHaveLength(21);
    expect(problems[0]).toEqual({ at: 'spot 1', message: expect.stringMatching(/^name: /) });
    expect(problems[19]?.at).toBe('spot 20');
    expect(problems[20]).toEqual({ at: 'backup', message: 'and 15 more problems, not listed' });
  });

  it('a "photo" that is not an image is refused as an upload would be; its entry is restored', async () => {
    const owner = await t.signUp();
    const place = await seedLocation(t, owner, { name: 'Photo spot' });
    const photo = await seedPhoto(t, owner);
    await seedEntry(t, owner, place.id, { photos: [{ filePath: photo.filePath }] });
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: owner.auth });
    const files = (await unzip(own.rawPayload))
      .filter(([name]) => name !== 'manifest.json')
      .map(([name, bytes]): [string, Buffer] =>
        name === `photos/${photo.filePath}` ? [name, randomBytes(4096)] : [name, bytes],
      );
    const zip = await backupOf(files);
    const fresh = await t.signUp();
    const refused = {
      at: 'spot 1',
      message: `photos/${photo.filePath}: not a supported image (JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF)`,
    };
    const preview = await send(fresh, zip, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPreview>()).toMatchObject({
      problems: [refused],
      restore: { backup: { photos: 0 }, added: { spots: 1, entries: 1, photos: 0 } },
    });
    const res = await send(fresh, zip, false);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>()).toMatchObject({ problems: [refused] });
    const restored = await locationsOf(fresh);
    expect(restored.map((l) => l.entries.map((e) => e.photos.length))).toEqual([[0]]);
    expect(userFiles(fresh)).toEqual([]);
  });

  it("newIds is the same for another account's id as for an id nobody has", async () => {
    const other = await t.signUp();
    const theirs = await seedLocation(t, other, { name: 'Not yours' });
    const previewWith = async (id: string) => {
      const zip = await backupOf([
        [journalPath, journalOf(`{"id":"${id}","name":"x","position":{"lat":1,"lng":2}}`)],
      ]);
      const res = await send(victim, zip, true);
      expect(res.statusCode).toBe(200);
      return res.json<ImportPreview>();
    };
    expect(await previewWith(theirs.id)).toEqual(await previewWith(randomUUID()));
    expect((await previewWith(theirs.id)).restore?.newIds).toBe(0);
  });
});

/** The longest the event loop went without running a 5 ms timer while `work` ran, less the 5 ms. */
async function longestBlockDuring<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, ms: Math.max(longest, performance.now() - last - 5) };
  } finally {
    clearInterval(timer);
  }
}

/*
 * A journal within every limit still costs the server little at a time (issue 25, item 2): the
 * restore reads it as it inflates and writes it a batch of spots at a time, yielding to other
 * requests, so no block of the event loop grows with the journal. Before, the whole journal was
 * checked, then planned, then inserted: this one blocked the loop for about 400 ms at once.
 */
describe.each(databaseKinds)('a large backup within the limits on $name', (kind) => {
  const t = useTestApp(kind);
  const spots = 5_000;
  const entriesPerSpot = 10;
  /** The issue asks for 100 ms; the slack is for a loaded 2-core machine. */
  const blockBoundMs = 250;

  it(`${spots} spots of ${entriesPerSpot} entries: previewed and restored whole, never blocking the loop past ${blockBoundMs} ms`, async () => {
    const someone = await t.signUp();
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: someone.auth });
    const ownJournal = (await unzip(own.rawPayload)).find(([name]) => name === journalPath)?.[1];
    const { preferences } = JSON.parse(String(ownJournal)) as { preferences: unknown };
    const notes = 'found under the old spruce, dry moss, many small ones';
    const located: string[] = [];
    for (let s = 0; s < spots; s += 1) {
      const entries = Array.from(
        { length: entriesPerSpot },
        (_, e) =>
          `{"id":"${randomUUID()}","date":"2026-08-${String(1 + e).padStart(2, '0')}","notes":"${notes} ${s}.${e}","photos":[]}`,
      );
      located.push(
        `{"id":"${randomUUID()}","name":"Spot ${s}","position":{"lat":${59 + s / 10_000},"lng":18.1},"entries":[${entries.join(',')}]}`,
      );
    }
    const journal = Buffer.from(
      `{"version":1,"preferences":${JSON.stringify(preferences)},"locations":[\n${located.join(',\n')}\n]}`,
    );
    const zip = await backupOf([[journalPath, journal]]);
    const who = await t.signUp();
    const send = (preview: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/import${preview ? '?preview=true' : ''}`,
        headers: { ...who.auth, 'content-type': 'application/zip' },
        payload: zip,
      });

    const preview = await longestBlockDuring(() => send(true));
    const restore = await longestBlockDuring(() => send(false));
    console.log(
      `${kind.name}: a ${(journal.length / 1024 / 1024).toFixed(1)} MB journal (${(zip.length / 1024 / 1024).toFixed(1)} MB ZIP): longest event-loop block ${preview.ms.toFixed(0)} ms previewing, ${restore.ms.toFixed(0)} ms restoring`,
    );
    const total = { spots, entries: spots * entriesPerSpot };
    expect(preview.result.statusCode, preview.result.body).toBe(200);
    expect(preview.result.json<ImportPreview>()).toMatchObject({ create: total, problems: [] });
    expect(restore.result.statusCode, restore.result.body).toBe(200);
    expect(restore.result.json<ImportResult>()).toMatchObject({ created: total, problems: [] });
    expect(preview.ms).toBeLessThan(blockBoundMs);
    expect(restore.ms).toBeLessThan(blockBoundMs);

    // Every row is there, with the journal's ids and text.
    const count = async (table: 'locations' | 'entries') =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', who.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('locations')).toBe(spots);
    expect(await count('entries')).toBe(spots * entriesPerSpot);
    const last = JSON.parse(located[spots - 1] ?? '{}') as {
      id: string;
      entries: { id: string }[];
    };
    const row = await t.app.db
      .selectFrom('entries')
      .select(['location_id', 'details'])
      .where('id', '=', last.entries[entriesPerSpot - 1]?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.location_id).toBe(last.id);
    expect(row.details).toContain(`${notes} ${spots - 1}.${entriesPerSpot - 1}`);
  });

  it('a spot too large to parse whole is read an entry at a time: restored whole, or a problem if one entry is bad', async () => {
    const someone = await t.signUp();
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: someone.auth });
    const ownJournal = (await unzip(own.rawPayload)).find(([name]) => name === journalPath)?.[1];
    const { preferences } = JSON.parse(String(ownJournal)) as { preferences: unknown };
    const entryIds = Array.from({ length: 1_200 }, () => randomUUID());
    const entry = (id: string, i: number, date = '2026-08-01') =>
      `{"id":"${id}","date":"${date}","notes":"${'n'.repeat(250)} ${i}","photos":[]}`;
    const bigId = randomUUID();
    // Over 256 kB each: cut into entries, handed on in slices of 500.
    const big = `{"id":"${bigId}","name":"Big","position":{"lat":60,"lng":15},"entries":[${entryIds.map((id, i) => entry(id, i)).join(',')}]}`;
    const bad = `{"name":"Bad","position":{"lat":60,"lng":15},"entries":[${Array.from({ length: 1_200 }, (_, i) => entry(randomUUID(), i, i === 1_100 ? 'soon' : '2026-08-01')).join(',')}]}`;
    expect(big.length).toBeGreaterThan(256 * 1024);
    const journal = Buffer.from(
      `{"version":1,"preferences":${JSON.stringify(preferences)},"locations":[${big},${bad},${spot('Small')}]}`,
    );
    const zip = await backupOf([[journalPath, journal]]);
    const who = await t.signUp();
    const send = (preview: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/import${preview ? '?preview=true' : ''}`,
        headers: { ...who.auth, 'content-type': 'application/zip' },
        payload: zip,
      });
    const problems = [{ at: 'spot 2', message: expect.stringMatching(/^entries\.1100\.date/) }];
    const preview = await send(true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportPreview>()).toMatchObject({
      create: { spots: 2, entries: 1_200 },
      problems,
      restore: { backup: { spots: 2, entries: 1_200 } },
    });
    const res = await send(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>()).toMatchObject({
      created: { spots: 2, entries: 1_200 },
      problems,
    });
    const rows = await t.app.db
      .selectFrom('entries')
      .select(['id', 'location_id'])
      .where('user_id', '=', who.id)
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...entryIds].sort());
    expect(new Set(rows.map((r) => r.location_id))).toEqual(new Set([bigId]));
  });
});
