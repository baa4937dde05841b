import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createInProcessBroadcaster } from '../src/auth/revocation/broadcaster.ts';
import type { Mail } from '../src/plugins/mail.ts';
import { databaseKinds } from './helpers/databases.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** The documented promise (docs/behaviour.md#revocation): a revoked ID token is refused within 5 s. */
const revocationDeadlineMs = 5000;

/** The status /api/v1 answers this ID token with, once it is 401 or the deadline has passed. */
async function statusOnceRefused(app: FastifyInstance, idToken: string): Promise<number> {
  const deadline = Date.now() + revocationDeadlineMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: { authorization: `Bearer ${idToken}` },
    });
    if (res.statusCode === 401 || Date.now() >= deadline) return res.statusCode;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('ID tokens of ended sessions on $name', (kind) => {
  const sent: Mail[] = [];
  const broadcaster = createInProcessBroadcaster();
  const t = useTestApp(kind, {
    overrides: {
      mailer: { send: async (mail) => void sent.push(mail) },
      revocationBroadcaster: broadcaster,
    },
  });

  afterEach(() => vi.useRealTimers());

  const listWith = (idToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/locations',
      headers: { authorization: `Bearer ${idToken}` },
    });

  const authCall = (path: string, sessionToken: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth${path}`,
      headers: { authorization: `Bearer ${sessionToken}` },
      payload,
    });

  /** A second device of the same user: its own session and ID token. */
  async function signInAgain(user: TestUser, password = user.password) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password },
    });
    expect(res.statusCode).toBe(200);
    const sessionToken = String(res.headers['set-auth-token']);
    return { sessionToken, idToken: await t.idTokenFor(sessionToken) };
  }

  it('names the session in the ID token', async () => {
    const user = await t.signUp();
    const [, payload = ''] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims.sub).toBe(user.id);
    expect(claims.sid).toEqual(expect.any(String));
  });

  it('refuses the ID token after sign-out, and only that session’s', async () => {
    const user = await t.signUp();
    const other = await signInAgain(user);
    expect((await listWith(user.idToken)).statusCode).toBe(200);

    expect((await authCall('/sign-out', user.sessionToken)).statusCode).toBe(200);
    // At once, not merely within the deadline: this server holds the revocation in memory.
    expect((await listWith(user.idToken)).statusCode).toBe(401);
    expect((await listWith(other.idToken)).statusCode).toBe(200);
  });

  it('refuses every ID token issued before a password change; the new session works', async () => {
    const user = await t.signUp();
    const other = await signInAgain(user);
    // The client does not ask to end the other sessions: the server does it anyway.
    const res = await authCall('/change-password', user.sessionToken, {
      currentPassword: user.password,
      newPassword: 'hedgehog-mushroom',
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOnceRefused(t.app, user.idToken)).toBe(401);
    expect(await statusOnceRefused(t.app, other.idToken)).toBe(401);

    const newSession = res.json<{ token: string | null }>().token;
    expect(newSession).toEqual(expect.any(String));
    const fresh = await t.idTokenFor(String(newSession));
    expect((await listWith(fresh)).statusCode).toBe(200);
  });

  it('refuses every ID token of the user after a password reset', async () => {
    const user = await t.signUp();
    const other = await signInAgain(user);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/login' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = sent.findLast((item) => item.to === user.email);
    const token = /reset-password\?token=([^\s"<]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/reset-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: decodeURIComponent(token ?? ''),
        password: 'morel-season',
        confirm: 'morel-season',
      }).toString(),
    });
    expect(reset.statusCode).toBe(303); // the page redirects to its "done" view
    expect(await statusOnceRefused(t.app, user.idToken)).toBe(401);
    expect(await statusOnceRefused(t.app, other.idToken)).toBe(401);
  });

  it('answers a deleted user 401 on reads and writes, never 500', async () => {
    const user = await t.signUp();
    const other = await signInAgain(user);
    const deleted = await authCall('/delete-user', user.sessionToken, { password: user.password });
    expect(deleted.statusCode).toBe(200);
    for (const idToken of [user.idToken, other.idToken]) {
      expect(await statusOnceRefused(t.app, idToken)).toBe(401);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { authorization: `Bearer ${idToken}` },
        payload: { name: 'Ghost grove', position: { lat: 60, lng: 15 } },
      });
      expect(write.statusCode).toBe(401);
      const prefs = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/preferences/tutorial',
        headers: { authorization: `Bearer ${idToken}` },
        payload: { show: false },
      });
      expect(prefs.statusCode).toBe(401);
    }
  });

  it('tells a second server sharing the broadcaster, and a server started later, from memory', async () => {
    const user = await t.signUp();
    const keeper = await t.signUp();
    const second = await buildApp(t.config, { revocationBroadcaster: broadcaster });
    try {
      const onSecond = (idToken: string) =>
        second.inject({
          method: 'GET',
          url: '/api/v1/locations',
          headers: { authorization: `Bearer ${idToken}` },
        });
      expect((await onSecond(user.idToken)).statusCode).toBe(200);
      expect((await authCall('/sign-out', user.sessionToken)).statusCode).toBe(200);
      expect(await statusOnceRefused(second, user.idToken)).toBe(401);
      expect((await onSecond(keeper.idToken)).statusCode).toBe(200);
    } finally {
      await second.close();
    }

    // A restart within the hour: the revocation comes from the table, not from a broadcast.
    const restarted = await buildApp(t.config);
    try {
      expect(await statusOnceRefused(restarted, user.idToken)).toBe(401);
      expect(
        (
          await restarted.inject({
            method: 'GET',
            url: '/api/v1/locations',
            headers: keeper.auth,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('forgets a revocation once the token lifetime is over', async () => {
    const user = await t.signUp();
    expect((await authCall('/sign-out', user.sessionToken)).statusCode).toBe(200);
    const stored = () => t.app.db.selectFrom('revoked_sessions').select('session_id').execute();
    expect((await stored()).length).toBeGreaterThan(0);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const restarted = await buildApp(t.config);
    try {
      // Every row was older than the longest-lived token: the start-up read dropped them.
      expect(await stored()).toEqual([]);
      expect(restarted.sessionRevocations.isRevoked('any')).toBe(false);
    } finally {
      await restarted.close();
    }
  });
});
