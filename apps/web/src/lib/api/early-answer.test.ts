import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, flush, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { forgetEarlyAnswers, sendEarly, takeEarly } from './early-answer.ts';

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

  it('has nothing for a request never sent', async () => {
    expect(takeEarly('/api/health')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});
