import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { EARLY_ANSWER_MS, fetchOrEarly, forgetEarlyAnswers, sendEarly } from './early-answer.ts';

let server: FakeFetch;
beforeEach(() => {
  forgetEarlyAnswers();
  server = installFakeFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('answers asked for early', () => {
  it('hands a 2xx answer out once, and sends the request once', async () => {
    server.on('GET /api/config', () => json({ appName: 'x' }));
    expect(await Promise.all([sendEarly('/api/config'), sendEarly('/api/config')])).toEqual([
      true,
      true,
    ]);
    const answer = await fetchOrEarly('/api/config');
    expect(await answer.json()).toEqual({ appName: 'x' });
    expect(server.callsTo('GET /api/config')).toHaveLength(1);
    await fetchOrEarly('/api/config');
    expect(server.callsTo('GET /api/config')).toHaveLength(2);
  });

  it('waits for an answer still on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/config', () => new Promise((resolve) => (answer = resolve)));
    void sendEarly('/api/config');
    let taken: Response | undefined;
    void fetchOrEarly('/api/config').then((response) => (taken = response));
    await flush();
    expect(taken).toBeUndefined();
    answer(json({}));
    await flush();
    expect(taken?.status).toBe(200);
    expect(server.calls).toHaveLength(1);
  });

  it('forgets an error answer and a request that got no response: the owner asks the server', async () => {
    server.on('GET /api/config', () => json({ error: 'waking up' }, 503));
    server.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendEarly('/api/auth/get-session')).toBe(false);
    expect(await sendEarly('/api/config')).toBe(false);
    server.on('GET /api/config', () => json({ appName: 'awake' }));
    expect(await (await fetchOrEarly('/api/config')).json()).toEqual({ appName: 'awake' });
    expect(server.callsTo('GET /api/config')).toHaveLength(2);
  });

  it('hands an answer only to a request with the same Authorization header', async () => {
    server.on('GET /api/v1/locations', () => json([]));
    const asUser1 = { headers: { authorization: 'Bearer token-1' } };
    await sendEarly('/api/v1/locations', asUser1);
    await fetchOrEarly('/api/v1/locations');
    expect(server.calls).toHaveLength(2);
    await sendEarly('/api/v1/locations', asUser1);
    await fetchOrEarly('/api/v1/locations', { headers: { authorization: 'Bearer token-2' } });
    expect(server.calls).toHaveLength(4);
    await sendEarly('/api/v1/locations', asUser1);
    await fetchOrEarly('/api/v1/locations', asUser1);
    expect(server.calls).toHaveLength(5);
  });

  it('hands no answer to a write or a conditional GET', async () => {
    server.on('GET /api/v1/locations', () => json([]));
    server.on('POST /api/v1/locations', () => json({ id: 'l1' }, 201));
    await sendEarly('/api/v1/locations');
    expect((await fetchOrEarly('/api/v1/locations', { method: 'POST' })).status).toBe(201);
    await fetchOrEarly('/api/v1/locations', { headers: { 'if-none-match': '"e1"' } });
    expect(server.callsTo('GET /api/v1/locations')).toHaveLength(2);
    // Still there for the plain GET it was sent for.
    await fetchOrEarly('/api/v1/locations');
    expect(server.callsTo('GET /api/v1/locations')).toHaveLength(2);
  });

  it('is for the start-up: an answer nobody took within its time is not handed out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    server.on('GET /api/config', () => json({}));
    await sendEarly('/api/config');
    vi.setSystemTime(Date.now() + EARLY_ANSWER_MS + 1);
    await fetchOrEarly('/api/config');
    expect(server.calls).toHaveLength(2);
    await sendEarly('/api/config');
    vi.setSystemTime(Date.now() + EARLY_ANSWER_MS - 1);
    await fetchOrEarly('/api/config');
    expect(server.calls).toHaveLength(3);
  });

  it('has nothing for a request never sent: it goes to the server', async () => {
    server.on('GET /api/health', () => json({}));
    await fetchOrEarly('/api/health');
    expect(server.calls).toHaveLength(1);
  });
});

describe('the 30 s of an early request (docs/behaviour.md#api-client)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('an early request nobody takes is aborted after 30 s, not before', async () => {
    server.on('GET /api/v1/locations', hang);
    const answered = vi.fn();
    void sendEarly('/api/v1/locations').then(answered);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.calls[0]?.init.signal?.aborted).toBe(false);
    expect(answered).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    expect(answered).toHaveBeenCalledWith(false);
  });

  it("a taken one ends with the taker's signal, the early request aborted with it", async () => {
    server.on('GET /api/v1/locations', hang);
    void sendEarly('/api/v1/locations');
    await vi.advanceTimersByTimeAsync(20_000);
    const taker = new AbortController();
    const outcome = vi.fn();
    fetchOrEarly('/api/v1/locations', { signal: taker.signal }).then(outcome, outcome);
    // The early request's own 30 s no longer count: the taker's do.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(outcome).not.toHaveBeenCalled();
    expect(server.calls[0]?.init.signal?.aborted).toBe(false);
    taker.abort();
    await flush();
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ name: 'AbortError' }));
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it("a taken one whose answer has come is read to its end under the taker's signal", async () => {
    const stream = new TransformStream<Uint8Array, Uint8Array>();
    server.on('GET /api/v1/locations', () => new Response(stream.readable, { status: 200 }));
    await sendEarly('/api/v1/locations');
    const taker = new AbortController();
    const response = await fetchOrEarly('/api/v1/locations', { signal: taker.signal });
    expect(response.status).toBe(200);
    expect(server.calls[0]?.init.signal?.aborted).toBe(false);
    taker.abort();
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
  });
});
