import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { EARLY_ANSWER_MS, forgetEarlyAnswers, sendEarly, takeEarly } from './early-answer.ts';

let server: FakeFetch;
beforeEach(() => {
  forgetEarlyAnswers();
  server = installFakeFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers asked for early', () => {
  it('hands a 2xx answer out once, and sends the request once', async () => {
    server.on('GET /api/config', () => json({ appName: 'x' }));
    expect(await Promise.all([sendEarly('/api/config'), sendEarly('/api/config')])).toEqual([
      true,
      true,
    ]);
    const answer = await takeEarly('/api/config');
    expect(await answer?.json()).toEqual({ appName: 'x' });
    expect(takeEarly('/api/config')).toBeNull();
    expect(server.callsTo('GET /api/config')).toHaveLength(1);
  });

  it('waits for an answer still on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on('GET /api/config', () => new Promise((resolve) => (answer = resolve)));
    void sendEarly('/api/config');
    let taken: Response | null | undefined;
    void takeEarly('/api/config')?.then((response) => (taken = response));
    await flush();
    expect(taken).toBeUndefined();
    answer(json({}));
    await flush();
    expect(taken?.status).toBe(200);
  });

  it('forgets an error answer and a request that got no response', async () => {
    server.on('GET /api/config', () => json({ error: 'waking up' }, 503));
    server.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendEarly('/api/auth/get-session')).toBe(false);
    expect(await sendEarly('/api/config')).toBe(false);
    expect(await takeEarly('/api/auth/get-session')).toBeNull();
    expect(await takeEarly('/api/config')).toBeNull();
  });

  it('hands an answer only to a request with the same Authorization header', async () => {
    server.on('GET /api/v1/locations', () => json([]));
    const asUser1 = { headers: { authorization: 'Bearer token-1' } };
    await sendEarly('/api/v1/locations', asUser1);
    expect(takeEarly('/api/v1/locations')).toBeNull();
    await sendEarly('/api/v1/locations', asUser1);
    expect(takeEarly('/api/v1/locations', 'Bearer token-2')).toBeNull();
    await sendEarly('/api/v1/locations', asUser1);
    expect((await takeEarly('/api/v1/locations', 'Bearer token-1'))?.status).toBe(200);
  });

  it('is for the start-up: an answer nobody took within its time is not handed out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      server.on('GET /api/config', () => json({}));
      await sendEarly('/api/config');
      vi.setSystemTime(Date.now() + EARLY_ANSWER_MS + 1);
      expect(takeEarly('/api/config')).toBeNull();
      await sendEarly('/api/config');
      vi.setSystemTime(Date.now() + EARLY_ANSWER_MS - 1);
      expect((await takeEarly('/api/config'))?.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('has nothing for a request never sent', async () => {
    expect(takeEarly('/api/health')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});
