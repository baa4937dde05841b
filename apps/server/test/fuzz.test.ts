import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorBodySchema } from '@fj/contract/errors';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseKinds } from './helpers/databases.ts';
import { fuzzRequest, type FuzzRequest } from './helpers/fuzz-requests.ts';
import { photoDir, storedPhotoFiles, uploadedPhoto } from './helpers/photos.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** At least 5,000 requests per run, shared by the databases that run. */
const totalRequests = Number(process.env.FUZZ_REQUESTS ?? 5000);
const perDatabase = Math.ceil(totalRequests / databaseKinds.length);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const slowMs = 200;
/**
 * Routes that hash or check a password spend about 100 ms of scrypt on this machine by design
 * (better-auth's parameters; 91-174 ms measured quiet), so twice that on a busy CI machine.
 */
const passwordRoutes = /^\/api\/auth\/(sign-in|sign-up|delete-user|change-password|reset-password)/;
const passwordSlowMs = 500;
const boundOf = (url: unknown) => (passwordRoutes.test(String(url)) ? passwordSlowMs : slowMs);
/** The first requests warm up code paths and JIT; their times are not judged. */
const warmUp = 50;
/** better-auth answers its own errors as { message, code }. */
const identityErrorSchema = z.object({ message: z.string(), code: z.string().optional() });

/** Everything the second user owns, as bytes: rows of every table and the photo files. */
async function snapshot(t: TestApp, user: TestUser): Promise<string> {
  const db = t.app.db;
  const rows = {
    user: await db.selectFrom('user').selectAll().where('id', '=', user.id).execute(),
    account: (await sql`select * from account where "userId" = ${user.id}`.execute(db)).rows,
    preferences: await db.selectFrom('preferences').selectAll().where('id', '=', user.id).execute(),
    locations: await db
      .selectFrom('locations')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute(),
    entries: await db
      .selectFrom('entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute(),
    photos: await db
      .selectFrom('photos')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute(),
  };
  const files = storedPhotoFiles(t)
    .filter((file) => file.startsWith(`${user.id}/`))
    .map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(photoDir(t), file)))
        .digest('hex'),
    ]);
  return JSON.stringify({ rows, files });
}

function checkAnswer(request: FuzzRequest, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  if (res.rawPayload.length >= 16 * 1024) return `error answer of ${res.rawPayload.length} bytes`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `error answer is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (errorBodySchema.safeParse(body).success) return undefined;
  if (request.auth && identityErrorSchema.safeParse(body).success) return undefined;
  return `error answer not in the error shape: ${res.body.slice(0, 200)}`;
}

describe.each(databaseKinds.map((kind, index) => ({ ...kind, index })))(
  'fuzzing every route on $name',
  (kind) => {
    const t = useTestApp(kind, { overrides: { mailer: { send: async () => {} } } });
    let victim: TestUser;
    let before: string;
    let request: fc.Arbitrary<FuzzRequest>;

    beforeAll(async () => {
      const [fuzzer, identityFuzzer] = [await t.signUp(), await t.signUp()];
      victim = await t.signUp();
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();
      const ids = { locations: [] as string[], entries: [] as string[] };
      for (const user of [fuzzer, victim]) {
        const call = (method: 'POST', url: string, payload: object) =>
          t.app.inject({ method, url: `/api/v1${url}`, headers: user.auth, payload });
        await call('POST', '/preferences', { id: user.id });
        const location = (
          await call('POST', '/locations', {
            name: 'Spruce bog',
            position: { lat: 59.3, lng: 18.1 },
          })
        ).json<{ id: string }>();
        const photo = await uploadedPhoto(t, user, png);
        const entry = (
          await call('POST', `/locations/${location.id}/entries`, {
            date: '2026-09-12',
            notes: 'moss',
            photos: [photo],
          })
        ).json<{ location: { entries: { id: string }[] } }>().location.entries[0];
        ids.locations.push(location.id);
        if (entry) ids.entries.push(entry.id);
      }
      request = fuzzRequest({
        auth: fuzzer.auth,
        sessionToken: identityFuzzer.sessionToken,
        locationIds: ids.locations,
        entryIds: ids.entries,
        png,
        remoteAddress: `203.0.113.${kind.index + 1}`,
      });
      before = await snapshot(t, victim);
    });

    it(`answers ${perDatabase} fuzzed requests without a 5xx, in the error shape, each under ${slowMs} ms (${passwordSlowMs} ms with a password)`, async () => {
      const statuses = new Map<number, number>();
      let sent = 0;
      let slowest = 0;
      const send = async (options: FuzzRequest['options']) => {
        const start = performance.now();
        const res = await t.app.inject(options);
        return { res, ms: performance.now() - start };
      };
      await fc
        .assert(
          fc.asyncProperty(request, async (fuzz) => {
            const { res, ms } = await send(fuzz.options);
            sent++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const problem = checkAnswer(fuzz, res);
            if (problem)
              throw new Error(
                `${fuzz.options.method} ${String(fuzz.options.url).slice(0, 200)} ${problem}`,
              );
            if (sent <= warmUp) return;
            slowest = Math.max(slowest, ms);
            // One slow answer may be a GC pause or a busy CPU: only a request slow three times fails.
            const bound = boundOf(fuzz.options.url);
            if (ms > bound) {
              const retries = [(await send(fuzz.options)).ms, (await send(fuzz.options)).ms];
              if (Math.min(...retries) > bound) {
                throw new Error(
                  `${fuzz.options.method} ${String(fuzz.options.url).slice(0, 200)} took ${Math.round(Math.min(ms, ...retries))} ms`,
                );
              }
            }
          }),
          { numRuns: perDatabase, seed: seed + kind.index, endOnFailure: true },
        )
        .catch((error: unknown) => {
          throw new Error(
            `fuzz failed with FUZZ_SEED=${seed} (${kind.name}, seed ${seed + kind.index}): ${String(error)}`,
          );
        });
      console.log(
        `fuzz ${kind.name}: ${sent} requests, seed ${seed}, slowest ${slowest.toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      expect(sent).toBeGreaterThanOrEqual(perDatabase);
      expect(await snapshot(t, victim)).toBe(before);
    }, 120_000);
  },
);
