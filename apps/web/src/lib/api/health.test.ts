import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { checkHealth } from './health.ts';
import { serverReachability } from './server-reachability.ts';

let server: FakeFetch;
beforeEach(() => {
  vi.useFakeTimers();
  server = installFakeFetch();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('checkHealth', () => {
  it('calls GET /api/health (not under /api/v1) with credentials and no-cache (docs/behaviour.md#endpoints)', async () => {
    server.on('GET /api/health', () => json({ status: 'ok' }));
    await expect(checkHealth()).resolves.toBe('up');
    const call = server.calls[0];
    expect(call?.url).toBe('/api/health');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.cache).toBe('no-cache');
    expect(call?.headers.authorization).toBeUndefined();
  });

  it.each([200, 204, 299])('any ok status (%i) is success', async (status) => {
    server.on('GET /api/health', () => new Response(null, { status }));
    await expect(checkHealth()).resolves.toBe('up');
  });

  it('reads the answer to its end, so the request does not stay open', async () => {
    const answer = json({ status: 'ok' });
    server.on('GET /api/health', () => answer);
    await expect(checkHealth()).resolves.toBe('up');
    expect(answer.bodyUsed).toBe(true);
  });

  it('a failing status is "starting" (the server is there); a network error is "unreachable"', async () => {
    server.on('GET /api/health', () => json({ status: 'degraded' }, 503));
    await expect(checkHealth()).resolves.toBe('starting');
    expect(serverReachability.reach()).toBe('answers');
    server.on('GET /api/health', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkHealth()).resolves.toBe('unreachable');
    expect(serverReachability.reach()).toBe('lost');
  });

  it('is aborted after 15000 ms, not before: no response', async () => {
    server.on('GET /api/health', hang);
    const result = vi.fn();
    void checkHealth().then(result);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(result).not.toHaveBeenCalled();
    expect(server.calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toHaveBeenCalledWith('unreachable');
  });
});
