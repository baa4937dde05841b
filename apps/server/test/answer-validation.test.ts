import { describe, expect, it } from 'vitest';
import { sqlite } from './helpers/databases.ts';
import { seedLocation } from './helpers/seed.ts';
import type { TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** A location whose stored latitude no answer may carry, written behind the API's back. */
async function userWithBadRow(t: TestApp) {
  const user = await t.signUp();
  const location = await seedLocation(t, user);
  await t.app.db.updateTable('locations').set({ lat: 123 }).where('id', '=', location.id).execute();
  return user;
}

describe('whole-list answers checked against their schema', () => {
  describe('outside production (tests, development)', () => {
    const t = useTestApp(sqlite);

    it('refuse to send what the contract does not allow: a logged 500 in the error shape', async () => {
      const user = await userWithBadRow(t);
      for (const url of ['/api/v1/locations', '/api/v1/sync']) {
        const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
        expect(res.statusCode, url).toBe(500);
        expect(res.json(), url).toEqual({
          error: { code: 'INTERNAL', message: expect.any(String) },
        });
      }
    });
  });

  describe('in production', () => {
    const t = useTestApp(sqlite, { env: { NODE_ENV: 'production' } });

    it('send plain JSON.stringify without checking', async () => {
      const user = await userWithBadRow(t);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/locations',
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { position: { lat: number } }[] }>().data[0]?.position.lat).toBe(123);
    });
  });
});
