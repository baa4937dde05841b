import type { Location } from '@fj/contract/locations';
import type { PhotoEntry } from '@fj/contract/photos';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../src/storage/url-signer.ts';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { fetchSigned } from './helpers/photos.ts';
import { seedEntryWithPhotos, seedPhoto } from './helpers/seed.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp, useTestApps } from './helpers/use-test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** The secret createTestApp configures; the tests sign URLs with it to forge expired ones. */
const testSecret = 'test-secret-that-is-long-enough-0123456789';

/** The parts of a signed URL `/api/files/{userId}/{file}?expires=…&sig=…`. */
function partsOf(url: string) {
  const parsed = new URL(url, 'http://x');
  const match = /^\/api\/files\/([^/]+)\/([^/]+)$/.exec(parsed.pathname);
  if (!match?.[1] || !match[2]) throw new Error(`not a signed photo URL: ${url}`);
  return {
    userId: match[1],
    file: match[2],
    expires: Number(parsed.searchParams.get('expires')),
    sig: parsed.searchParams.get('sig') ?? '',
  };
}

const signedUrl = (p: { userId: string; file: string; expires: number; sig: string }) =>
  `/api/files/${p.userId}/${p.file}?expires=${p.expires}&sig=${encodeURIComponent(p.sig)}`;

/** GET /api/files/…: who may read a stored photo, for how long, and what a forged URL gets. */
describe.each(databaseKinds)('photo URLs on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    user = await t.signUp();
    other = await t.signUp();
  });

  describe('signed URLs', () => {
    let photo: PhotoEntry;
    beforeAll(async () => {
      photo = await seedPhoto(t, user);
    });

    it('serve image/webp with a private cache lifetime of 24–48 hours, no auth header needed', async () => {
      const res = await fetchSigned(t, photo.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const cache = String(res.headers['cache-control']);
      const match = /^private, max-age=(\d+)(, immutable)?$/.exec(cache);
      expect(match, cache).not.toBeNull();
      const maxAge = Number(match?.[1]);
      expect(maxAge).toBeGreaterThan(24 * 60 * 60);
      expect(maxAge).toBeLessThanOrEqual(48 * 60 * 60);
    });

    it('are the same for two reads on the same day', async () => {
      const { id } = (await seedEntryWithPhotos(t, user, [photo])).location;
      const read = apiClient(t.app, user.auth);
      const first = (await read('GET', `/locations/${id}`)).json<Location>();
      const second = (await read('GET', `/locations/${id}`)).json<Location>();
      const [a, b] = [first.entries[0]?.photos[0], second.entries[0]?.photos[0]];
      expect(a?.url).toBe(photo.url);
      expect(b?.url).toBe(photo.url);
      expect(b?.thumbnailUrl).toBe(photo.thumbnailUrl);
    });

    it('answer 404 for a tampered signature', async () => {
      const parts = partsOf(photo.url);
      const flipped = `${parts.sig[0] === 'A' ? 'B' : 'A'}${parts.sig.slice(1)}`;
      for (const sig of [flipped, parts.sig.slice(0, -1), `${parts.sig}A`]) {
        const res = await fetchSigned(t, signedUrl({ ...parts, sig }));
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    });

    it("answer 404 for another user's id put into the path", async () => {
      const parts = partsOf(photo.url);
      const res = await fetchSigned(t, signedUrl({ ...parts, userId: other.id }));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      // The thumbnail's signature does not open the display image either.
      const thumb = partsOf(photo.thumbnailUrl ?? '');
      const swapped = await fetchSigned(t, signedUrl({ ...thumb, file: partsOf(photo.url).file }));
      expect(swapped.statusCode).toBe(404);
    });

    it('answer 404 for a moved or a past expiry, even when signed with the right key', async () => {
      const parts = partsOf(photo.url);
      const later = await fetchSigned(t, signedUrl({ ...parts, expires: parts.expires + dayMs }));
      expect(later.statusCode).toBe(404);

      const key = `${parts.userId}/${parts.file}`;
      // The test's signer makes exactly the server's URL today, so only the date differs below.
      expect(createUrlSigner(testSecret).url(key)).toBe(photo.url);
      const stale = createUrlSigner(testSecret, () => Date.now() - 3 * dayMs).url(key);
      expect(partsOf(stale).expires).toBeLessThan(Date.now());
      const res = await fetchSigned(t, stale);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    });
  });

  describe('signed URLs over several days', () => {
    const day0 = (Math.floor(Date.now() / dayMs) + 10) * dayMs;
    const at = (day: number, hours: number, minutes = 0) =>
      new Date(day0 + day * dayMs + (hours * 60 + minutes) * 60 * 1000);
    afterEach(() => vi.useRealTimers());
    // Registered after the clock reset above, so the app closes first, still on the fake clock.
    const apps = useTestApps();

    it('change at midnight (UTC) and stay valid for the rest of the next day', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(0, 9));
      // Built under the fake clock, so every part of the app reads the same time.
      const c = await apps.start(kind);
      const forager = await c.signUp();
      const photo = await seedPhoto(c, forager);
      expect(photo.uploadedAt).toBe(at(0, 9).toISOString());
      const made = await seedEntryWithPhotos(c, forager, [photo], { date: '2026-06-01' });
      expect(made.entry.photos).toEqual([photo]);

      const readUrls = async () => {
        // ID tokens last an hour: get a fresh one from the (7-day) session, as the client does.
        const idToken = await c.idTokenFor(forager.sessionToken);
        const res = await apiClient(c.app, { authorization: `Bearer ${idToken}` })(
          'GET',
          `/locations/${made.location.id}`,
        );
        expect(res.statusCode).toBe(200);
        const read = res.json<Location>().entries[0]?.photos[0];
        return { url: read?.url ?? '', thumbnailUrl: read?.thumbnailUrl ?? '' };
      };

      const morning = await readUrls();
      expect(morning.url).toBe(photo.url);
      const first = await fetchSigned(c, morning.url);
      expect(first.statusCode).toBe(200);
      // 09:00 on day 0 until 00:00 on day 2: 39 hours.
      expect(first.headers['cache-control']).toBe(`private, max-age=${39 * 3600}, immutable`);

      vi.setSystemTime(at(0, 23, 59));
      expect(await readUrls()).toEqual(morning);

      vi.setSystemTime(at(1, 0, 1));
      const nextDay = await readUrls();
      expect(nextDay.url).not.toBe(morning.url);
      expect(nextDay.thumbnailUrl).not.toBe(morning.thumbnailUrl);
      expect(partsOf(nextDay.url).expires - partsOf(morning.url).expires).toBe(dayMs);
      expect((await fetchSigned(c, morning.url)).statusCode).toBe(200);
      expect((await fetchSigned(c, morning.thumbnailUrl)).statusCode).toBe(200);
      expect((await fetchSigned(c, nextDay.url)).statusCode).toBe(200);

      vi.setSystemTime(at(1, 23, 59));
      expect((await fetchSigned(c, morning.url)).statusCode).toBe(200);

      vi.setSystemTime(at(2, 0, 1));
      const expired = await fetchSigned(c, morning.url);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error.code).toBe('NOT_FOUND');
      expect((await fetchSigned(c, morning.thumbnailUrl)).statusCode).toBe(404);
      expect((await fetchSigned(c, nextDay.url)).statusCode).toBe(200);
    });
  });
});
