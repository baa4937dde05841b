import { locationListSchema } from '@fj/contract/locations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  type FakeFetch,
  flush,
  hang,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

const URL_LOCATIONS = '/api/v1/locations';
let server: FakeFetch;

/** Fresh singletons (identity, token cache, readiness) for every test. */
async function load() {
  vi.resetModules();
  const { api } = await import('./api-client.ts');
  const { identity } = await import('../identity/identity.ts');
  const { ApiError } = await import('./api-error.ts');
  return { api, identity, ApiError };
}

beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('go to /api/v1 with credentials and the bearer token of the signed-in user', async () => {
    signedInServer(server);
    server.on(`POST ${URL_LOCATIONS}`, () => json({ id: 'l1' }, 201));
    const { api } = await load();
    await expect(api.post(`/locations`, { name: 'Glade' })).resolves.toEqual({ id: 'l1' });
    const call = server.callsTo(`POST ${URL_LOCATIONS}`)[0];
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers.authorization).toBe('Bearer token-1');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({ name: 'Glade' });
  });

  it('reuse the cached token', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: [] }));
    const { api } = await load();
    await api.get('/locations');
    await api.get('/locations');
    expect(server.callsTo('GET /api/auth/token')).toHaveLength(1);
  });

  it('drop the cached token when the signed-in uid changes', async () => {
    signedInServer(server, 'u1');
    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: [] }));
    server.on('POST /api/auth/sign-in/email', () =>
      json({ user: { id: 'u2', email: 'b@example.com', name: 'b' } }),
    );
    const { api, identity } = await load();
    await api.get('/locations');
    await identity.signIn('b@example.com', 'secret1');
    await api.get('/locations');
    const bearers = server.callsTo(`GET ${URL_LOCATIONS}`).map((c) => c.headers.authorization);
    expect(bearers).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('carry no bearer when nobody is signed in', async () => {
    server.on('GET /api/auth/get-session', () => json(null));
    server.on('GET /api/v1/ping', () => json({ ok: true }));
    const { api } = await load();
    await api.get('/ping');
    expect(server.callsTo('GET /api/v1/ping')[0]?.headers.authorization).toBeUndefined();
  });

  it("read a 2xx answer with the contract's schema; a mismatch is an ApiError", async () => {
    signedInServer(server);
    let answer: unknown = { data: [] };
    server.on(`GET ${URL_LOCATIONS}`, () => json(answer));
    const { api, ApiError } = await load();
    await expect(api.get('/locations', locationListSchema)).resolves.toEqual({ data: [] });
    answer = { data: [{ id: 'l1' }] };
    const failure = api.get('/locations', locationListSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('data.0.name') as unknown,
    });
  });

  it.each([200, 201, 204, 299])('count status %i as success', async (status) => {
    signedInServer(server);
    server.on('PUT /api/v1/thing', () => (status === 204 ? empty() : json({ ok: 1 }, status)));
    const { api } = await load();
    await expect(api.put('/thing', {})).resolves.toEqual(status === 204 ? undefined : { ok: 1 });
  });

  it.each([300, 400, 404, 500])('reject status %i with an ApiError', async (status) => {
    signedInServer(server);
    server.on('DELETE /api/v1/thing', () => json({}, status));
    const { api } = await load();
    await expect(api.delete('/thing')).rejects.toMatchObject({ status });
  });

  it("carry the server's { error: { code, message, fields } } in the ApiError", async () => {
    signedInServer(server);
    server.on(`POST ${URL_LOCATIONS}`, () =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'name: Too small',
            fields: { name: 'Too small' },
          },
        },
        400,
      ),
    );
    const { api, ApiError } = await load();
    const failure = api.post('/locations', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'name: Too small',
      fields: { name: 'Too small' },
    });
  });

  it('are aborted after 30000 ms, not before', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, hang);
    const { api } = await load();
    const outcome = vi.fn();
    api.get('/locations').then(outcome, outcome);
    await flush(40);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ code: 'TIMEOUT', status: 0 }));
  });

  it('turn a network failure into an ApiError', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () => Promise.reject(new TypeError('Failed to fetch')));
    const { api } = await load();
    await expect(api.get('/locations')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('auth readiness', () => {
  it('the first request waits for the first state report at most 10 s, then goes anyway', async () => {
    server.on('GET /api/auth/get-session', hang);
    server.on(`GET ${URL_LOCATIONS}`, () => json([]));
    const { api } = await load();
    const done = vi.fn();
    void api.get('/locations').then(done);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(1);
    expect(done).toHaveBeenCalled();
  });

  it('each later request waits at most 5 s', async () => {
    server.on('GET /api/auth/get-session', hang);
    server.on(`GET ${URL_LOCATIONS}`, () => json([]));
    const { api } = await load();
    void api.get('/locations');
    await vi.advanceTimersByTimeAsync(10_000);
    void api.get('/locations');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(2);
  });

  it('goes as soon as the state is reported', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/auth/get-session', () => new Promise((resolve) => (answer = resolve)));
    server.on('GET /api/auth/token', () => json({ token: 'jwt' }));
    server.on(`GET ${URL_LOCATIONS}`, () => json([]));
    const { api } = await load();
    void api.get('/locations');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(0);
    answer(json({ user: { id: 'u1', email: 'a@example.com', name: 'a' } }));
    await flush(40);
    const call = server.callsTo(`GET ${URL_LOCATIONS}`)[0];
    expect(call?.headers.authorization).toBe('Bearer jwt');
  });
});

describe('401 handling', () => {
  it('retries once after a forced token refresh, with the new bearer token', async () => {
    const tokens = signedInServer(server);
    let attempts = 0;
    server.on(`GET ${URL_LOCATIONS}`, () =>
      ++attempts === 1
        ? json({ error: { code: 'UNAUTHORIZED', message: 'A valid ID token is required' } }, 401)
        : json({ data: [] }),
    );
    const { api } = await load();
    await expect(api.get('/locations')).resolves.toEqual({ data: [] });
    const bearers = server.callsTo(`GET ${URL_LOCATIONS}`).map((c) => c.headers.authorization);
    expect(bearers).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(tokens.issued()).toBe(2);
  });

  it('retries only once', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () =>
      json({ error: { code: 'UNAUTHORIZED', message: 'nope' } }, 401),
    );
    const { api } = await load();
    await expect(api.get('/locations')).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(2);
  });

  it('when the refresh fails: clears the cached token, rejects, and stays on the page', async () => {
    signedInServer(server);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let tokenCalls = 0;
    server.on('GET /api/auth/token', () =>
      ++tokenCalls === 2 ? json({ message: 'down' }, 500) : json({ token: `token-${tokenCalls}` }),
    );
    let attempts = 0;
    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: [] }, ++attempts === 1 ? 401 : 200));
    const { api } = await load();
    await expect(api.get('/locations')).rejects.toMatchObject({ status: 401 });
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();

    // The cached token was cleared: the next request asks for a new one.
    await api.get('/locations');
    expect(tokenCalls).toBe(3);
    expect(server.calls.at(-1)?.headers.authorization).toBe('Bearer token-3');
  });

  it("sends the browser to /login when the refresh fails with 'auth/user-token-expired'", async () => {
    signedInServer(server);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let tokenCalls = 0;
    server.on('GET /api/auth/token', () =>
      ++tokenCalls === 1 ? json({ token: 'token-1' }) : json({ message: 'gone' }, 401),
    );
    server.on(`GET ${URL_LOCATIONS}`, () => json({ error: { code: 'UNAUTHORIZED' } }, 401));
    const { api } = await load();
    await expect(api.get('/locations')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledExactlyOnceWith('/login');
  });
});

describe('conditional GETs (docs/behaviour.md#api-client)', () => {
  const withEtag = (body: unknown, etag: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', etag, ...headers },
    });
  const notModified = (headers: Record<string, string> = {}) =>
    new Response(null, { status: 304, headers });
  const sentEtags = (key: string) =>
    server.callsTo(key).map((call) => call.headers['if-none-match']);

  it('send the remembered ETag, and answer the remembered body, read with the schema, on a 304', async () => {
    signedInServer(server);
    const list = { data: [] };
    server.on(`GET ${URL_LOCATIONS}`, () => withEtag(list, '"l1"'));
    const { api } = await load();
    await expect(api.get('/locations', locationListSchema)).resolves.toEqual(list);
    server.on(`GET ${URL_LOCATIONS}`, () => notModified());
    await expect(api.get('/locations', locationListSchema)).resolves.toEqual(list);
    await expect(api.get('/locations', locationListSchema)).resolves.toEqual(list);
    expect(sentEtags(`GET ${URL_LOCATIONS}`)).toEqual([undefined, '"l1"', '"l1"']);
  });

  it('take the answer of a GET the start-up sent early with the same token, and remember its ETag', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () => withEtag({ data: ['early'] }, '"e1"'));
    const { api } = await load();
    const { sendEarly } = await import('./early-answer.ts');
    await sendEarly(URL_LOCATIONS, { headers: { authorization: 'Bearer token-1' } });
    await expect(api.get('/locations')).resolves.toEqual({ data: ['early'] });
    expect(sentEtags(`GET ${URL_LOCATIONS}`)).toEqual([undefined]);
    server.on(`GET ${URL_LOCATIONS}`, () => notModified());
    await expect(api.get('/locations')).resolves.toEqual({ data: ['early'] });
    expect(sentEtags(`GET ${URL_LOCATIONS}`)).toEqual([undefined, '"e1"']);
  });

  it('end a stalled early GET they took within their own 30 s, as a time-out; the next request asks the server', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, hang);
    const { api } = await load();
    const { sendEarly } = await import('./early-answer.ts');
    void sendEarly(URL_LOCATIONS, { headers: { authorization: 'Bearer token-1' } });
    await vi.advanceTimersByTimeAsync(5_000);
    const outcome = vi.fn();
    api.get('/locations').then(outcome, outcome);
    await flush(20);
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ code: 'TIMEOUT', status: 0 }));
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)[0]?.init.signal?.aborted).toBe(true);

    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: ['fresh'] }));
    await expect(api.get('/locations')).resolves.toEqual({ data: ['fresh'] });
  });

  it("ask the server themselves when the early GET went with another user's token", async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: ['theirs'] }));
    const { api } = await load();
    const { sendEarly } = await import('./early-answer.ts');
    await sendEarly(URL_LOCATIONS, { headers: { authorization: 'Bearer someone-else' } });
    server.on(`GET ${URL_LOCATIONS}`, () => json({ data: ['mine'] }));
    await expect(api.get('/locations')).resolves.toEqual({ data: ['mine'] });
    expect(server.callsTo(`GET ${URL_LOCATIONS}`)).toHaveLength(2);
  });

  it('remember the newer answer when the server sends one', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () => withEtag({ data: [] }, '"l1"'));
    const { api } = await load();
    await api.get('/locations');
    server.on(`GET ${URL_LOCATIONS}`, () => withEtag({ data: ['newer'] }, '"l2"'));
    await expect(api.get('/locations')).resolves.toEqual({ data: ['newer'] });
    server.on(`GET ${URL_LOCATIONS}`, () => notModified());
    await expect(api.get('/locations')).resolves.toEqual({ data: ['newer'] });
    expect(sentEtags(`GET ${URL_LOCATIONS}`)).toEqual([undefined, '"l1"', '"l2"']);
  });

  it('read headers of the 304 first, then those of the remembered answer', async () => {
    signedInServer(server);
    server.on(`GET ${URL_LOCATIONS}`, () =>
      withEtag({ data: [] }, '"l1"', { 'sync-cursor': 'c1', 'x-kept': 'old' }),
    );
    const { api } = await load();
    await api.getWithHeaders('/locations', locationListSchema);
    server.on(`GET ${URL_LOCATIONS}`, () => notModified({ 'sync-cursor': 'c2' }));
    const again = await api.getWithHeaders('/locations', locationListSchema);
    expect(again.data).toEqual({ data: [] });
    expect(again.header('sync-cursor')).toBe('c2');
    expect(again.header('x-kept')).toBe('old');
    expect(again.header('x-none')).toBeNull();
  });

  it('send no ETag for writes, for answers that had none, after logout, or for another user', async () => {
    signedInServer(server, 'u1');
    server.on(`GET ${URL_LOCATIONS}`, () => withEtag({ data: [] }, '"l1"'));
    server.on(`POST ${URL_LOCATIONS}`, () => json({ id: 'l1' }, 201));
    server.on('GET /api/v1/plain', () => json({ ok: true }));
    server.on('POST /api/auth/sign-in/email', () =>
      json({ user: { id: 'u2', email: 'b@example.com', name: 'b' } }),
    );
    const { api, identity } = await load();
    await api.get('/locations');
    await api.post('/locations', { name: 'Glade' });
    await api.get('/plain');
    await api.get('/plain');
    expect(server.callsTo(`POST ${URL_LOCATIONS}`)[0]?.headers['if-none-match']).toBeUndefined();
    expect(sentEtags('GET /api/v1/plain')).toEqual([undefined, undefined]);

    api.forgetAnswers();
    await api.get('/locations');
    await identity.signIn('b@example.com', 'secret1');
    await api.get('/locations');
    expect(sentEtags(`GET ${URL_LOCATIONS}`)).toEqual([undefined, undefined, undefined]);
  });
});
