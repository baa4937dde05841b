import type { Location } from '@fj/contract/locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { sha256, unzip } from './helpers/zip-files.ts';

interface Manifest {
  format: string;
  version: number;
  counts: { locations: number; entries: number; photos: number };
  files: Record<string, { sha256: string; bytes: number }>;
  missing: string[];
}

describe.each(databaseKinds)('backup on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;
  let spot: Location;
  let photoKeys: string[];

  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
    const photos = [
      await seedPhoto(t, user),
      await seedPhoto(t, user, { width: 200, height: 300 }),
    ];
    photoKeys = photos.flatMap((p) => [p.filePath, p.thumbnailFilePath]);
    const made = await seedLocation(t, user, { name: 'Chanterelle "dell", <&> 🍄' });
    await seedEntry(t, user, made.id, {
      date: '2026-08-02',
      notes: 'two photos',
      photos: photos.map((p) => ({ filePath: p.filePath })),
    });
    spot = (await seedEntry(t, user, made.id, { date: '2026-08-09' })).location;
    await seedLocation(t, user, { name: 'Empty corner' });
    await seedPhoto(t, other);
    await seedLocation(t, other, { name: 'Not yours' });
  });

  const backup = (who: TestUser | null = user) =>
    t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: who ? who.auth : {} });

  it('is one ZIP: the journal, every photo and thumbnail byte for byte, and a manifest with counts and checksums', async () => {
    const res = await backup();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="foraging-journal-backup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = new Map(await unzip(res.rawPayload));
    expect([...files.keys()].sort()).toEqual(
      ['data/journal.json', 'manifest.json', ...photoKeys.map((k) => `photos/${k}`)].sort(),
    );
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as Manifest;
    expect(manifest).toMatchObject({
      format: 'foraging-journal-backup',
      version: 1,
      counts: { locations: 2, entries: 2, photos: 2 },
      missing: [],
    });
    for (const [name, bytes] of files) {
      if (name === 'manifest.json') continue;
      expect(manifest.files[name]).toEqual({ sha256: sha256(bytes), bytes: bytes.length });
    }
    // The photos are the stored bytes themselves.
    for (const key of photoKeys) {
      const stored = await t.app.photoStorage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored ?? []) chunks.push(chunk as Buffer);
      expect(files.get(`photos/${key}`)?.equals(Buffer.concat(chunks))).toBe(true);
    }
    const journal = JSON.parse(files.get('data/journal.json')?.toString('utf8') ?? '{}') as {
      version: number;
      preferences: { id: string };
      locations: Location[];
    };
    expect(journal.version).toBe(1);
    expect(journal.preferences).toBeTypeOf('object');
    const saved = journal.locations.find((l) => l.id === spot.id);
    expect(saved?.name).toBe('Chanterelle "dell", <&> 🍄');
    expect(saved?.entries.map((e) => e.date)).toEqual(['2026-08-02', '2026-08-09']);
    expect(saved?.entries[0]?.photos.map((p) => p.filePath)).toEqual(
      photoKeys.filter((_, i) => i % 2 === 0),
    );
  });

  it("holds nothing of another user's, and asks for a sign-in first", async () => {
    const files = new Map(await unzip((await backup()).rawPayload));
    const text = files.get('data/journal.json')?.toString('utf8') ?? '';
    expect(text).not.toContain('Not yours');
    expect([...files.keys()].every((name) => !name.includes(other.id))).toBe(true);
    expect((await backup(null)).statusCode).toBe(401);
  });

  it('backs up an empty account as a ZIP with an empty journal', async () => {
    const empty = await t.signUp();
    const files = new Map(await unzip((await backup(empty)).rawPayload));
    expect([...files.keys()].sort()).toEqual(['data/journal.json', 'manifest.json']);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as Manifest;
    expect(manifest.counts).toEqual({ locations: 0, entries: 0, photos: 0 });
  });
});
