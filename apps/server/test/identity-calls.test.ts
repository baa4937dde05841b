import { describe, expect, it } from 'vitest';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(databaseKinds)('better-auth calls on $name', (kind) => {
  const t = useTestApp(kind);

  it('signs up, signs in, reads the session, issues tokens and signs out', async () => {
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

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer,
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect((await t.app.inject({ ...list, headers })).statusCode).toBe(401);
  });

  it('answers each of several concurrent calls with its own user', async () => {
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
});
