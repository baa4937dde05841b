import { afterEach, describe, expect, it, vi } from 'vitest';
import { tombstoneSweepIntervalMs } from '../src/modules/sync/sweeper.ts';
import { apiClient } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { seedEntry, seedLocation } from './helpers/seed.ts';
import { syncOf } from './helpers/sync.ts';
import type { TestApp, TestUser } from './helpers/test-app.ts';
import { useTestApps } from './helpers/use-test-app.ts';

const dayMs = 24 * 60 * 60 * 1000;
const retentionMs = 90 * dayMs;

/** Signs in again (sessions do not last 90 days) and answers the user with a fresh ID token. */
async function signedInAgain(t: TestApp, user: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  const sessionToken = String(res.headers['set-auth-token']);
  const idToken = await t.idTokenFor(sessionToken);
  return { ...user, sessionToken, idToken, auth: { authorization: `Bearer ${idToken}` } };
}

async function tombstoneCount(t: TestApp, userId: string): Promise<number> {
  const rows = await t.app.db
    .selectFrom('sync_tombstones')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe.each(databaseKinds)('sync tombstones on $name', (kind) => {
  afterEach(() => vi.useRealTimers());
  // Each test builds its app itself, under the fake clock it set up first.
  const apps = useTestApps();

  it('are kept 90 days exactly; a cursor older than a swept one then gets everything, flagged full', async () => {
    const t = await apps.start(kind);
    let user = await t.signUp();
    const kept = await seedLocation(t, user, { name: 'Kept' });
    const doomed = await seedLocation(t, user, { name: 'Doomed' });
    const { entry } = await seedEntry(t, user, doomed.id);
    const { cursor: beforeDeletion } = await syncOf(t, user);

    vi.useFakeTimers({ toFake: ['Date'] });
    const deletedAt = Date.now();
    vi.setSystemTime(deletedAt);
    await apiClient(t.app, user.auth)('DELETE', `/locations/${doomed.id}`);
    const { cursor: afterDeletion } = await syncOf(t, user);
    expect(await tombstoneCount(t, user.id)).toBe(2);

    vi.setSystemTime(deletedAt + retentionMs - 1);
    expect(await t.app.tombstoneSweeper.sweep()).toBe(0);
    user = await signedInAgain(t, user);
    const stillTold = await syncOf(t, user, beforeDeletion);
    expect(stillTold).toMatchObject({
      full: false,
      deleted: { locations: [doomed.id], entries: [entry.id] },
    });

    vi.setSystemTime(deletedAt + retentionMs);
    expect(await t.app.tombstoneSweeper.sweep()).toBe(2);
    expect(await tombstoneCount(t, user.id)).toBe(0);
    // The deletion can no longer be told: the client gets everything and replaces its copy.
    const full = await syncOf(t, user, beforeDeletion);
    expect(full.full).toBe(true);
    expect(full.locations.map((location) => location.id)).toEqual([kept.id]);
    expect(full.preferences).toBeDefined();
    // A cursor taken after the deletion needs none of the swept tombstones.
    expect(await syncOf(t, user, afterDeletion)).toMatchObject({ full: false, locations: [] });
  });

  it("leave other users' tombstones alone until theirs are 90 days old", async () => {
    const t = await apps.start(kind);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const alice = await t.signUp();
    const a = await seedLocation(t, alice);
    await apiClient(t.app, alice.auth)('DELETE', `/locations/${a.id}`);
    vi.setSystemTime(start + dayMs);
    const bob = await t.signUp();
    const b = await seedLocation(t, bob);
    await apiClient(t.app, bob.auth)('DELETE', `/locations/${b.id}`);

    vi.setSystemTime(start + retentionMs);
    expect(await t.app.tombstoneSweeper.sweep()).toBe(1);
    expect(await tombstoneCount(t, alice.id)).toBe(0);
    expect(await tombstoneCount(t, bob.id)).toBe(1);
  });

  it('are swept every hour by a timer in the server, which stops when the server closes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const t = await apps.start(kind);
    const user = await t.signUp();
    const doomed = await seedLocation(t, user);
    await apiClient(t.app, user.auth)('DELETE', `/locations/${doomed.id}`);
    vi.setSystemTime(Date.now() + retentionMs);
    expect(t.app.tombstoneSweeper.running).toBeUndefined();

    vi.advanceTimersByTime(tombstoneSweepIntervalMs - 1);
    expect(t.app.tombstoneSweeper.running).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(t.app.tombstoneSweeper.running).toBeDefined();
    await t.app.tombstoneSweeper.running;
    expect(await tombstoneCount(t, user.id)).toBe(0);

    await t.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
