import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../src/plugins/mail.ts';
import { databaseKinds } from './helpers/databases.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const minute = 60_000;

/**
 * Two client addresses, given to app.inject as remoteAddress (the test app trusts no proxy,
 * so that is the address the server resolves). Guesses alternate between them: the throttle
 * counts per e-mail address, whoever sends.
 */
const clients = ['198.51.100.201', '203.0.113.202'] as const;

describe.each(databaseKinds)('per-account sign-in throttle on $name', (kind) => {
  const t = useTestApp(kind);
  let counter = 0;
  afterEach(() => vi.useRealTimers());

  const signIn = (email: string, password: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: clients[n % 2],
      payload: { email, password },
    });

  /** Wrong passwords from both clients in turn; the statuses they got. */
  async function guess(email: string, times: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++)
      statuses.push((await signIn(email, 'wrong-guess', i)).statusCode);
    return statuses;
  }

  const retryAfterOf = (res: { headers: Record<string, unknown> }) =>
    Number(res.headers['retry-after']);

  function moveClock(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  }

  it('answers the 6th attempt within 15 minutes with 429 and Retry-After, from any address, even with the right password', async () => {
    const user = await t.signUp();
    expect(await guess(user.email, 5)).toEqual([401, 401, 401, 401, 401]);
    for (const n of [0, 1]) {
      const res = await signIn(user.email, user.password, n);
      expect(res.statusCode).toBe(429);
      expect(retryAfterOf(res)).toBeGreaterThan(0);
      expect(retryAfterOf(res)).toBeLessThanOrEqual(60);
      expect(res.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/try again/i),
      });
    }
  });

  it('gives an unknown address exactly the same answers', async () => {
    const user = await t.signUp();
    const unknown = `nobody-${kind.name}-${++counter}-${Date.now()}@example.com`;
    const known = [...(await guess(user.email, 6))];
    const unknownStatuses = [...(await guess(unknown, 6))];
    expect(unknownStatuses).toEqual(known);
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    const a = await signIn(user.email, 'x', 0);
    const b = await signIn(unknown, 'x', 1);
    expect(b.json()).toEqual(a.json());
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
  });

  it('backs off 1, 2, 4, 8 minutes, then never more than 15', async () => {
    const user = await t.signUp();
    await guess(user.email, 5);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const locked = await signIn(user.email, 'wrong-guess', i);
      expect(locked.statusCode).toBe(429);
      const wait = retryAfterOf(locked);
      waits.push(wait);
      moveClock(wait * 1000);
      // The lock is over: one more guess is heard (and fails), which starts the next lock.
      expect((await signIn(user.email, 'wrong-guess', i + 1)).statusCode).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('lets the right password through once the lock is over, and that success starts afresh', async () => {
    const user = await t.signUp();
    await guess(user.email, 5);
    expect((await signIn(user.email, user.password, 0)).statusCode).toBe(429);
    moveClock(minute);
    expect((await signIn(user.email, user.password, 1)).statusCode).toBe(200);
    expect(await guess(user.email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('forgets failures after 15 quiet minutes', async () => {
    const user = await t.signUp();
    expect(await guess(user.email, 4)).toEqual([401, 401, 401, 401]);
    moveClock(15 * minute);
    expect(await guess(user.email, 4)).toEqual([401, 401, 401, 401]);
    expect((await signIn(user.email, user.password, 0)).statusCode).toBe(200);
  });

  it('does not count answers that tested no password', async () => {
    const user = await t.signUp();
    await guess(user.email, 4);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: 42 },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(user.email, user.password, 0)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('password-reset mail cap on $name', (kind) => {
  const sent: Mail[] = [];
  const t = useTestApp(kind, {
    overrides: { mailer: { send: async (mail) => void sent.push(mail) } },
  });
  afterEach(() => vi.useRealTimers());

  const ask = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/login' },
    });
  const mailsTo = (email: string) => sent.filter((mail) => mail.to === email).length;

  it('sends at most 3 a recipient an hour, and the answer does not tell', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ask(user.email);
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(mailsTo(user.email)).toBe(3);
    // Another recipient has a cap of their own.
    expect((await ask(other.email)).statusCode).toBe(200);
    expect(mailsTo(other.email)).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    await ask(user.email);
    expect(mailsTo(user.email)).toBe(3);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await ask(user.email)).body).toBe(answers[0]);
    expect(mailsTo(user.email)).toBe(4);
  });
});
