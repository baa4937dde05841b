import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, hang, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import {
  fallbackClientConfig,
  getClientConfig,
  parseClientConfig,
  resetClientConfigCache,
} from './client-config.ts';

const served = {
  appName: 'Foraging Journal',
  mapStyleUrl: 'https://tiles.example/style.json',
  localMapStyleUrl: '/api/tiles/region/style.json',
  satelliteTilesUrl: 'https://sat.example/{z}/{x}/{y}',
  topoTilesUrl: 'https://topo.example/{z}/{x}/{y}.png',
  geocoderUrl: 'https://geo.example/api',
};

describe('getClientConfig', () => {
  let server: FakeFetch;
  beforeEach(() => {
    resetClientConfigCache();
    server = installFakeFetch();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the server settings once and shares the answer', async () => {
    server.on('GET /api/config', () => json(served));
    const [first, second] = await Promise.all([getClientConfig(), getClientConfig()]);
    expect(first).toEqual(served);
    expect(second).toBe(first);
    expect(await getClientConfig()).toBe(first);
    expect(server.calls.filter((call) => call.url === '/api/config')).toHaveLength(1);
  });

  it('falls back to a plain map when the server answers with an error', async () => {
    server.on('GET /api/config', () => json({ error: 'down' }, 503));
    expect(await getClientConfig()).toEqual(fallbackClientConfig);
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('falls back when the server does not answer within 30 s (the early request included)', async () => {
    vi.useFakeTimers();
    try {
      const { sendEarly } = await import('./early-answer.ts');
      server.on('GET /api/config', hang);
      void sendEarly('/api/config');
      await vi.advanceTimersByTimeAsync(5_000);
      const outcome = vi.fn();
      void getClientConfig().then(outcome);
      await vi.advanceTimersByTimeAsync(29_999);
      expect(outcome).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toHaveBeenCalledWith(fallbackClientConfig);
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back, once, when the network fails', async () => {
    server.on('GET /api/config', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await getClientConfig()).toEqual(fallbackClientConfig);
    expect(await getClientConfig()).toEqual(fallbackClientConfig);
    expect(server.calls).toHaveLength(1);
  });
});

describe('parseClientConfig', () => {
  it('keeps string fields and blanks the rest', () => {
    expect(parseClientConfig({ mapStyleUrl: 5, geocoderUrl: 'https://g' })).toEqual({
      ...fallbackClientConfig,
      geocoderUrl: 'https://g',
    });
    expect(parseClientConfig(null)).toEqual(fallbackClientConfig);
  });
});
