import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeFetch,
  flush,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

/** The real identity client, token cache and API client against a fake server. */
let server: FakeFetch;
let answerSession: (response: Response) => void = () => undefined;

async function load() {
  vi.resetModules();
  const { refreshSignedInToken } = await import('./refresh-token.ts');
  const { api } = await import('../../lib/api/api-client.ts');
  return { refreshSignedInToken, api };
}

const tokenCalls = () => server.callsTo('GET /api/auth/token').length;

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeFetch();
  signedInServer(server);
  // The first session check answers only when the test says so: after the gate has passed.
  server.on('GET /api/auth/get-session', () => new Promise((r) => (answerSession = r)));
  server.on('GET /api/v1/locations', () => json({ data: [] }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('token refresh after the health check (docs/behaviour.md#readiness-gate)', () => {
  it('waits for the first session report, then refreshes a returning user’s token', async () => {
    const { refreshSignedInToken, api } = await load();
    let done = false;
    const refreshing = refreshSignedInToken().then(() => (done = true));
    await flush(30);
    expect(done).toBe(false);
    answerSession(json({ session: { id: 's' }, user: { id: 'user-1', email: 'a', name: 'a' } }));
    await refreshing;
    expect(tokenCalls()).toBe(1);
    // The API client sends the fresh token without asking for another.
    await api.get('/locations');
    expect(server.callsTo('GET /api/v1/locations')[0]?.headers.authorization).toBe(
      'Bearer token-1',
    );
    expect(tokenCalls()).toBe(1);
  });

  it('refreshes nothing for a visitor who is not signed in', async () => {
    const { refreshSignedInToken } = await load();
    const refreshing = refreshSignedInToken();
    await flush(30);
    answerSession(json(null));
    await refreshing;
    expect(tokenCalls()).toBe(0);
  });

  it('gives up waiting after 10 s when the session check never answers', async () => {
    const { refreshSignedInToken } = await load();
    let done = false;
    void refreshSignedInToken().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(tokenCalls()).toBe(0);
  });

  it('a failed refresh rejects, for the gate to log and carry on', async () => {
    server.on('GET /api/auth/token', () => json({ message: 'down' }, 500));
    const { refreshSignedInToken } = await load();
    const refreshing = refreshSignedInToken();
    await flush(30);
    answerSession(json({ session: { id: 's' }, user: { id: 'user-1', email: 'a', name: 'a' } }));
    await expect(refreshing).rejects.toBeTruthy();
  });
});
