import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityStorages, withinIdentityCall } from '../src/auth/identity-async-context.ts';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/**
 * better-auth's async-local storages are turned off once none of its calls runs
 * (identity-async-context.ts): on Node 20 an enabled storage keeps the process's async hooks on,
 * which every later request pays. Each storage's public `disable()` is watched.
 */
async function watchDisable() {
  const storages = await identityStorages();
  return storages.map((storage) => vi.spyOn(storage, 'disable'));
}
const turnedOff = (spies: { mock: { calls: unknown[] } }[]) =>
  spies.map((spy) => spy.mock.calls.length > 0);

describe.each(databaseKinds)('better-auth between its calls on $name', (kind) => {
  const t = useTestApp(kind);
  // The storages are the process's: other files share it (isolate: false), so no spy outlives a test.
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('signs up, signs in, reads the session, issues tokens and signs out as before', async () => {
    const spies = await watchDisable();
    const user = await t.signUp();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    const session = String(signIn.headers['set-auth-token']);
    const bearer = { authorization: `Bearer ${session}` };
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: bearer,
    });
    expect(read.json<{ user: { id: string } }>().user.id).toBe(user.id);
    const idToken = await t.idTokenFor(session);
    const list = { method: 'GET' as const, url: '/api/v1/locations' };
    const headers = { authorization: `Bearer ${idToken}` };
    expect((await t.app.inject({ ...list, headers })).statusCode).toBe(200);

    // All three, each turned off once the calls ended.
    expect(turnedOff(spies)).toEqual([true, true, true]);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer,
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ ...list, headers })).statusCode).toBe(401);
  });

  it('keeps each call its context while others start and end beside it', async () => {
    const users = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const answers = await Promise.all(
      users.flatMap((user) => [
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: user.email, password: user.password },
        }),
        t.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { authorization: `Bearer ${user.sessionToken}` },
        }),
      ]),
    );
    answers.forEach((answer, index) => {
      expect(answer.statusCode).toBe(200);
      const user = users[Math.floor(index / 2)];
      expect(answer.json<{ user: { id: string } }>().user.id).toBe(user?.id);
    });
    // An endpoint called directly (as the token verifier's key read and the reset page do).
    const { keys } = await t.app.identity.api.getJwks();
    expect(keys.length).toBeGreaterThan(0);
  });

  it('turns the storages off only when the last call in flight ends', async () => {
    const user = await t.signUp();
    const spies = await watchDisable();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withinIdentityCall(async () => {
      await held;
      return t.app.identity.api.getJwks();
    });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { authorization: `Bearer ${user.sessionToken}` },
    });
    expect(read.json<{ user: { id: string } }>().user.id).toBe(user.id);
    // The session read ended while the first call still ran: nothing turned off yet.
    expect(turnedOff(spies)).toEqual([false, false, false]);
    release();
    expect((await first).keys.length).toBeGreaterThan(0);
    expect(turnedOff(spies)).toEqual([true, true, true]);
  });
});
